// The oracle's count is the reference: compiled and counted exactly like the student's (same driver,
// flags, data and counter), cached per program and data since it is the same for every student.
#include "grader/work_measure.h"

#include "grader/hot_lines.h"

namespace uirgrade {

void score_work(const TestCase& test, WorkFigure& work) {
  work.limit = test.work_limit;
  work.max_points = test.work_limit ? test.work_points : 0;
  work.points = work.status == WorkFigure::Status::Measured && test.work_limit && work.ratio <= *test.work_limit
                    ? work.max_points
                    : 0;
}

WorkFigure measure_work(const TestCase& test, const Expected& expected, const std::string& student_c,
                        const std::string& driver_c, const ProcessLimits& limits, const CompileLimits& compile_limits,
                        WorkCounter& counter) {
  WorkFigure work;
  OracleKernelRuns oracle;
  oracle.c = uir::render_c(expected.compiled, &oracle.line_stmts);
  oracle.compiled = &expected.compiled;
  oracle.source = test.source;
  WorkCount reference = counter.count_reference(oracle.c, driver_c, expected.input_text, limits);
  work.seconds += reference.seconds;
  if (reference.status != WorkCount::Status::Ok) {
    work.status = WorkFigure::Status::InternalError;  // the oracle's kernel is ours, whatever happened to it
    work.message = "counting the oracle's kernel failed (not your fault): " + reference.message;
    score_work(test, work);
    return work;
  }
  WorkCount student = counter.count(student_c, driver_c, expected.input_text, limits, compile_limits);
  work.seconds += student.seconds;
  if (student.status != WorkCount::Status::Ok) {
    work.status = student.status == WorkCount::Status::KernelFailed ? WorkFigure::Status::KernelFailed
                                                                    : WorkFigure::Status::InternalError;
    work.message = student.status == WorkCount::Status::KernelFailed ? student.message
                                                                     : "internal error (not your fault): " + student.message;
    score_work(test, work);
    return work;
  }
  work.status = WorkFigure::Status::Measured;
  work.student_instructions = student.profile.instructions;
  work.oracle_instructions = reference.profile.instructions;
  work.ratio = reference.profile.instructions == 0
                   ? (student.profile.instructions == 0 ? 1.0 : static_cast<double>(student.profile.instructions))
                   : static_cast<double>(student.profile.instructions) / static_cast<double>(reference.profile.instructions);
  oracle.runs_by_line = reference.profile.runs_by_line;
  work.hot_lines = find_hot_lines(student_c, student.profile.runs_by_line, oracle);
  score_work(test, work);
  return work;
}

}  // namespace uirgrade
