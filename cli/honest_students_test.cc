// Honest students are unaffected by the sandbox (issue 10): the oracle's CLI handed in as a
// student (through a link, `student-uirc -> uir-oracle`), and a student written in Python (grader/testdata/honest/python_student: a script and its
// own package directory beside it, which names its kernels' loop variables its own way), each graded by
// the real `grade` binary on the whole of week 3 (every suite test, run and render, and the
// generated hidden tests) in every tier this machine gives, score full marks.
//
// As in hostile_students_test.cc the grader runs from an area private to it (its binaries and a
// copy of the suites, mode 0700), as the uid tier requires; each student is handed in from a
// directory of its own that a borrowed uid may read.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "sandbox/process.h"
#include "grader/render/render_check.h"
#include "reports/report.h"
#include "reports/report_totals.h"
#include "sandbox/sandbox.h"
#include "grader/shell_testing.h"
#include "testcase/suite.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// Makes `path` and everything below it readable (and, where executable, executable) by anyone.
void open_up(const fs::path& path) { ASSERT_EQ(std::system(("chmod -R a+rX " + path.string()).c_str()), 0); }

/// The Python student handed in at `dir`: its script and package, and the package's native core.
void hand_in_python_student(const fs::path& dir) {
  fs::copy(UIRGRADE_SOURCE_DIR "/grader/testdata/honest/python_student", dir, fs::copy_options::recursive);
  fs::create_directories(dir / "uirc/core");
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "uirc/core/uirc-core");
  open_up(dir);
}

class HonestStudent : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {
 protected:
  static void SetUpTestSuite() {
    area_ = private_grader_area("uirgrade-honest", false);
    ASSERT_FALSE(area_.empty());
    ASSERT_EQ(std::system(("chmod -R go-rwx " + area_.string()).c_str()), 0);

    // The oracle's CLI handed in on its own, as a build leaves it: the binary, and the name students
    // hand in as a link to it.
    oracle_dir_ = readable_temp_dir("uirgrade-honest-oracle");
    fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", oracle_dir_ / "uir-oracle");
    fs::create_symlink("uir-oracle", oracle_dir_ / "student-uirc");
    open_up(oracle_dir_);
    python_dir_ = readable_temp_dir("uirgrade-honest-python");
    hand_in_python_student(python_dir_);
  }
  static void TearDownTestSuite() {
    fs::remove_all(area_);
    fs::remove_all(oracle_dir_);
    fs::remove_all(python_dir_);
  }

