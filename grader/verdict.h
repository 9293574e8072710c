// The verdict of a student's process that exited 0, 1 or 2, against the oracle's outcome (spec §6.3):
// exit code, then output, then buffers, then the line of the failing assert. What a process did
// before that (time-outs, crashes, limits) is judged first by grader/judge.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "testcase/expected.h"
#include "grader/judge.h"
#include "sandbox/process.h"

namespace uirgrade {

/// "exit 3 (stderr: HEADLINE)", or "exit 3 (stdout: FIRST LINES)" when it wrote nothing on stderr:
/// what a process did, in messages.
std::string describe_exit(const ProcessResult& result);

/// Exit 2 on both sides: a failure only when the test names a rule (`# error:`) and the student's
/// differs; otherwise a mismatch in rule or line becomes `*note`, feedback on a pass. Judged by
/// testcase/judge.h, like compare_outcome.
std::optional<Judgement> judge_invalid_program(const TestCase& test, const Expected& expected,
                                               std::string_view err, std::string* note);

/// The whole comparison of a process that exited 0, 1 or 2: the one judge's answer
/// (testcase/judge.h, which the mutants' grading asks too) in words. `what` names it in messages.
std::optional<Judgement> compare_outcome(const TestCase& test, const Expected& expected,
                                         const ProcessResult& result, std::string_view what, std::string* note);

}  // namespace uirgrade
