// What a student's command is given and the limits it runs under; the verdicts of whole tests are
// in grade_test.cc.
#include "grader/student_run.h"

#include <chrono>

#include <gtest/gtest.h>

#include "testcase/case_testing.h"

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

// ---- Render: what the grader reads of the C, and how long it may spend on it ----

/// A student whose `render` prints `c` (cut at the request's cap, as the sandbox's capture does);
/// every later process (the C compiler) is recorded and fails.
class RenderingRunner : public CommandRunner {
 public:
  explicit RenderingRunner(std::string c) : c_(std::move(c)) {}
  ProcessResult run(const ProcessRequest& request) override {
    requests.push_back(request);
    ProcessResult result;
    result.started = result.exited = true;
    result.exit_code = requests.size() == 1 ? 0 : 1;
    if (requests.size() == 1) {
      result.out = c_.substr(0, request.limits.stdout_cap_bytes);
      result.stdout_truncated = c_.size() > request.limits.stdout_cap_bytes;
    }
    return result;
  }
  std::vector<ProcessRequest> requests;

 private:
  std::string c_;
};

constexpr const char* kSquaresKernel =
    "#include <stdint.h>\n"
    "int32_t kernel(int32_t *data0) {\n  for (int32_t i = 0; i < 4; i++) data0[i] = i * i;\n  return 0;\n}\n";

Outcome render_with(RenderingRunner& runner, const GradeConfig& config, std::optional<double> wall_seconds = {}) {
  CCompiler compiler(runner, 1024);
  TestCase test = squares_test();
  test.mode = Mode::Render;
  Expected expected = std::get<Expected>(compute_expected(test, 1));
  ProcessLimits limits = limits_for_test(test, config, expected.specs);
  if (wall_seconds) limits.wall_seconds = *wall_seconds;
  return run_student_on_test(test, expected, limits, config, runner, compiler);
}

TEST(GraderStudentRun, ARenderIsReadUpToOneMebibyteAndALongerOneIsTheStudents) {
  // Two megabytes of valid C: a long comment first.
  std::string c = "#include <stdint.h>\n";
  while (c.size() < (2u << 20)) c += "/* a long comment line to pass the limit */\n";
  c += std::string(kSquaresKernel).substr(20);
  RenderingRunner runner(c);
  Outcome outcome = render_with(runner, config_of());
  ASSERT_GE(runner.requests.size(), 1u);
  EXPECT_EQ(runner.requests[0].limits.stdout_cap_bytes, 1u << 20);  // nothing past 1 MiB is kept
  ASSERT_TRUE(outcome.failure);
  EXPECT_EQ(outcome.failure->verdict, Verdict::ForbiddenConstruct);
  EXPECT_NE(outcome.failure->message.find("longer than 1048576 bytes"), std::string::npos) << outcome.failure->message;
  EXPECT_NE(outcome.failure->message.find("kernel.c:23832:"), std::string::npos) << outcome.failure->message;
  EXPECT_EQ(runner.requests.size(), 1u) << "nothing more ran";
}

TEST(GraderStudentRun, TheChecksOfTheCAreBoundedByTheTestsTimeAndTheBudget) {
  // Weakened: time enough, so the checks pass and the C goes on to the compiler.
  RenderingRunner enough(kSquaresKernel);
  render_with(enough, config_of());
  EXPECT_GT(enough.requests.size(), 1u) << "the compiler should have been started";
  // No time at all for the checks: the student's time-out, and no compiler.
  RenderingRunner none(kSquaresKernel);
  Outcome timed_out = render_with(none, config_of(), 1e-9);
  ASSERT_TRUE(timed_out.failure);
  EXPECT_EQ(timed_out.failure->verdict, Verdict::Timeout);
  EXPECT_NE(timed_out.failure->message.find("the grader's checks of the rendered C"), std::string::npos)
      << timed_out.failure->message;
  EXPECT_EQ(none.requests.size(), 1u);
  // --student-budget spent: the same.
  GradeConfig spent = config_of();
  spent.deadline = std::chrono::steady_clock::now();
  RenderingRunner budget(kSquaresKernel);
  Outcome over_budget = render_with(budget, spent);
  ASSERT_TRUE(over_budget.failure);
  EXPECT_EQ(over_budget.failure->verdict, Verdict::Timeout);
  EXPECT_EQ(budget.requests.size(), 1u);
}

}  // namespace
}  // namespace uirgrade