  void SetUp() override {
    const std::string& tier = std::get<1>(GetParam());
    if (tier == "uid" && geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
    std::string error;
    if (tier == "namespaces" && !make_process_runner(Sandbox::Namespaces, &error)) GTEST_SKIP() << error;
  }

  static fs::path student_path(const std::string& student) {
    return (student == "oracle" ? oracle_dir_ : python_dir_) / "student-uirc";
  }

  static inline fs::path area_, oracle_dir_, python_dir_;
};

TEST_P(HonestStudent, ScoresFullMarksOnWeek3) {
  const auto& [student, tier] = GetParam();
  fs::path report_path = area_ / ("report-" + student + "-" + tier + ".json");
  Shell graded = run_shell("cd " + area_.string() + " && bin/grade --week 3 " + student_path(student).string() +
                           " --suites " + (area_ / "suites").string() + " --sandbox " + tier + " -j 2" +
                           " --format text --format json --output " + report_path.string());
  EXPECT_EQ(graded.exit_code, 0) << graded.output.substr(0, 6000);
  EXPECT_EQ(graded.output.find("FAILED"), std::string::npos) << graded.output.substr(0, 6000);

  auto read = read_json(slurp(report_path));
  ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
  const Report& report = std::get<Report>(read);
  EXPECT_NE(report.info.isolation.find(tier), std::string::npos) << report.info.isolation;
  // All of week 3 was graded: every test of its suites, run and render, and its generated tests.
  auto loaded = load_week(UIRGRADE_SOURCE_DIR "/suites", 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  const LoadedWeek& week = std::get<LoadedWeek>(loaded);
  size_t suite_renders = 0, graded_renders = 0, generated = 0, planned_generated = 0;
  for (const TestCase& test : week.tests) suite_renders += test.mode == Mode::Render;
  for (const auto& [kind, count] : week.plan.fuzz_counts) planned_generated += count;
  for (const TestResult& result : report.results) {
    graded_renders += result.mode == Mode::Render;
    generated += result.name.starts_with("fuzz/");
  }
  Totals totals = add_up(report.results);
  EXPECT_EQ(static_cast<size_t>(totals.tests), week.tests.size() + generated);
  // Every kind gives its count but `shape`, which gives at most its count: the programs that cover
  // the shape table's cells twice (78 of 80 at seeds 1-5, generators/enumerate_shapes.h).
  const auto shapes = week.plan.fuzz_counts.find("shape");
  const size_t at_most_shapes = shapes == week.plan.fuzz_counts.end() ? 0 : shapes->second;
  EXPECT_LE(generated, planned_generated);
  EXPECT_GE(generated + at_most_shapes, planned_generated);
  EXPECT_GT(generated + at_most_shapes, planned_generated) << "some shape programs were generated";
  EXPECT_GE(graded_renders, suite_renders);
  EXPECT_GT(suite_renders, 0u);
  EXPECT_EQ(totals.passed, totals.tests);
  EXPECT_EQ(totals.points, totals.max_points);
  EXPECT_GT(totals.max_points, 0);
}

INSTANTIATE_TEST_SUITE_P(Tiers, HonestStudent,
                         ::testing::Combine(::testing::Values(std::string("oracle"), std::string("python")),
                                            ::testing::Values(std::string("namespaces"), std::string("uid"),
                                                              std::string("none"))),
                         [](const auto& param) { return std::get<0>(param.param) + "_" + std::get<1>(param.param); });

// A student executable that is a link out of its directory would crash in the namespaces tier
// (only that directory is there) and pass in the others; every tier refuses it before grading.
TEST(HandedIn, AnExecutableLinkingOutOfItsDirectoryIsRefusedInEveryTier) {
  fs::path dir = readable_temp_dir("uirgrade-honest-link");
  fs::create_directories(dir / "submission");
  fs::create_symlink(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "submission/student-uirc");
  for (const char* tier : {"namespaces", "uid", "none"}) {
    Shell graded = run_shell(UIRGRADE_BINARY_DIR "/grade --week 1 --only week1/add_i32 --sandbox " + std::string(tier) +
                             " " + (dir / "submission/student-uirc").string());
    EXPECT_EQ(graded.exit_code, 2) << tier << "\n" << graded.output;
    EXPECT_NE(graded.output.find("student-uirc is a symbolic link to"), std::string::npos) << graded.output;
  }
  fs::remove_all(dir);
}

// What the Python student renders is not the oracle's text: its loop variables have names of its
// own (a pure kernel has no macros, spec §6.2), with the same loops.
TEST(HonestPythonStudent, NamesItsLoopVariablesItsOwnWay) {
  fs::path dir = readable_temp_dir("uirgrade-honest-python-render");
  hand_in_python_student(dir);
  const std::string gemm = UIRGRADE_SOURCE_DIR "/suites/week3/gemm.uir";
  Shell rendered = run_shell((dir / "student-uirc").string() + " render " + gemm);
  Shell oracle = run_shell(UIRGRADE_BINARY_DIR "/uir-oracle render " + gemm);
  ASSERT_EQ(rendered.exit_code, 0) << rendered.output;
  ASSERT_EQ(oracle.exit_code, 0) << oracle.output;
  EXPECT_NE(rendered.output.find("for (int32_t uirc_"), std::string::npos) << rendered.output;
  EXPECT_NE(rendered.output, oracle.output);
  EXPECT_EQ(count_for_loops(rendered.output), 3) << rendered.output;  // gemm.uir: `# render: loops=3`
  EXPECT_EQ(count_for_loops(oracle.output), 3) << oracle.output;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
