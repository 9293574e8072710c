// The oracle's count is the reference: compiled and counted exactly like the student's (same driver,
// flags, data and counter), cached per program and data since it is the same for every student.
// The student's counted run must be the graded run again (issue 39): a kernel that tells the two
// apart and behaves otherwise when counted (crashes, exits otherwise, computes other buffers) gets
// the verdict that behaviour earns in a graded run, and no figure.
#include "grader/work/work_measure.h"

#include <fmt/format.h>

#include "grader/work/hot_lines.h"
#include "grader/verdict.h"

namespace uirgrade {
namespace {

constexpr const char* kCountedKernel = "the rendered kernel under the instruction counter";
constexpr const char* kSameInEveryRun =
    "a kernel's results and work may depend only on its buffers' contents, never on how it is run (spec §6.2)";

}  // namespace

void score_work(const TestCase& test, WorkFigure& work) {
  work.limit = test.work_limit;
  work.max_points = test.work_limit ? test.work_points : 0;
  work.points = work.status == WorkFigure::Status::Measured && test.work_limit && work.ratio <= *test.work_limit
                    ? work.max_points
                    : 0;
}

MeasuredWork measure_work(const TestCase& test, const Expected& expected, const std::string& student_c,
                          const std::string& driver_c, const ProcessLimits& limits, const CompileLimits& compile_limits,
                          WorkCounter& counter, bool compare_counted_run) {
  MeasuredWork measured;
  WorkFigure& work = measured.work;
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
    return measured;
  }
  WorkCount student = counter.count(student_c, driver_c, expected.input_text, limits, compile_limits);
  work.seconds += student.seconds;
  if (student.status == WorkCount::Status::KernelFailed && compare_counted_run) {
    measured.failure = judged(student.refused_syscall ? Verdict::ForbiddenConstruct : Verdict::Crash,
                              fmt::format("{} {}, after its graded run passed: {}", kCountedKernel, student.message,
                                          kSameInEveryRun),
                              student.run.err.substr(0, 2000));
    return measured;
  }
  if (student.status == WorkCount::Status::Ok && compare_counted_run) {
    std::string note;
    if (std::optional<Judgement> differs = compare_outcome(test, expected, student.run, kCountedKernel, &note)) {
      differs->message += fmt::format(", after its graded run passed: {}", kSameInEveryRun);
      measured.failure = std::move(differs);
      return measured;
    }
  }
  if (student.status != WorkCount::Status::Ok) {
    const bool students = student.status != WorkCount::Status::InternalError;
    work.status = students ? WorkFigure::Status::KernelFailed : WorkFigure::Status::InternalError;
    work.message = !students ? "internal error (not your fault): " + student.message
                   : student.status == WorkCount::Status::KernelFailed
                       ? fmt::format("the kernel {} under the instruction counter", student.message)
                       : student.message;
    score_work(test, work);
    return measured;
  }
  work.status = WorkFigure::Status::Measured;
  work.student_instructions = student.profile.instructions;
  work.oracle_instructions = reference.profile.instructions;
  work.ratio = reference.profile.instructions == 0
                   ? (student.profile.instructions == 0 ? 1.0 : static_cast<double>(student.profile.instructions))
                   : static_cast<double>(student.profile.instructions) / static_cast<double>(reference.profile.instructions);
  // Counted at -O1, a line whose work is an inlined helper's has no instruction of its own: it runs
  // as often as its block (both sides alike).
  oracle.runs_by_line = runs_of_every_statement(oracle.c, reference.profile.runs_by_line);
  work.hot_lines = find_hot_lines(student_c, runs_of_every_statement(student_c, student.profile.runs_by_line), oracle);
  score_work(test, work);
  return measured;
}

}  // namespace uirgrade
