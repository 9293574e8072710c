// The budget is shared, not per failure: a student with one bug fails many generated tests, and
// minimising each costs up to a few hundred runs of the student, so a fixed limit per failure would
// make grading time grow with the number of failures. Each failure's share is the time left spread
// over those not started yet (as many run at once as there are threads), so an early failure that
// minimises quickly leaves more to the later ones, and the last ones are never starved to nothing by
// a slow first one taking a whole fixed share.
#include "grader/feedback/minimize_failures.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include <fmt/format.h>

#include "generators/case_minimize.h"
#include "grader/grade.h"
#include "grader/feedback/keep.h"
#include "base/parallel.h"
#include "grader/feedback/reproduce.h"
#include "sandbox/stop_signal.h"

namespace uirgrade {
namespace {

using Clock = std::chrono::steady_clock;

/// Minimises one failing generated test within `seconds` and adds the smallest program to its result.
void minimize_failure(const TestCase& test, TestResult& result, double seconds, const GradeConfig& config,
                      CommandRunner& runner, CCompiler& compiler) {
  GradeConfig quiet = config;
  quiet.keep_dir.clear();
  // Once the grader is stopping no candidate is run: the minimiser runs out of attempts at once.
  auto still_fails = [&](const TestCase& candidate) {
    return !stop_requested() && grade_test(candidate, quiet, runner, compiler).verdict == result.verdict;
  };
  std::optional<TestCase> smallest = config.minimize(test, still_fails, seconds);
  if (!smallest || stop_requested()) return;
  smallest->name = test.name + std::string(kMinimizedSuffix);
  TestResult again = grade_test(*smallest, config, runner, compiler);  // keeps it with --keep
  result.minimized = uirgen::generated_program_text(*smallest);
  result.minimized_message = again.message;
  if (!config.keep_dir.empty()) {
    if (!result.reproduce.empty() && result.reproduce.back() != '\n') result.reproduce += '\n';
    result.reproduce += fmt::format("the minimised program, its data and reproduce.sh: {}/",
                                    kept_case_dir(config.keep_dir, kept_case_name(*smallest)));
  }
}

}  // namespace

bool worth_minimizing(Verdict verdict) {
  switch (verdict) {
    case Verdict::WrongExit:
    case Verdict::WrongBuffer:
    case Verdict::MalformedOutput:
    case Verdict::Crash:
    case Verdict::CompileError:
    case Verdict::SanitizerError:
    case Verdict::ForbiddenConstruct: return true;
    case Verdict::Pass:
    case Verdict::Timeout:
    case Verdict::MemoryLimit:
    case Verdict::OutputLimit:
    case Verdict::NotRun:
    case Verdict::BuildFailed:
    case Verdict::InternalError: return false;
  }
  return false;
}

void minimize_generated_failures(const std::vector<TestCase>& tests, std::vector<std::optional<TestResult>>& results,
                                 const GradeConfig& config, CommandRunner& runner, CCompiler& compiler) {
  if (!config.minimize) return;
  std::vector<size_t> failing;
  for (size_t k = 0; k < tests.size(); ++k)
    if (results[k] && tests[k].suite == "fuzz" && worth_minimizing(results[k]->verdict)) failing.push_back(k);
  if (failing.empty()) return;
  Clock::time_point end =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(config.minimize_seconds));
  if (config.deadline) end = std::min(end, *config.deadline);
  const size_t threads = static_cast<size_t>(std::max(1, config.jobs));
  std::atomic<size_t> started{0};
  run_on_pool(failing.size(), static_cast<int>(threads), [&] { return Clock::now() < end && !stop_requested(); },
              [&](size_t i) {
    const size_t waiting = failing.size() - started.fetch_add(1);  // this one and those not started
    const double left = std::chrono::duration<double>(end - Clock::now()).count();
    const double share = left * static_cast<double>(std::min(threads, waiting)) / static_cast<double>(waiting);
    if (share > 0) minimize_failure(tests[failing[i]], *results[failing[i]], share, config, runner, compiler);
  });
}

}  // namespace uirgrade
