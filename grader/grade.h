// The grading engine: for each TestCase, the oracle's outcome (testcase/expected.h) is computed
// in-process and the student's compiler is run on it (grader/student_run.h); the outcome becomes a
// TestResult with a verdict people can act on, a reproduce line and, with --keep, a kept case
// (grader/feedback/reproduce.h). Tests run on a pool (base/parallel.h); then the failing generated programs
// are minimised (grader/feedback/minimize_failures.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "grader/render/c_compile.h"
#include "testcase/expected.h"
#include "grader/grade_config.h"
#include "sandbox/process.h"
#include "grader/result.h"
#include "testcase/case.h"

namespace uirgrade {

/// A result that names `test` (name, suite, week, mode, visibility, max points) and is not graded:
/// an entry of the class's test list, or the start of a test's result.
TestResult result_naming(const TestCase& test);

/// Grades one test. Thread-safe; a test whose process could not be started is tried twice.
TestResult grade_test(const TestCase& test, const GradeConfig& config, CommandRunner& runner,
                      CCompiler& compiler);
/// The same with the oracle's outcome already computed (compute_expected(test, config.seed)).
TestResult grade_test(const TestCase& test, const ExpectedOrError& expected, const GradeConfig& config,
                      CommandRunner& runner, CCompiler& compiler);

/// Why a run left tests unrun.
/// Stopped: the grader was asked to stop (SIGTERM, SIGINT, SIGHUP; sandbox/stop_signal.h).
enum class RunStop { Finished, MaxFailures, StudentBudget, Stopped };

struct GradeRun {
  std::vector<TestResult> results;  // in the order of the tests, every test (those not run: NotRun)
  int not_run = 0;                  // skipped after --max-failures, the student budget or a stop
  RunStop stopped_by = RunStop::Finished;  // what skipped them; Finished when not_run == 0
};

/// What stopped a run, for people: "the student's time budget (--student-budget) ran out".
std::string describe_run_stop(RunStop stop, int max_failures);

/// Grades `tests` on config.jobs threads. `on_finished` is called (one call at a time) as each
/// test finishes, for the progress line.
GradeRun grade_tests(const std::vector<TestCase>& tests, const GradeConfig& config, CommandRunner& runner,
                     CCompiler& compiler, const std::function<void(const TestResult&)>& on_finished);

/// The hook for generated programs (generators/fuzz.h): TestCases named fuzz/<n> for a week, made
/// from the seed, `counts_by_kind` programs of each kind ("valid", "invalid"); or an error message.
using FuzzSource = std::function<std::variant<std::vector<TestCase>, std::string>(
    const std::map<std::string, int>& counts_by_kind, uint64_t seed, int week)>;

}  // namespace uirgrade
