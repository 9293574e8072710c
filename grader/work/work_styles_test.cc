// The work figure measures where work is done, not how the C is spelt (issue 39). Every `# render:
// work` test of the week-3 suite is counted (measure_work, the grader's real counter and valgrind,
// without a sandbox: the sandbox is not what is tested) for the oracle's C and for the same
// placement written two other ways an independent student writes it:
//   - helpers and temporaries: every operation through a small function of the student's own
//     (wrap-around i32 arithmetic, f32 arithmetic, loads and stores), each value copied once more;
//   - pointers: buffers read and written through pointer arithmetic (`*(data0 + k)`), the i32
//     wrap-around written inline, no copies of index values.
// Each reads 1.00x the oracle's work within kStyleTolerance. Then, where the oracle places a
// statement outside an inner loop that a student could move into it, that statement one loop too
// deep costs more than the tolerance and is the first hot line, named for what it computes.
//
// Cost: 18 compiles and valgrind runs of tiny kernels, one thread per work test (11 s on this
// project's 2-core machine under a load of 13); the figure's claim is about every work test, so it
// counts all.
#include <algorithm>
#include <future>
#include <iostream>
#include <regex>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "base/file_text.h"
#include "grader/work/work_counter.h"
#include "grader/work/work_measure.h"
#include "oracle/oracle.h"
#include "sandbox/process.h"
#include "testcase/expected.h"
#include "testcase/case_headers.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

/// How far an honest spelling's figure may read from 1.00x: measured exactly 1.000x above or at it
/// on every work test. Below 1.00x it may read lower where gcc reuses an address that the oracle's indexing
/// recomputes (sibling_reduction's accumulator through a pointer: 0.89x); a lower figure costs no
/// student a point, so only the upper bound is the tolerance.
constexpr double kStyleTolerance = 0.02;
constexpr double kLowestHonestRatio = 0.85;

std::string replace_all(const std::string& text, const std::string& pattern, const std::string& with) {
  return std::regex_replace(text, std::regex(pattern), with);
}

constexpr const char* kStudentHelpers =
    "static int32_t wrap_add(int32_t a, int32_t b) { uint32_t s = (uint32_t)a + (uint32_t)b; return (int32_t)s; }\n"
    "static int32_t wrap_mul(int32_t a, int32_t b) { uint32_t p = (uint32_t)a * (uint32_t)b; return (int32_t)p; }\n"
    "static float f_add(float a, float b) { return a + b; }\n"
    "static float f_mul(float a, float b) { return a * b; }\n"
    "static float load_f32(const float *buffer, int32_t k) { return buffer[k]; }\n"
    "static void store_f32(float *buffer, int32_t k, float value) { buffer[k] = value; }\n\n";

/// Every operation through a helper of the student's, every value copied once more.
std::string helpers_and_temporaries(std::string c) {
  c = replace_all(c, R"((= )uir_add_i32\()", "$1wrap_add(");
  c = replace_all(c, R"((= )uir_mul_i32\()", "$1wrap_mul(");
  c = replace_all(c, R"(float (\w+) = (\S+) \+ (\S+);)", "float $1 = f_add($2, $3);");
  c = replace_all(c, R"(float (\w+) = (\S+) \* (\S+);)", "float $1 = f_mul($2, $3);");
  c = replace_all(c, R"(float (\w+) = (data\d+|alloc\w+)\[(\w+)\];)", "float $1 = load_f32($2, $3);");
  c = replace_all(c, R"((data\d+|alloc\w+)\[(\w+)\] = (\S+);)", "store_f32($1, $2, $3);");
  c = replace_all(c, R"((\n *)(int32_t|float) (v\w+) = ([^;]+);)", "$1$2 $3_t = $4;$1$2 $3 = $3_t;");
  return c.insert(c.find("int32_t kernel("), kStudentHelpers);
}

/// Buffers through pointer arithmetic, wrap-around inline, index copies substituted away.
std::string pointers(std::string c) {
  c = replace_all(c, R"(uir_add_i32\((\w+), (-?\w+)\))", "(int32_t)((uint32_t)$1 + (uint32_t)$2)");
  c = replace_all(c, R"(uir_mul_i32\((\w+), (-?\w+)\))", "(int32_t)((uint32_t)$1 * (uint32_t)$2)");
  c = replace_all(c, R"(([^\w ] *|= )(data\d+|alloc\w+)\[(\w+)\])", "$1*($2 + $3)");
  const std::regex copy(R"(\n *int32_t (v\w+) = ([vr]\w+);)");
  for (std::smatch m; std::regex_search(c, m, copy);) {
    const std::string name = m[1], value = m[2];
    c.erase(m.position(0), m.length(0));
    c = replace_all(c, "\\b" + name + "\\b", value);
  }
  return c;
}

/// The oracle's C with the statements whose variables end in `suffixes` (in order, one block) moved
/// to the top of the next loop after the first of them: one loop deeper than the oracle puts them.
std::string one_loop_deeper(const std::string& c, const std::vector<std::string>& suffixes) {
  std::vector<std::string> lines;
  for (size_t start = 0; start < c.size();) {
    size_t end = c.find('\n', start);
    lines.push_back(c.substr(start, end - start));
    start = end + 1;
  }
  std::vector<std::string> moved;
  size_t first = lines.size();
  for (const std::string& suffix : suffixes) {
    auto it = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(suffix + " = ") != std::string::npos; });
    if (it == lines.end()) return "";
    first = std::min(first, static_cast<size_t>(it - lines.begin()));
    moved.push_back("  " + *it);
    lines.erase(it);
  }
  auto loop = std::find_if(lines.begin() + static_cast<long>(first), lines.end(),
                           [](const std::string& l) { return l.find("for (") != std::string::npos; });
  if (loop == lines.end()) return "";
  lines.insert(loop + 1, moved.begin(), moved.end());
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

