// Work counted end to end (issue 26), in every tier this machine gives: a student whose `render`
// prints a given kernel, graded on a `# render: work` GEMM test through the real sandbox, cc and
// valgrind. The oracle's own C is 1.00x the oracle; the same C with `%ik = mul %i 6` moved into the
// innermost loop is above it, and its hot line counts are the loops' trip counts (worked by hand);
// two gradings count the same; a week that scores work takes the work points from it.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "grader/c_compile.h"
#include "grader/c_tokens.h"
#include "grader/grade.h"
#include "grader/shell_testing.h"
#include "grader/work_counter.h"
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

  TestResult grade(const TestCase& test, const std::string& kernel_c, const std::string& name) {
    GradeConfig config;
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
  // costs this small kernel some 15% more instructions; the limit is set below that.
  TestCase test = gemm_test();
  test.work_limit = 1.1;
  test.work_points = 1;
  TestResult within = grade(test, oracle_c(test), "within");
  ASSERT_EQ(within.verdict, Verdict::Pass) << within.message;
  EXPECT_EQ(within.points, 2);
  EXPECT_EQ(within.max_points, 2);
  TestResult over = grade(test, with_ik_in_the_innermost_loop(oracle_c(test)), "over");
  ASSERT_EQ(over.verdict, Verdict::Pass) << over.message;
  ASSERT_TRUE(over.work);
  ASSERT_GT(over.work->ratio, 1.1);
  EXPECT_EQ(over.points, 1);  // the test's point, not the work point
  EXPECT_EQ(over.max_points, 2);
  EXPECT_NE(describe_work(*over.work).find("over the limit of 1.1x: 0 of 1 work points"), std::string::npos)
      << describe_work(*over.work);
}

}  // namespace
}  // namespace uirgrade
