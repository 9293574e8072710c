// Differential test: for every valid .uir file of the repository (suites, test data), the runner's
// output equals the rendered C's, compiled with the grader's flags and driver and run on the same
// random data. Both must be exact (spec §5.4: `run` executes "exactly as the rendered C would"), so
// stdout is compared as text, with the exit code and the failing assert's line.
//
// One test per file, so ctest runs them in parallel; one C build per program, then several data sets
// per binary. The conformance programs are left out: Conformance.RenderedCAgreesWithRun already
// builds each of them, with the data its headers ask for.
#include <algorithm>
#include <cctype>
#include <filesystem>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "oracle/c_toolchain_testing.h"
#include "oracle/oracle.h"
#include "oracle/seeded_random.h"
#include "uirgrade_paths.h"

namespace uir {
namespace {

namespace fs = std::filesystem;

constexpr int kDataSetsPerProgram = 3;
constexpr int64_t kMaxElements = 1 << 20;  // bigger programs print megabytes: leave them to the grader

/// Every .uir file under the source tree, outside build directories and .git, in a stable order.
std::vector<fs::path> repository_programs() {
  const fs::path root = UIRGRADE_SOURCE_DIR;
  std::vector<fs::path> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    std::string name = it->path().filename().string();
    if (it->is_directory() && (name.starts_with("build") || name.starts_with("."))) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory() && fs::relative(it->path(), root) == fs::path("oracle/testdata/conformance")) {
      it.disable_recursion_pending();  // compiled by conformance_test.cc
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".uir") out.push_back(fs::relative(it->path(), root));
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Outcome {
  std::string path;
  std::string skipped;   // why the program was not compared (invalid, too big)
  std::string failures;  // empty when the runner and the C agree on every data set
};

Outcome compare_runner_with_c(const fs::path& relative) {
  Outcome outcome{relative.string(), {}, {}};
  std::string text = testing::read_text_file(fs::path(UIRGRADE_SOURCE_DIR) / relative);
  Compiled compiled = compile(outcome.path, text);
  if (compiled.error) {
    outcome.skipped = "invalid";
    return outcome;
  }
  std::vector<SlotSpec> specs = slot_specs(compiled.program);
  int64_t elements = 0;
  for (const SlotSpec& spec : specs) elements += spec.length;
  if (elements > kMaxElements) {
    outcome.skipped = fmt::format("{} buffer elements", elements);
    return outcome;
  }

  testing::ScratchDir dir("differential");
  testing::CBinary binary = testing::build_c(dir.path(), render_c(compiled), render_driver(specs, outcome.path));
  if (!binary.built) {
    outcome.failures = "the rendered C does not build:\n" + binary.compiler_output;
    return outcome;
  }
  for (int set = 0; set < kDataSetsPerProgram; ++set) {
    uint64_t seed = fnv1a64(outcome.path) + set;
    std::vector<SlotData> in = testing::random_slot_data(specs, seed);
    RunResult expected = run(compiled, in);
    testing::CRun got = testing::run_c(binary, format_slot_data(in));
    std::string expected_err =
        expected.exit_code == 1 ? fmt::format("{}:{}: assert failed\n", outcome.path, expected.failed_assert_line) : "";
    std::string expected_out = format_slot_data(expected.buffers);
    if (got.exit_code != expected.exit_code || got.out != expected_out || got.err != expected_err)
      outcome.failures += fmt::format("data seed {}: runner exit {}, C exit {}\nrunner stdout:\n{}C stdout:\n{}"
                                      "runner stderr: {}C stderr: {}\n",
                                      seed, expected.exit_code, got.exit_code, expected_out.substr(0, 2000),
                                      got.out.substr(0, 2000), expected_err, got.err.substr(0, 2000));
  }
  return outcome;
}

class Differential : public ::testing::TestWithParam<fs::path> {};

TEST_P(Differential, RunnerAgreesWithRenderedC) {
  Outcome outcome = compare_runner_with_c(GetParam());
  if (!outcome.skipped.empty()) GTEST_SKIP() << outcome.path << ": " << outcome.skipped;
  EXPECT_TRUE(outcome.failures.empty()) << outcome.path << ":\n" << outcome.failures;
}

std::string test_name(const ::testing::TestParamInfo<fs::path>& info) {
  std::string name = info.param.string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Repository, Differential, ::testing::ValuesIn(repository_programs()), test_name);

TEST(DifferentialFiles, TheWalkFindsTheRepositorysPrograms) {
  // The runner's own test data alone holds a dozen valid programs: finding fewer means the walk broke.
  int valid = 0;
  for (const fs::path& program : repository_programs())
    if (!compile(program.string(), testing::read_text_file(fs::path(UIRGRADE_SOURCE_DIR) / program)).error) ++valid;
  EXPECT_GE(valid, 12) << "only " << valid << " valid programs found under " << UIRGRADE_SOURCE_DIR;
}

}  // namespace
}  // namespace uir
