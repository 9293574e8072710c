// Running a student on one test: `run` with the data on stdin, or `render`, the render checks, a
// compile with the grader's driver and a run of that binary; each process in a fresh directory
// under the CommandRunner, judged as it finishes (grader/judge.h, then grader/verdict.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/render/c_compile.h"
#include "testcase/expected.h"
#include "grader/grade_config.h"
#include "grader/judge.h"
#include "grader/work/work_result.h"
#include "sandbox/process.h"

namespace uirgrade {

/// What the student's command(s) produced: the verdict, and what --keep writes.
struct Outcome {
  std::optional<Judgement> failure;  // nullopt: pass
  std::string note;                  // feedback on a pass (the student's error line for exit 2)
  double seconds = 0;
  double compile_seconds = 0;  // render: the C compiler's wall time on the kernel (0 when cached)
  std::string actual_out, actual_err;
  /// A failure of the student's own process (not of the C compiler or the kernel): what it said
  /// (grader/feedback/headline.h's own_words), for the reports' "your compiler did not start" cause.
  std::string student_said;
  std::string rendered_c, driver_c;
  std::optional<WorkFigure> work;  // a passing `# render: work` test: its kernel's work (grader/work/work_measure.h)
};

/// The limits of one test's student commands: the week's, with the test's timeout capped by --timeout,
/// and a stdout cap sized from the program's buffers (spec §7).
ProcessLimits limits_for_test(const TestCase& test, const GradeConfig& config,
                              const std::vector<uir::SlotSpec>& specs);

/// The prog.uir the student is given: the program without its leading comments (spec §7).
std::string handed_program(const TestCase& test, const GradeConfig& config);

/// Runs the student on `test` (its mode decides run or render) and judges what it did against
/// `expected`. Thread-safe when the runner and compiler are.
Outcome run_student_on_test(const TestCase& test, const Expected& expected, const ProcessLimits& limits,
                            const GradeConfig& config, CommandRunner& runner, CCompiler& compiler);

}  // namespace uirgrade
