// The grading engine: for each TestCase, the oracle's outcome is computed in-process and the
// student's compiler is run (a run test) or its rendered C compiled and run (a render test) under
// the CommandRunner; the outcome becomes a TestResult with a verdict people can act on.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "grader/c_compile.h"
#include "grader/process.h"
#include "grader/result.h"
#include "grader/test_case.h"

namespace uirgrade {

struct GradeConfig {
  std::string student;       // the path as given (reproduce commands)
  std::string student_path;  // the absolute path that is run (each test runs in a fresh directory)
  int week = 0;
  uint64_t seed = 0;
  int jobs = 1;
  std::optional<double> timeout_seconds;  // --timeout; a test's own timeout wins over it
  ProcessLimits limits;                   // the week's defaults
  Sandbox sandbox = Sandbox::Auto;
  int max_failures = 0;                   // 0: no limit
  std::string keep_dir;                   // empty: keep nothing
  std::string suites_arg;                 // `--suites DIR` for reproduce lines when not the default
  int fuzz_count = 0;                     // --fuzz N, repeated in reproduce lines of fuzz/<n> tests
  /// Test-only weakening, never set by the CLI: the student is handed the whole test file, headers
  /// included, instead of student_program() (spec §7), to show what blanking prevents.
  bool weakened_hand_over_whole_file = false;
  /// Shrinks a failing generated test (grader/fuzz_shrink.h): given it and a predicate saying whether
  /// a candidate test still fails the same way, the smallest such test. Unset: no shrinking.
  std::function<std::optional<TestCase>(const TestCase& failing,
                                        const std::function<bool(const TestCase&)>& still_fails)>
      shrink;
};

/// The limits of one test's student commands: the week's, with the test's timeout (or --timeout),
/// and a stdout cap sized from the program's buffers (spec §7).
ProcessLimits limits_for_test(const TestCase& test, const GradeConfig& config,
                              const std::vector<uir::SlotSpec>& specs);

/// Grades one test. Thread-safe; a test whose process could not be started is tried twice.
TestResult grade_test(const TestCase& test, const GradeConfig& config, CommandRunner& runner,
                      CCompiler& compiler);

struct GradeRun {
  std::vector<TestResult> results;  // in the order of the tests (only those that ran)
  int not_run = 0;                  // skipped after --max-failures
};

/// Grades `tests` on config.jobs threads. `on_finished` is called (one call at a time) as each
/// test finishes, for the progress line.
GradeRun grade_tests(const std::vector<TestCase>& tests, const GradeConfig& config, CommandRunner& runner,
                     CCompiler& compiler, const std::function<void(const TestResult&)>& on_finished);

/// The hook for generated programs (generators/fuzz.h): TestCases named fuzz/<n> for a week, made
/// from the seed, `counts_by_kind` programs of each kind ("valid", "invalid"); or an error message.
using FuzzSource = std::function<std::variant<std::vector<TestCase>, std::string>(
    const std::map<std::string, int>& counts_by_kind, uint64_t seed, int week)>;

}  // namespace uirgrade
