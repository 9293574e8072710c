#include "testcase/judge.h"

#include <variant>

namespace uirgrade {

bool OutcomeJudgement::error_differs(const Expected& expected) const {
  return !reported || reported->rule != expected.rule() || reported->line != expected.compiled.error->line;
}

OutcomeJudgement judge_outcome(const TestCase& test, const Expected& expected, const Printed& printed) {
  OutcomeJudgement judgement;
  if (printed.exit_code != expected.exit_code) {
    judgement.mismatch = Mismatch::ExitCode;
    return judgement;
  }
  if (expected.exit_code == 2) {
    // The rule decides only when the test names one (`# error:`); otherwise the student's rule and
    // line are feedback (spec §6.3, docs/decisions/grader.md).
    judgement.reported = error_from_stderr(printed.err);
    if (test.expect_error_rule && (!judgement.reported || judgement.reported->rule != expected.rule()))
      judgement.mismatch = Mismatch::ErrorRule;
    return judgement;
  }
  auto parsed = parse_student_output(printed.out, expected.specs);
  if (auto* difference = std::get_if<Difference>(&parsed)) {
    judgement.mismatch = Mismatch::MalformedOutput;
    judgement.difference = std::move(*difference);
    return judgement;
  }
  if (auto difference = compare_buffers(expected.run.buffers, std::get<std::vector<uir::SlotData>>(parsed),
                                        test.check_slots, test.tolerance)) {
    judgement.mismatch = Mismatch::Buffer;
    judgement.difference = std::move(*difference);
    return judgement;
  }
  if (expected.exit_code == 1) {
    judgement.assert_line = assert_line_from_stderr(printed.err);
    if (judgement.assert_line != expected.run.failed_assert_line) judgement.mismatch = Mismatch::AssertLine;
  }
  return judgement;
}

}  // namespace uirgrade
