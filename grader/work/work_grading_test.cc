// Work counted end to end (issue 26), in every tier this machine gives: a student whose `render`
// prints a given kernel, graded on a `# render: work` GEMM test through the real sandbox, cc and
// valgrind. The oracle's own C is 1.00x the oracle; the same C with `%ik = mul %i 6` moved into the
// innermost loop is above it, and its hot line counts are the loops' trip counts (worked by hand);
// two gradings count the same; a week that scores work takes the work points from it. A kernel that
// tells the counted run from the graded one (issue 39) wins the work points only when the counted
// run is not compared with the oracle, and cannot tell them apart by where its buffers are.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "grader/render/c_compile.h"
#include "grader/render/c_tokens.h"
#include "grader/grade.h"
#include "grader/shell_testing.h"
#include "grader/work/work_counter.h"
#include "oracle/gemm_program.h"
#include "oracle/oracle.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// The oracle's C for GEMM 4x5x6 with one statement moved: `%ik = mul %i 6` (the oracle's line 14,
/// in the loop %i) into the loop %k, where it runs 4*5*6 = 120 times instead of 4 (trip counts).
/// Nothing else changes, so the difference in work is that statement's alone.
std::string with_ik_in_the_innermost_loop(const std::string& oracle_c) {
  std::vector<std::string> lines;
  for (size_t start = 0; start < oracle_c.size();) {
    size_t end = oracle_c.find('\n', start);
    lines.push_back(oracle_c.substr(start, end - start));
    start = end + 1;
  }
  auto ik = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.find("_ik = ") != std::string::npos; });
  EXPECT_NE(ik, lines.end());
  std::string moved = *ik;
  lines.erase(ik);
  auto k = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.find("_k = 0;") != std::string::npos; });
  EXPECT_NE(k, lines.end());
  lines.insert(k + 1, moved);
  std::string c;
  for (const std::string& line : lines) c += line + "\n";
  return c;
}

class WorkGrading : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (access("/usr/bin/valgrind", X_OK) != 0) GTEST_SKIP() << "valgrind missing (scripts/install-deps.sh installs it)";
    if (GetParam() == "uid" && geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
    std::string error;
    runner_ = make_process_runner(GetParam() == "uid" ? Sandbox::Uid : Sandbox::Namespaces, &error);
    if (!runner_) GTEST_SKIP() << error;
    dir_ = fs::temp_directory_path() / ("uirgrade-work-" + GetParam() + "-" + std::to_string(getpid()));
    compiler_ = std::make_unique<CCompiler>(*runner_, 2048);
  }
  void TearDown() override {
    compiler_.reset();
    fs::remove_all(dir_);
  }

  TestCase gemm_test() const {
    TestCase test;
    test.name = "week3/gemm_work";
    test.suite = "week3";
    test.week = 3;
    test.source = uir::gemm_program(4, 5, 6);
    test.mode = Mode::Render;
    test.render_work = true;
    test.points = 1;
    return test;
  }

  TestResult grade(const TestCase& test, const std::string& kernel_c, const std::string& name,
                   bool counted_run_not_compared = false, bool no_pure_kernel_checks = false) {
    GradeConfig config;
    config.weakened.counted_run_not_compared = counted_run_not_compared;
    config.weakened.no_pure_kernel_checks = no_pure_kernel_checks;
    config.student = config.student_path = student_rendering(kernel_c, dir_ / name).string();
    config.week = 3;
    config.seed = 7;
    return grade_test(test, config, *runner_, *compiler_);
  }

  std::string oracle_c(const TestCase& test) const { return uir::render_c(uir::compile("gemm.uir", test.source)); }

  std::unique_ptr<ProcessRunner> runner_;
  std::unique_ptr<CCompiler> compiler_;
  fs::path dir_;
};

INSTANTIATE_TEST_SUITE_P(Tiers, WorkGrading, ::testing::Values("namespaces", "uid"));

