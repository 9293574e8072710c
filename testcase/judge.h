// The one judge of spec §6.3: what a compiler under test printed and how it exited, against the
// oracle's outcome of the test. The grader (grader/verdict.cc, which words the verdict for people)
// and the in-process grading of mutants (mutation/mutant_grading.cc) both ask it, so a student and a
// mutant are judged by the same comparisons in the same order.
#pragma once

#include <optional>
#include <string_view>

#include "testcase/compare.h"
#include "testcase/expected.h"
#include "testcase/case.h"

namespace uirgrade {

/// What a command printed and how it exited (a process that exited 0, 1 or 2, or an in-process run).
struct Printed {
  int exit_code = 0;
  std::string_view out, err;
};

/// The first of spec §6.3's checks an outcome fails, in their order.
enum class Mismatch {
  None,             // it passes
  ExitCode,         // another exit code than the oracle's
  ErrorRule,        // exit 2 on both sides, the test names its rule (`# error:`) and the student's differs
  MalformedOutput,  // stdout is not the slot lines of spec §6.1 (`difference` says where)
  Buffer,           // a checked slot differs (`difference`, with its slot)
  AssertLine,       // exit 1 on both sides, but not the first failing assert's line (`assert_line`)
};

struct OutcomeJudgement {
  Mismatch mismatch = Mismatch::None;
  Difference difference;                  // MalformedOutput, Buffer
  std::optional<ReportedError> reported;  // exit 2 on both sides: the error the student reported, if any
  std::optional<int> assert_line;         // exit 1 on both sides: the line of the student's assert line

  bool passes() const { return mismatch == Mismatch::None; }
  /// Exit 2 on both sides and passing, but the student's rule or line differs from the oracle's:
  /// feedback on a pass, not a failure (spec §6.3).
  bool error_differs(const Expected& expected) const;
};

/// Exit code, then the rule (exit 2) or the output's form and the checked buffers, then the failing
/// assert's line (exit 1): the first that differs decides.
OutcomeJudgement judge_outcome(const TestCase& test, const Expected& expected, const Printed& printed);

}  // namespace uirgrade