struct WorkTest {
  const char* name;
  /// The oracle's statements that a student may write one loop deeper (empty: none that would
  /// cost: a copy, or a value the deeper loop already has, which gcc reuses), and the UIR
  /// statements the first hot line may name (one of those moved that costs).
  std::vector<std::string> deeper;
  std::vector<std::string> named;
};

const std::vector<WorkTest>& work_tests() {
  static const std::vector<WorkTest> tests = {
      {"work_add_row_head", {"_hv", "_head"}, {"%head = load %hv"}},
      {"work_gemm_16", {}, {}},
      {"work_conv1d", {}, {}},
      {"work_predict", {"_i32"}, {"%i32 = mul %i 32"}},
      // %neg alone costs nothing one loop deeper: gcc turns `x + total * -1` into `x - total`.
      {"work_sibling_reduction", {"_rs2", "_total", "_neg"}, {"%total = load %rs2", "%neg = mul %total -1.0"}},
  };
  return tests;
}

struct Counted {
  std::string test;
  std::string style;
  MeasuredWork measured;
};

std::vector<Counted> count_styles(const WorkTest& work_test, WorkCounter& counter) {
  const std::string path = std::string(UIRGRADE_SOURCE_DIR) + "/suites/week3/" + work_test.name + ".uir";
  std::variant<TestCase, SuiteError> parsed = parse_test_file(
      path, read_file_text_or_empty(path), std::string("week3/") + work_test.name, "week3", 3);
  std::vector<Counted> out;
  if (!std::holds_alternative<TestCase>(parsed)) return out;
  const TestCase& test = std::get<TestCase>(parsed);
  ExpectedOrError expected_or = compute_expected(test, 1);
  if (!std::holds_alternative<Expected>(expected_or)) return out;
  const Expected& expected = std::get<Expected>(expected_or);
  const std::string driver = uir::render_driver(expected.specs, "prog.uir", false);
  const std::string oracle = uir::render_c(expected.compiled);
  std::vector<std::pair<std::string, std::string>> kernels = {
      {"oracle", oracle}, {"helpers and temporaries", helpers_and_temporaries(oracle)}, {"pointers", pointers(oracle)}};
  if (!work_test.deeper.empty()) kernels.emplace_back("one loop too deep", one_loop_deeper(oracle, work_test.deeper));
  ProcessLimits limits;
  limits.wall_seconds = limits.cpu_seconds = 10;
  for (const auto& [style, c] : kernels)
    out.push_back({work_test.name, style, measure_work(test, expected, c, driver, limits, CompileLimits{}, counter)});
  return out;
}

TEST(GraderWorkStyles, EighteenCountsHonestSpellingsReadOneTimesTheOracleAndAStatementTooDeepIsNamed) {
  if (std::system("command -v valgrind > /dev/null && command -v cc > /dev/null") != 0) GTEST_SKIP() << "no valgrind or cc";
  std::string error;
  std::unique_ptr<CommandRunner> runner = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(runner) << error;
  WorkCounter counter(*runner);
  std::vector<std::future<std::vector<Counted>>> pending;
  for (const WorkTest& work_test : work_tests())
    pending.push_back(std::async(std::launch::async, [&, &w = work_test] { return count_styles(w, counter); }));
  for (size_t k = 0; k < pending.size(); ++k) {
    const WorkTest& work_test = work_tests()[k];
    std::vector<Counted> counted = pending[k].get();
    ASSERT_GE(counted.size(), 3u) << work_test.name << ": the test file or its data";
    for (const Counted& c : counted) {
      ASSERT_FALSE(c.measured.failure) << c.test << ", " << c.style << ": " << c.measured.failure->message;
      const WorkFigure& work = c.measured.work;
      ASSERT_EQ(work.status, WorkFigure::Status::Measured) << c.test << ", " << c.style << ": " << work.message;
      std::cout << fmt::format("{:<24} {:<24} {:.3f}x ({} instructions; the oracle's {})\n", c.test, c.style, work.ratio,
                               work.student_instructions, work.oracle_instructions);  // docs/instructors.md §3
      if (c.style == "one loop too deep") {
        EXPECT_GT(work.ratio, 1 + 2 * kStyleTolerance) << c.test;
        ASSERT_FALSE(work.hot_lines.empty()) << c.test;
        EXPECT_NE(std::find(work_test.named.begin(), work_test.named.end(), work.hot_lines[0].oracle_statement),
                  work_test.named.end())
            << c.test << ": " << describe_hot_line(work.hot_lines[0]);
      } else {
        EXPECT_LE(work.ratio, 1 + kStyleTolerance) << c.test << ", " << c.style;
        EXPECT_GE(work.ratio, kLowestHonestRatio) << c.test << ", " << c.style;
        // An honest placement names no line.
        for (const HotLine& hot : work.hot_lines) ADD_FAILURE() << c.test << ", " << c.style << ": " << describe_hot_line(hot);
      }
    }
  }
}

}  // namespace
}  // namespace uirgrade
