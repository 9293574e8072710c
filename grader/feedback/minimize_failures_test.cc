// The minimisation driver: every failing generated test is minimised (not only the first few), the failures
// share one wall-time budget, nothing is minimised after the student's deadline, and only generated
// tests with a verdict that is cheap to reproduce are minimised. The first test grades real generated
// programs against an in-process mutant; the others use a hook that only records what it is given.
#include "grader/feedback/minimize_failures.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "generators/fuzz.h"
#include "generators/case_minimize.h"
#include "grader/grade.h"
#include "grader/mutant_runner.h"

namespace uirgrade {
namespace {

using Clock = std::chrono::steady_clock;

GradeConfig mutant_config(const char* mutant) {
  GradeConfig config;
  config.student = std::string("uir-mutant ") + mutant;
  config.student_path = std::string("mutant:") + mutant;
  config.week = 3;
  config.seed = 1;
  return config;
}

TEST(MinimizeFailures, EveryFailingGeneratedTestIsMinimized) {
  // A range that runs one iteration too many fails nearly every generated week-3 program.
  MutantRunner runner(Mutants::of(Mutant::RangeInclusive));
  CCompiler compiler(runner, 64);
  GradeConfig config = mutant_config("range-inclusive");
  config.minimize = [](const TestCase& failing, const std::function<bool(const TestCase&)>& still_fails,
                       double seconds) {
    uirgen::MinimizeLimits limits = uirgen::kGradeMinimizeLimits;
    limits.max_seconds = seconds;
    return uirgen::minimize_generated_test(failing, still_fails, 1, limits);
  };
  std::vector<TestCase> tests = uirgen::make_fuzz_tests(3, {{"valid", 8}}, 1);
  std::vector<std::optional<TestResult>> results;
  int failing = 0;
  for (const TestCase& test : tests) {
    results.push_back(grade_test(test, config, runner, compiler));
    failing += results.back()->verdict != Verdict::Pass;
  }
  ASSERT_GE(failing, 5) << "more failures than the three the driver used to minimise";
  minimize_generated_failures(tests, results, config, runner, compiler);
  for (size_t k = 0; k < tests.size(); ++k) {
    if (results[k]->verdict == Verdict::Pass) continue;
    const std::string& program = results[k]->minimized;
    ASSERT_FALSE(program.empty()) << tests[k].name << ": not minimised";
    EXPECT_FALSE(results[k]->minimized_message.empty()) << tests[k].name;
    EXPECT_LT(uirgen::count_statements(program), uirgen::count_statements(uirgen::generated_program_text(tests[k])))
        << tests[k].name << ":\n" << program;
  }
}

/// Failing results for `tests` (all wrong-buffer unless `verdicts` says otherwise).
std::vector<std::optional<TestResult>> failed(const std::vector<TestCase>& tests,
                                              const std::map<size_t, Verdict>& verdicts = {}) {
  std::vector<std::optional<TestResult>> results;
  for (size_t k = 0; k < tests.size(); ++k) {
    TestResult result;
    result.name = tests[k].name;
    result.verdict = verdicts.count(k) ? verdicts.at(k) : Verdict::WrongBuffer;
    results.push_back(result);
  }
  return results;
}

TestCase named(const std::string& name, const std::string& suite) {
  TestCase test;
  test.name = name;
  test.suite = suite;
  return test;
}

struct RecordingHook {
  std::vector<std::string> names;
  std::vector<double> seconds;
  /// Takes all the time it is given, like a minimisation that never runs out of candidates.
  GradeConfig::MinimizeHook hook() {
    return [this](const TestCase& failing, const std::function<bool(const TestCase&)>&, double max_seconds) {
      names.push_back(failing.name);
      seconds.push_back(max_seconds);
      std::this_thread::sleep_for(std::chrono::duration<double>(max_seconds));
      return std::optional<TestCase>();
    };
  }
};

TEST(MinimizeFailures, TheFailuresShareOneBudgetAndOnlyCheapGeneratedOnesAreMinimized) {
  std::vector<TestCase> tests = {named("week3/acc", "week3"), named("fuzz/1", "fuzz"), named("fuzz/2", "fuzz"),
                                 named("fuzz/3", "fuzz"),     named("fuzz/4", "fuzz"), named("fuzz/5", "fuzz"),
                                 named("fuzz/6", "fuzz")};
  std::vector<std::optional<TestResult>> results =
      failed(tests, {{2, Verdict::Timeout}, {4, Verdict::Pass}, {5, Verdict::MemoryLimit}});
  results.push_back(std::nullopt);  // not run
  tests.push_back(named("fuzz/7", "fuzz"));
  RecordingHook recorder;
  GradeConfig config;
  config.minimize = recorder.hook();
  config.minimize_seconds = 0.4;
  MutantRunner runner{Mutants()};
  CCompiler compiler(runner, 4);
  Clock::time_point start = Clock::now();
  minimize_generated_failures(tests, results, config, runner, compiler);
  double took = std::chrono::duration<double>(Clock::now() - start).count();
  EXPECT_EQ(recorder.names, (std::vector<std::string>{"fuzz/1", "fuzz/3", "fuzz/6"}));
  double total = 0;
  for (double s : recorder.seconds) {
    EXPECT_GT(s, 0.05);
    total += s;
  }
  EXPECT_LE(total, 0.4 + 1e-9);
  EXPECT_LT(took, 0.6);
}

TEST(MinimizeFailures, NothingIsMinimizedAfterTheStudentsDeadline) {
  std::vector<TestCase> tests = {named("fuzz/1", "fuzz"), named("fuzz/2", "fuzz")};
  std::vector<std::optional<TestResult>> results = failed(tests);
  RecordingHook recorder;
  GradeConfig config;
  config.minimize = recorder.hook();
  config.deadline = Clock::now() - std::chrono::seconds(1);
  MutantRunner runner{Mutants()};
  CCompiler compiler(runner, 4);
  minimize_generated_failures(tests, results, config, runner, compiler);
  EXPECT_TRUE(recorder.names.empty());
}

}  // namespace
}  // namespace uirgrade
