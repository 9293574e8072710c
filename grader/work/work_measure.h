// The work figure of one `# render: work` test (spec §7, issue 26): the student's kernel and the
// oracle's, counted the same way (grader/work/work_counter.h), their ratio, the hot lines
// (grader/work/hot_lines.h), and the week's verdict on it (advisory, or points within a limit).
#pragma once

#include <optional>
#include <string>

#include "grader/judge.h"
#include "grader/work/work_counter.h"
#include "grader/work/work_result.h"
#include "testcase/expected.h"
#include "testcase/case.h"

namespace uirgrade {

struct MeasuredWork {
  WorkFigure work;
  /// The kernel behaved otherwise when counted than when graded (killed by a signal, another exit,
  /// buffers or assert line other than the oracle's): the test's verdict, and the figure is not given.
  std::optional<Judgement> failure;
};

/// Counts `student_c` (which passed the test) and the oracle's C for the test's program and data,
/// both with `driver_c` on the test's stdin, and compares the counted run with the oracle like the
/// graded run (unless `compare_counted_run` is false: a test-only weakening). Scored when the test
/// has a work_limit (weeks.yaml).
MeasuredWork measure_work(const TestCase& test, const Expected& expected, const std::string& student_c,
                          const std::string& driver_c, const ProcessLimits& limits, const CompileLimits& compile_limits,
                          WorkCounter& counter, bool compare_counted_run = true);

/// The points of a measured figure under the test's plan: the work points when the ratio is within
/// the limit, else 0; sets work.limit, work.points and work.max_points.
void score_work(const TestCase& test, WorkFigure& work);

}  // namespace uirgrade
