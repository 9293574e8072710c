// The engine's steps for one test, in order: the oracle's outcome (testcase/expected.h), the
// student's command(s) and their verdict (grader/student_run.h, grader/verdict.h), and for a
// failure the reproduce line and the kept case (grader/feedback/reproduce.h). Tests run on base/parallel.h;
// each result lands at its test's index, so the order of results never depends on timing.
#include "grader/grade.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>

#include <fmt/format.h>

#include "grader/feedback/failure_context.h"
#include "grader/feedback/keep.h"
#include "grader/feedback/minimize_failures.h"
#include "grader/feedback/reproduce.h"
#include "grader/student_run.h"
#include "testcase/compare.h"  // assert_line_from_stderr, error_from_stderr
#include "base/parallel.h"
#include "sandbox/stop_signal.h"

namespace uirgrade {
namespace {

constexpr int kAttempts = 2;  // an internal error (spawn failed) is retried once

std::string context_of_failure(const TestCase& test, const Expected& expected, const Outcome& outcome) {
  FailureFacts facts;
  facts.oracle = &expected.compiled;
  facts.oracle_exit = expected.exit_code;
  facts.oracle_assert_line = expected.run.failed_assert_line;
  facts.student_assert_line = assert_line_from_stderr(outcome.actual_err);
  if (auto reported = error_from_stderr(outcome.actual_err)) facts.student_error_line = reported->line;
  facts.input_text = expected.input_text;
  facts.wrong_slot = outcome.failure->wrong_slot;
  return failure_context(test, facts);
}

/// A passing work test: its figure, its work points, and for a scored week an internal error of
/// the counter as the test's (retried, never the student's loss).
void apply_work(const WorkFigure& work, TestResult& result) {
  result.work = work;
  result.points += work.points;
  if (work.max_points > 0 && work.status == WorkFigure::Status::InternalError) {
    result.verdict = Verdict::InternalError;
    result.points = 0;
    result.message = work.message;
  }
}

constexpr const char* kBudgetRanOut = "the student's time budget (--student-budget) ran out";

TestResult not_run_result(const TestCase& test, std::string message) {
  TestResult result = result_naming(test);
  result.verdict = Verdict::NotRun;
  // max_points stays: its points are lost, and still counted in max_points
  result.message = std::move(message);
  return result;
}

TestResult grade_test_once(const TestCase& test, const ExpectedOrError& computed, const GradeConfig& config,
                           CommandRunner& runner, CCompiler& compiler) {
  TestResult result = result_naming(test);

  if (auto* error = std::get_if<std::string>(&computed)) {
    result.verdict = Verdict::InternalError;
    result.message = "the suite cannot make this test's data (not your fault): " + *error;
    return result;
  }
  if (config.build_failure) {
    result.verdict = Verdict::BuildFailed;
    result.message = "your submission did not build: " + config.build_failure->message;
    result.details = config.build_failure->log;
    return result;
  }
  const Expected& expected = std::get<Expected>(computed);
  if (stop_requested()) return not_run_result(test, "not run: " + describe_stop());
  ProcessLimits limits = limits_for_test(test, config, expected.specs);
  bool cut_by_budget = false;
  if (config.deadline) {
    double left = std::chrono::duration<double>(*config.deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return not_run_result(test, fmt::format("not run: {} before this test", kBudgetRanOut));
    cut_by_budget = left < limits.wall_seconds;
    limits.wall_seconds = std::min(limits.wall_seconds, left);
    limits.cpu_seconds = std::min(limits.cpu_seconds, left);
    // Also for the runs whose limits are widened from these (a kernel counted under valgrind).
    limits.not_after = *config.deadline;
  }
  Outcome outcome = run_student_on_test(test, expected, limits, config, runner, compiler);
  if (config.on_student_output) config.on_student_output(test, outcome.rendered_c, outcome.actual_out, outcome.actual_err);
  // A time-out caused by the budget's cut is the budget's, not the student's.
  if (cut_by_budget && outcome.failure && outcome.failure->verdict == Verdict::Timeout)
    return not_run_result(test, fmt::format("not run: {} during this test", kBudgetRanOut));
  // A failure once the grader is stopping may be the stop's own doing (a run killed, a compile
  // refused): not the student's. A pass that finished before it stands.
  if (outcome.failure && stop_requested()) return not_run_result(test, "not run: " + describe_stop());
  result.seconds = outcome.seconds;
  result.compile_seconds = outcome.compile_seconds;
  if (!outcome.failure) {
    result.verdict = Verdict::Pass;
    result.points = test.points;
    result.message = outcome.note;
    if (outcome.work) apply_work(*outcome.work, result);
    return result;
  }
  result.verdict = outcome.failure->verdict;
  result.message = outcome.failure->message;
  result.details = outcome.failure->details;
  result.student_said = outcome.student_said;
  result.reproduce = reproduce_commands(test, config);
  result.description = test_description(test);
  result.context = context_of_failure(test, expected, outcome);
  if (!config.keep_dir.empty() && result.verdict != Verdict::InternalError)
    keep_case(test, config, expected, outcome, result);
  return result;
}

}  // namespace

TestResult result_naming(const TestCase& test) {
  TestResult result;
  result.name = test.name;
  result.suite = test.suite;
  result.week = test.week;
  result.mode = test.mode;
  result.visibility = test.visibility;
  result.minimized_shown = test.minimized_shown;
  result.max_points = test.points + (counts_work(test) && test.work_limit ? test.work_points : 0);
  return result;
}

TestResult grade_test(const TestCase& test, const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  return grade_test(test, compute_expected(test, config.seed), config, runner, compiler);
}

TestResult grade_test(const TestCase& test, const ExpectedOrError& expected, const GradeConfig& config,
                      CommandRunner& runner, CCompiler& compiler) {
  TestResult result;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    // A check that throws on what a student printed (memory it could not get, a bug of ours) costs
    // that test, as an error of ours, never the run: the class's other students are still graded.
    try {
      result = grade_test_once(test, expected, config, runner, compiler);
    } catch (const std::exception& error) {
      result = result_naming(test);
      result.verdict = Verdict::InternalError;
      result.message = fmt::format("internal error (not your fault): the grader failed on this test: {}", error.what());
    }
    if (result.verdict != Verdict::InternalError) break;
  }
  return result;
}

std::string describe_run_stop(RunStop stop, int max_failures) {
  switch (stop) {
    case RunStop::MaxFailures: return fmt::format("grading stopped after {} failures (--max-failures)", max_failures);
    case RunStop::StudentBudget: return kBudgetRanOut;
    case RunStop::Stopped: return describe_stop();
    case RunStop::Finished: break;
  }
  return "every test ran";
}

GradeRun grade_tests(const std::vector<TestCase>& tests, const GradeConfig& config, CommandRunner& runner,
                     CCompiler& compiler, const std::function<void(const TestResult&)>& on_finished) {
  std::vector<std::optional<TestResult>> slots(tests.size());
  std::atomic<int> failures{0};
  std::mutex finished_mutex;
  auto budget_spent = [&] { return config.deadline && std::chrono::steady_clock::now() >= *config.deadline; };
  // The first cause that said stop; the pool's threads ask keep_going concurrently.
  std::mutex stop_mutex;
  RunStop stopped_by = RunStop::Finished;
  auto keep_going = [&] {
    RunStop stop = stop_requested()                                                    ? RunStop::Stopped
                   : config.max_failures != 0 && failures.load() >= config.max_failures ? RunStop::MaxFailures
                   : budget_spent()                                                     ? RunStop::StudentBudget
                                                                                        : RunStop::Finished;
    if (stop == RunStop::Finished) return true;
    std::lock_guard lock(stop_mutex);
    if (stopped_by == RunStop::Finished) stopped_by = stop;
    return false;
  };
  // Two phases: every visible test (and the minimising of its failure) ends before the first hidden
  // or after-due-date test starts, so that nothing a secret test leaves behind (in whatever the
  // sandbox does not reset, docs/instructors.md) can reach a report the student sees.
  double minimize_seconds_left = config.minimize_seconds;
  for (bool visible_phase : {true, false}) {
    std::vector<size_t> phase;
    for (size_t k = 0; k < tests.size(); ++k)
      if ((tests[k].visibility == Visibility::Visible) == visible_phase) phase.push_back(k);
    // The longest first: a test whose work is counted takes seconds (two compiles, two runs under
    // valgrind); started last, it would leave the other threads idle at the end of the phase.
    std::stable_partition(phase.begin(), phase.end(), [&](size_t k) { return counts_work(tests[k]); });
    run_on_pool(phase.size(), config.jobs, keep_going, [&](size_t i) {
      size_t k = phase[i];
      TestResult result = grade_test(tests[k], config, runner, compiler);
      if (result.verdict != Verdict::Pass) failures.fetch_add(1);
      std::lock_guard lock(finished_mutex);
      slots[k] = std::move(result);
      if (on_finished) on_finished(*slots[k]);
    });
    if (budget_spent() || stop_requested()) continue;
    // This phase's failures only (the other's are hidden from the minimiser), within what is left of
    // the run's one minimising budget.
    std::vector<std::optional<TestResult>> phase_slots(tests.size());
    for (size_t k : phase) phase_slots[k] = std::move(slots[k]);
    GradeConfig phase_config = config;
    phase_config.minimize_seconds = minimize_seconds_left;
    const auto minimizing_started = std::chrono::steady_clock::now();
    minimize_generated_failures(tests, phase_slots, phase_config, runner, compiler);
    minimize_seconds_left = std::max(
        0.0, minimize_seconds_left -
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - minimizing_started).count());
    for (size_t k : phase) slots[k] = std::move(phase_slots[k]);
  }

  // One reason for every test left unrun: the cause that stopped the run.
  const std::string not_run_reason = "not run: " + describe_run_stop(stopped_by, config.max_failures);
  GradeRun run;
  for (size_t k = 0; k < tests.size(); ++k) {
    if (!slots[k]) {
      ++run.not_run;
      slots[k] = not_run_result(tests[k], not_run_reason);
    }
    run.results.push_back(std::move(*slots[k]));
  }
  // The pool may be told to stop when no test is left to take: then nothing was stopped.
  if (run.not_run > 0) run.stopped_by = stopped_by;
  // A stop also cuts tests short that the pool had already taken: they count as not run too.
  if (stop_requested()) {
    run.stopped_by = RunStop::Stopped;
    run.not_run = static_cast<int>(std::count_if(run.results.begin(), run.results.end(), [](const TestResult& result) {
      return result.verdict == Verdict::NotRun;
    }));
  }
  return run;
}

}  // namespace uirgrade