TEST_P(WorkGrading, TheOraclesOwnKernelIsOneTimesTheOracle) {
  TestCase test = gemm_test();
  TestResult result = grade(test, oracle_c(test), "oracle");
  ASSERT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  ASSERT_TRUE(result.work);
  ASSERT_EQ(result.work->status, WorkFigure::Status::Measured) << result.work->message;
  EXPECT_EQ(result.work->student_instructions, result.work->oracle_instructions);
  EXPECT_GT(result.work->oracle_instructions, 4u * 5 * 6);
  EXPECT_EQ(result.work->ratio, 1.0);
  EXPECT_TRUE(result.work->hot_lines.empty());
  EXPECT_EQ(result.points, 1);  // advisory: the figure costs and earns nothing
  EXPECT_EQ(result.max_points, 1);
}

TEST_P(WorkGrading, AnInvariantInTheInnermostLoopIsCountedAndFound) {
  TestCase test = gemm_test();
  const std::string moved = with_ik_in_the_innermost_loop(oracle_c(test));
  TestResult result = grade(test, moved, "unhoisted");
  ASSERT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  ASSERT_TRUE(result.work);
  ASSERT_EQ(result.work->status, WorkFigure::Status::Measured) << result.work->message;
  EXPECT_GT(result.work->ratio, 1.0);
  std::cout << "GEMM 4x5x6, %ik moved into the k loop: " << describe_work(*result.work) << "\n";  // docs/students.md
  ASSERT_FALSE(result.work->hot_lines.empty());
  const HotLine& top = result.work->hot_lines[0];
  const int line = top.line;
  EXPECT_NE(text_line(moved, line).find("_ik = "), std::string::npos) << line;
  EXPECT_EQ(describe_hot_line(top), fmt::format("line {} runs 120 times; the oracle computes `%ik = mul %i 6` 4 times, "
                                                "in loop `%i`: it depends only on `%i` (spec §5.3)", line));
  // Only that line runs more than its oracle statement: the rest of the C is the oracle's.
  EXPECT_EQ(result.work->hot_lines.size(), 1u);
}

TEST_P(WorkGrading, TwoRunsOfTheSameKernelCountTheSame) {
  TestCase test = gemm_test();
  const std::string moved = with_ik_in_the_innermost_loop(oracle_c(test));
  TestResult first = grade(test, moved, "first");
  TestResult second = grade(test, moved, "second");
  ASSERT_TRUE(first.work && second.work);
  ASSERT_EQ(first.work->status, WorkFigure::Status::Measured) << first.work->message;
  EXPECT_EQ(first.work->student_instructions, second.work->student_instructions);
  // The oracle's count was cached by the first grading; a fresh counter counts it again, the same.
  WorkCounter fresh(*runner_);
  Expected expected = std::get<Expected>(compute_expected(test, 7));
  WorkCount again = fresh.count_reference(oracle_c(test), uir::render_driver(expected.specs, "prog.uir", false),
                                          expected.input_text, ProcessLimits{});
  ASSERT_EQ(again.status, WorkCount::Status::Ok) << again.message;
  EXPECT_EQ(again.profile.instructions, first.work->oracle_instructions);
}

TEST_P(WorkGrading, AWeekThatScoresWorkTakesThePointsOverTheLimit) {
  // Week 6's plan (weeks.yaml work_limit, work_points) needs no code of its own. One statement moved
  // costs this small kernel some 7% more instructions (one per extra run, 116 of them, on 1691);
  // the limit is set below that.
  TestCase test = gemm_test();
  test.work_limit = 1.05;
  test.work_points = 1;
  TestResult within = grade(test, oracle_c(test), "within");
  ASSERT_EQ(within.verdict, Verdict::Pass) << within.message;
  EXPECT_EQ(within.points, 2);
  EXPECT_EQ(within.max_points, 2);
  TestResult over = grade(test, with_ik_in_the_innermost_loop(oracle_c(test)), "over");
  ASSERT_EQ(over.verdict, Verdict::Pass) << over.message;
  ASSERT_TRUE(over.work);
  ASSERT_GT(over.work->ratio, 1.05);
  EXPECT_EQ(over.points, 1);  // the test's point, not the work point
  EXPECT_EQ(over.max_points, 2);
  EXPECT_NE(describe_work(*over.work).find("over the limit of 1.05x: 0 of 1 work points"), std::string::npos)
      << describe_work(*over.work);
}

