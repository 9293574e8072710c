// What grading one student needs to know besides the tests: the student, the week, the seed, the
// limits, where failed cases are kept, and how generated failures are minimised. Every part of the
// engine (grader/student_run.h, grader/feedback/reproduce.h, grader/grade.h) reads it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "grader/weakenings.h"
#include "testcase/compile_limits.h"
#include "sandbox/process.h"
#include "testcase/case.h"

namespace uirgrade {

struct GradeConfig {
  std::string student;       // the path as given (reproduce commands)
  std::string student_path;  // the absolute path that is run (each test runs in a fresh directory)
  std::string submission_dir;  // the directory holding it, which all the student's processes may read
  /// Uid tier, class runs: the group of the student's private submission copy, which the student's
  /// processes (and no other student's) run with (ProcessRequest::extra_group). Unset: none.
  std::optional<gid_t> submission_group;
  /// A submission of sources whose build failed (submission_build.h): why, in one line, and the
  /// end of its log. Every test then fails with it, unrun.
  struct BuildFailure {
    std::string message, log;
  };
  std::optional<BuildFailure> build_failure;
  int week = 0;
  uint64_t seed = 0;
  bool seed_is_secret = false;  // --seed random: reproduce lines do not spell the seed
  int jobs = 1;
  std::optional<double> timeout_seconds;  // --timeout; caps a test's own timeout
  ProcessLimits limits;                   // the week's defaults
  CompileLimits compile_limits;           // the week's limits on compiling a rendered kernel
  int max_failures = 0;                   // 0: no limit
  /// The end of the student's time budget (--student-budget): each test's wall and CPU limits are
  /// cut to the time left, and a test not started by then is not run (a time-out). Unset: none.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::string keep_dir;                   // empty: keep nothing
  /// How reproduce lines name the executable when not `student`/`student_path`: a class run's
  /// students/<id>.txt speaks the student's terms ("./student-uirc"), not the instructor's paths.
  std::string reproduce_student;
  std::string suites_arg;                 // `--suites DIR` for reproduce lines when not the default
  int fuzz_count = 0;                     // --fuzz N, repeated in reproduce lines of fuzz/<n> tests
  GradingWeakenings weakened;  // test seams (grader/weakenings.h): none but in a test, never from the CLI
  /// Minimises a failing generated test (generators/case_minimize.h): given it, a predicate saying whether
  /// a candidate test still fails the same way and the seconds it may take, the smallest such test.
  /// Unset: no minimising.
  using MinimizeHook = std::function<std::optional<TestCase>(
      const TestCase& failing, const std::function<bool(const TestCase&)>& still_fails, double max_seconds)>;
  MinimizeHook minimize;
  /// Wall time for minimising all of a run's failing generated tests together (grader/feedback/minimize_failures.h).
  double minimize_seconds = 60;
  /// Instructor-side only: called (from any of the pool's threads) with what the student printed on
  /// each test it ran: the C of a render test, and its last process's stdout and stderr. A class run
  /// keeps it for the similarity report (class/similarity_evidence.h); no report is written from it.
  /// Unset: nothing is kept.
  using OutputHook = std::function<void(const TestCase& test, const std::string& rendered_c, const std::string& out,
                                        const std::string& err)>;
  OutputHook on_student_output;
};

}  // namespace uirgrade
