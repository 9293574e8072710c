// The outcome of one graded test: what the engine (grade.cc) produces and every report reads.
#pragma once

#include <string>
#include <vector>

#include "grader/work/work_result.h"
#include "testcase/case.h"

namespace uirgrade {

enum class Verdict {
  Pass,
  WrongExit,        // exit code differs from the oracle's
  WrongBuffer,      // a checked buffer differs (or the failing assert's line)
  MalformedOutput,  // stdout is not slot lines as spec §6.1 says
  Timeout,
  Crash,            // killed by a signal, or an exit code outside 0/1/2
  MemoryLimit,      // probably: rlimits cannot be sure
  OutputLimit,
  CompileError,     // render: the C does not compile
  SanitizerError,   // render: UBSan/ASan report
  ForbiddenConstruct,  // render: while/do/goto/setjmp/recursion, or the wrong number of loops
  BuildFailed,      // a submission of sources whose build failed (submission_build.h): no test could run
  NotRun,           // not graded: --max-failures stopped the run, or the student's time budget ran out
  InternalError,    // ours, never the student's fault
};
std::string_view verdict_name(Verdict v);  // "pass", "wrong-exit", ...

struct TestResult {
  std::string name;   // "week3/accumulator"
  std::string suite;  // "week3"
  int week = 0;
  Mode mode = Mode::Run;
  Visibility visibility = Visibility::Visible;
  Verdict verdict = Verdict::Pass;
  double points = 0;      // earned
  double max_points = 0;
  double seconds = 0;     // wall time of the student's command(s)
  double compile_seconds = 0;  // render: the C compiler's wall time on the student's kernel (0: cached or none)
  std::string message;    // one line: what happened
  std::string details;    // a short readable diff, the first compiler errors, ...
  /// A failure of the student's process itself (wrong exit, malformed output, crash, time-out,
  /// memory): what it said, "stderr: HEADLINE" or "stdout: FIRST LINES" (grader/feedback/headline.h); raw,
  /// escaped by the reports. The same on every failing test: "your compiler did not start".
  std::string student_said;
  std::string reproduce;  // commands that reproduce the failure
  // Failures only (issue 12). Reports for students show them only for tests the student may see.
  std::string description;        // the test's own explanation: its leading comments and `# about:`
  std::string context;            // the program lines at fault, the input data, the oracle's placement
  std::string minimized;          // a generated test: the smallest program that fails the same way
  std::string minimized_message;  // how that smaller program fails
  bool minimized_shown = true;    // the student may see `minimized` even when the test is not visible
  /// A passing `# render: work` test: its kernel's work against the oracle's (grader/work/work_result.h);
  /// `points` and `max_points` include the work points of a scored week.
  std::optional<WorkFigure> work;
};

}  // namespace uirgrade
