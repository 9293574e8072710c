#include "grader/verdict.h"

#include <fmt/format.h>

#include "testcase/compare.h"
#include "testcase/judge.h"
#include "grader/feedback/headline.h"

namespace uirgrade {

std::string describe_exit(const ProcessResult& result) {
  return fmt::format("exit {}{}", result.exit_code, in_its_words(result));
}

namespace {

/// "you report E-X at line 3; the oracle reports E-Y at line 2": feedback on exit 2 on both sides.
std::string error_feedback(const Expected& expected, const std::optional<ReportedError>& reported) {
  std::string yours = reported ? fmt::format("you report {} at line {}", reported->rule, reported->line)
                               : fmt::format("your stderr has no `{}:LINE: error: RULE: ...` line", kProgramFile);
  return fmt::format("{}; the oracle reports {} at line {}", yours, expected.rule(), expected.compiled.error->line);
}

/// The one judge's answer (testcase/judge.h) in words: the failure, or a note on a pass.
std::optional<Judgement> worded(const OutcomeJudgement& judgement, const Expected& expected,
                                const ProcessResult& result, std::string_view what, std::string* note) {
  switch (judgement.mismatch) {
    case Mismatch::None:
      if (expected.exit_code == 2 && judgement.error_differs(expected))
        *note = error_feedback(expected, judgement.reported);
      return std::nullopt;
    case Mismatch::ExitCode:
      return judged(Verdict::WrongExit,
                    fmt::format("{}: {}; the oracle: {}", what, describe_exit(result), expected.describe()),
                    result.err.empty() ? "" : "stderr:\n" + first_lines(result.err, 10));
    case Mismatch::ErrorRule:
      return judged(Verdict::WrongExit,
                    fmt::format("exit 2 as expected, but the wrong rule: {}", error_feedback(expected, judgement.reported)),
                    uir::format_error(expected.compiled.program, *expected.compiled.error) + "\n");
    case Mismatch::MalformedOutput: {
      // stdout is what the difference shows; what the program said on stderr may say why.
      std::string headline = stderr_headline(result.err);
      return judged(Verdict::MalformedOutput,
                    fmt::format("{}: malformed output: {}{}", what, judgement.difference.message,
                                headline.empty() ? "" : " (stderr: " + headline + ")"),
                    judgement.difference.details + (headline.empty() ? "" : "stderr:\n" + first_lines(result.err, 10)));
    }
    case Mismatch::Buffer: {
      Judgement wrong = judged(Verdict::WrongBuffer, fmt::format("{}: wrong buffer: {}", what, judgement.difference.message),
                               judgement.difference.details);
      if (judgement.difference.slot >= 0) wrong.wrong_slot = judgement.difference.slot;
      return wrong;
    }
    case Mismatch::AssertLine:
      return judged(
          Verdict::WrongBuffer,
          judgement.assert_line
              ? fmt::format("{}: the failing assert that comes first in the file is at line {}, not {}", what,
                            expected.run.failed_assert_line, *judgement.assert_line)
              : fmt::format("{}: exit 1, but the first stderr line is not `{}:{}: assert failed`", what, kProgramFile,
                            expected.run.failed_assert_line),
          "stderr:\n" + first_lines(result.err, 5));
  }
  return std::nullopt;
}

}  // namespace

std::optional<Judgement> judge_invalid_program(const TestCase& test, const Expected& expected,
                                               std::string_view err, std::string* note) {
  ProcessResult exited_2;
  exited_2.exit_code = 2;
  exited_2.err = std::string(err);
  return worded(judge_outcome(test, expected, {2, "", err}), expected, exited_2, "", note);
}

std::optional<Judgement> compare_outcome(const TestCase& test, const Expected& expected,
                                         const ProcessResult& result, std::string_view what, std::string* note) {
  return worded(judge_outcome(test, expected, {result.exit_code, result.out, result.err}), expected, result, what,
                note);
}

}  // namespace uirgrade
