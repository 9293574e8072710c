// What a student's command is given and the limits it runs under; the verdicts of whole tests are
// in grade_test.cc.
#include "grader/student_run.h"

#include <gtest/gtest.h>

#include "testcase/test_case_testing.h"

namespace uirgrade {
namespace {

GradeConfig config_of() {
  GradeConfig config;
  config.student = "./student-uirc";
  config.student_path = "/abs/student-uirc";
  return config;
}

TestCase squares_test() { return test_case_fixture::week3_test_on_zeros("week3/t", test_case_fixture::kSquares); }

TEST(GraderStudentRun, Limits) {
  GradeConfig config = config_of();
  config.limits.wall_seconds = 10;
  TestCase test = squares_test();
  EXPECT_EQ(limits_for_test(test, config, {}).wall_seconds, 10);
  config.timeout_seconds = 3;
  EXPECT_EQ(limits_for_test(test, config, {}).wall_seconds, 3);
  config.timeout_seconds.reset();
  test.timeout_seconds = 20;  // the suite's own timeout replaces the week's
  EXPECT_EQ(limits_for_test(test, config, {}).wall_seconds, 20);
  EXPECT_EQ(limits_for_test(test, config, {}).cpu_seconds, 20);
  // 2^24 f32 values print as up to ~16 bytes each: the cap must hold hundreds of MiB.
  ProcessLimits big = limits_for_test(test, config, {{0, uir::DType::F32, 1 << 24}});
  EXPECT_GE(big.stdout_cap_bytes, 16ull * (1 << 24));
}

class RecordingRunner : public CommandRunner {
 public:
  ProcessResult run(const ProcessRequest& request) override {
    requests.push_back(request);
    ProcessResult result;
    result.started = result.exited = true;
    result.exit_code = 0;
    result.out = "0: 0 1 4 9\n";
    result.wall_seconds = 0.25;
    return result;
  }
  std::vector<ProcessRequest> requests;
};

TEST(GraderStudentRun, RunTestGivesTheProgramAndTheDataOnly) {
  RecordingRunner runner;
  CCompiler compiler(runner, 1024);
  TestCase test = squares_test();
  Expected expected = std::get<Expected>(compute_expected(test, 1));
  GradeConfig config = config_of();
  Outcome outcome = run_student_on_test(test, expected, limits_for_test(test, config, expected.specs), config,
                                        runner, compiler);
  EXPECT_FALSE(outcome.failure);
  EXPECT_EQ(outcome.seconds, 0.25);
  ASSERT_EQ(runner.requests.size(), 1u);
  const ProcessRequest& request = runner.requests[0];
  EXPECT_EQ(request.argv, (std::vector<std::string>{"/abs/student-uirc", "run", "prog.uir"}));
  EXPECT_EQ(request.stdin_data, "0: 0 0 0 0\n");
  ASSERT_EQ(request.files.size(), 1u);
  EXPECT_EQ(request.files[0].second, test.source);
}

}  // namespace
}  // namespace uirgrade