/// The oracle's C for `test`, preceded in kernel by `prologue` (and <stdlib.h>, <stdint.h> included).
std::string with_prologue(const std::string& c, const std::string& prologue) {
  std::string out = "#include <stdlib.h>\n#include <stdint.h>\n" + c;
  size_t body = out.find('{', out.find("int32_t kernel("));
  return out.insert(body + 1, "\n" + prologue);
}

/// AddressSanitizer fills new memory with 0xbe; glibc's first malloc hands out zeros. Reading it is
/// no undefined behaviour the sanitizers report, so the graded run passes and the kernel knows
/// whether it is the sanitized (graded) build.
constexpr const char* kUnlessSanitized =
    "  unsigned char *probe = malloc(64);\n"
    "  int sanitized = probe && probe[0] == 0xbe;\n"
    "  free(probe);\n"
    "  if (!sanitized) ";

TEST_P(WorkGrading, AKernelThatBehavesOtherwiseWhenCountedGetsAVerdictNotAFigure) {
  TestCase test = gemm_test();
  test.work_limit = 1.1;
  test.work_points = 1;
  const std::string oracle = oracle_c(test);
  struct Cheat {
    const char* name;
    std::string when_counted;
    Verdict verdict;
    bool impure = false;  // a system call: graded without the pure-kernel checks, which would refuse it
  };
  for (const Cheat& cheat : {Cheat{"nothing", "return 0;\n", Verdict::WrongBuffer},
                             Cheat{"crash", "abort();\n", Verdict::Crash},
                             Cheat{"open", "{ FILE *f = fopen(\"/etc/hostname\", \"r\"); if (f) fclose(f); }\n",
                                   Verdict::ForbiddenConstruct, true}}) {
    const std::string kernel = std::string(cheat.impure ? "#include <stdio.h>\n" : "") +
                               with_prologue(oracle, std::string(kUnlessSanitized) + cheat.when_counted);
    // Against the weakened counter (its counted run not compared), doing nothing when counted wins
    // the work point at a fraction of the oracle's work; a crash or a system call there passes.
    TestResult weakened = grade(test, kernel, std::string(cheat.name) + "-weakened", true, cheat.impure);
    ASSERT_EQ(weakened.verdict, Verdict::Pass) << cheat.name << ": " << weakened.message << "\n" << weakened.details;
    ASSERT_TRUE(weakened.work);
    if (cheat.verdict == Verdict::WrongBuffer) {
      ASSERT_EQ(weakened.work->status, WorkFigure::Status::Measured) << weakened.work->message;
      EXPECT_LT(weakened.work->ratio, 0.5);  // the probe's malloc and free are all it is counted for
      EXPECT_EQ(weakened.points, 2) << describe_work(*weakened.work);
    }
    // Compared as the counted run now is, the test fails for what the kernel did when counted.
    TestResult result = grade(test, kernel, cheat.name, false, cheat.impure);
    EXPECT_EQ(result.verdict, cheat.verdict) << cheat.name << ": " << result.message;
    EXPECT_NE(result.message.find("under the instruction counter"), std::string::npos) << result.message;
    EXPECT_NE(result.message.find("after its graded run passed"), std::string::npos) << result.message;
    EXPECT_FALSE(result.work);
    EXPECT_EQ(result.points, 0);
  }
}

TEST_P(WorkGrading, AKernelCannotTellTheCountedRunByWhereItsBuffersAre) {
  // Before issue 39 the graded run's buffers came from AddressSanitizer's heap (0x6...) and the
  // counted run's from glibc's: this kernel did nothing when counted. Both runs now put the buffers
  // at the same fixed addresses, so it does its work in both and is counted at the oracle's.
  TestCase test = gemm_test();
  TestResult result = grade(test, with_prologue(oracle_c(test), "  if ((uintptr_t)data0 < 0x100000000000ull) return 0;\n"),
                            "where");
  ASSERT_EQ(result.verdict, Verdict::Pass) << result.message << "\n" << result.details;
  ASSERT_TRUE(result.work);
  ASSERT_EQ(result.work->status, WorkFigure::Status::Measured) << result.work->message;
  EXPECT_GT(result.work->ratio, 0.99);
}

}  // namespace
}  // namespace uirgrade
