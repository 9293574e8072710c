// Work counted by the real `grade` on the shipped week-3 work tests (issue 26): the oracle's CLI
// handed in as a student is 1.00x the oracle on every one of them, and the mutant that computes
// every value in the innermost loop of its uses (`uir-mutant values-in-uses-loop`) passes
// them all with more work on GEMM, its hot lines pointing at the statements that depend on fewer
// ranges than the loop they run in. The figures are printed for the record (docs/students.md).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"
#include "reports/report.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class WorkEndToEnd : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    area_ = private_grader_area("uirgrade-work-e2e", false);
    ASSERT_FALSE(area_.empty());
    students_ = readable_temp_dir("uirgrade-work-students");
    for (const char* name : {"oracle", "mutant"}) {
      const bool mutant = std::string(name) == "mutant";
      const std::string tool = mutant ? "uir-mutant" : "uir-oracle";
      fs::create_directories(students_ / name);
      fs::copy_file(UIRGRADE_BINARY_DIR "/" + tool, students_ / name / tool);
      std::ofstream(students_ / name / "student-uirc") << "#!/bin/sh\nexec \"$(dirname \"$0\")/" << tool << "\" "
                                                       << (mutant ? "values-in-uses-loop " : "") << "\"$@\"\n";
    }
    ASSERT_EQ(std::system(("chmod -R a+rX " + students_.string() + " && chmod a+x " + students_.string() +
                           "/*/student-uirc").c_str()),
              0);
  }
  static void TearDownTestSuite() {
    fs::remove_all(area_);
    fs::remove_all(students_);
  }
  void SetUp() override {
    if (access("/usr/bin/valgrind", X_OK) != 0) GTEST_SKIP() << "valgrind missing (scripts/install-deps.sh)";
  }

  /// The JSON report of grading `student` on week 3's work tests.
  Report graded(const std::string& student) {
    fs::path json = area_ / ("report-" + student + ".json");
    Shell run = run_shell("cd " + area_.string() + " && bin/grade --week 3 --only 'week3/work_*' --suites " +
                          (area_ / "suites").string() + " -j 2 --format text --format json --output " +
                          json.string() + " " + (students_ / student / "student-uirc").string());
    EXPECT_EQ(run.exit_code, 0) << run.output.substr(0, 6000);
    std::cout << "--- " << student << " ---\n" << run.output.substr(0, 6000) << "\n";
    auto read = read_json(slurp(json));
    EXPECT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
    return std::holds_alternative<Report>(read) ? std::get<Report>(read) : Report{};
  }

  static inline fs::path area_, students_;
};

TEST_F(WorkEndToEnd, TheOracleIsOneTimesItselfOnEveryWorkTest) {
  Report report = graded("oracle");
  ASSERT_EQ(report.results.size(), 5u);  // the five work tests of week 3
  for (const TestResult& result : report.results) {
    EXPECT_EQ(result.verdict, Verdict::Pass) << result.name << ": " << result.message;
    ASSERT_TRUE(result.work) << result.name;
    EXPECT_EQ(result.work->status, WorkFigure::Status::Measured) << result.name << ": " << result.work->message;
    EXPECT_EQ(result.work->ratio, 1.0) << result.name;
    EXPECT_EQ(result.work->student_instructions, result.work->oracle_instructions) << result.name;
    EXPECT_TRUE(result.work->hot_lines.empty()) << result.name;
  }
}

TEST_F(WorkEndToEnd, TheValuesInUsesLoopMutantPassesWithMoreWork) {
  Report report = graded("mutant");
  ASSERT_EQ(report.results.size(), 5u);
  bool saw_gemm = false;
  for (const TestResult& result : report.results) {
    EXPECT_EQ(result.verdict, Verdict::Pass) << result.name << ": " << result.message;  // the buffers are right
    ASSERT_TRUE(result.work && result.work->status == WorkFigure::Status::Measured) << result.name;
    std::cout << result.name << ": " << describe_work(*result.work) << "\n";
    if (result.name != "week3/work_gemm_16") continue;
    saw_gemm = true;
    EXPECT_GT(result.work->ratio, 1.0);
    ASSERT_FALSE(result.work->hot_lines.empty());
    // Every hot line stands for a statement the mutant sank: one that depends on fewer ranges than
    // the loops the mutant runs it in (the oracle's loops hold exactly what it needs, and fewer).
    for (const HotLine& hot : result.work->hot_lines) {
      EXPECT_GT(hot.runs, hot.oracle_runs) << describe_hot_line(hot);
      EXPECT_LT(hot.oracle_loops.size(), 3u) << describe_hot_line(hot);
    }
  }
  EXPECT_TRUE(saw_gemm);
}

}  // namespace
}  // namespace uirgrade
