#include "grader/verdict.h"

#include <fmt/format.h>

#include "testcase/compare.h"
#include "grader/headline.h"

namespace uirgrade {

std::string describe_exit(const ProcessResult& result) {
  return fmt::format("exit {}{}", result.exit_code, in_its_words(result));
}

// The rule decides only when the test names one (`# error:`); otherwise the student's rule and
// line are feedback (spec §6.3, docs/decisions/grader.md).
std::optional<Judgement> judge_invalid_program(const TestCase& test, const Expected& expected,
                                               std::string_view err, std::string* note) {
  std::optional<ReportedError> reported = error_from_stderr(err);
  std::string yours = reported ? fmt::format("you report {} at line {}", reported->rule, reported->line)
                               : fmt::format("your stderr has no `{}:LINE: error: RULE: ...` line", kProgramFile);
  std::string feedback = fmt::format("{}; the oracle reports {} at line {}", yours, expected.rule(),
                                     expected.compiled.error->line);
  if (test.expect_error_rule && (!reported || reported->rule != expected.rule()))
    return judged(Verdict::WrongExit, fmt::format("exit 2 as expected, but the wrong rule: {}", feedback),
                  uir::format_error(expected.compiled.program, *expected.compiled.error) + "\n");
  if (!reported || reported->rule != expected.rule() || reported->line != expected.compiled.error->line)
    *note = feedback;
  return std::nullopt;
}

std::optional<Judgement> compare_outcome(const TestCase& test, const Expected& expected,
                                         const ProcessResult& result, std::string_view what, std::string* note) {
  if (result.exit_code != expected.exit_code)
    return judged(Verdict::WrongExit,
                  fmt::format("{}: {}; the oracle: {}", what, describe_exit(result), expected.describe()),
                  result.err.empty() ? "" : "stderr:\n" + first_lines(result.err, 10));
  if (expected.exit_code == 2) return judge_invalid_program(test, expected, result.err, note);

  auto parsed = parse_student_output(result.out, expected.specs);
  if (auto* difference = std::get_if<Difference>(&parsed)) {
    // stdout is what the difference shows; what the program said on stderr may say why.
    std::string headline = stderr_headline(result.err);
    return judged(Verdict::MalformedOutput,
                  fmt::format("{}: malformed output: {}{}", what, difference->message,
                              headline.empty() ? "" : " (stderr: " + headline + ")"),
                  difference->details + (headline.empty() ? "" : "stderr:\n" + first_lines(result.err, 10)));
  }
  const auto& got = std::get<std::vector<uir::SlotData>>(parsed);
  if (auto difference = compare_buffers(expected.run.buffers, got, test.check_slots, test.tolerance)) {
    Judgement wrong =
        judged(Verdict::WrongBuffer, fmt::format("{}: wrong buffer: {}", what, difference->message), difference->details);
    if (difference->slot >= 0) wrong.wrong_slot = difference->slot;
    return wrong;
  }
  if (expected.exit_code == 1) {
    std::optional<int> line = assert_line_from_stderr(result.err);
    if (line != expected.run.failed_assert_line)
      return judged(
          Verdict::WrongBuffer,
          line ? fmt::format("{}: the failing assert that comes first in the file is at line {}, not {}", what,
                             expected.run.failed_assert_line, *line)
               : fmt::format("{}: exit 1, but the first stderr line is not `{}:{}: assert failed`", what,
                             kProgramFile, expected.run.failed_assert_line),
          "stderr:\n" + first_lines(result.err, 5));
  }
  return std::nullopt;
}

}  // namespace uirgrade
