// The verdicts a finished process earns before its output is looked at, in the order of
// docs/subprocess-notes.md: internal error, output limit, the whole run's memory and working-
// directory limits (which may cause a time-out), time-out, memory (probable), sanitizer report,
// crash by signal, an exit code outside the contract; a process limit reached is added to the message. What is left (exit 0, 1
// or 2) is compared with the oracle by the engine.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "sandbox/process.h"
#include "grader/result.h"

namespace uirgrade {

/// A verdict with what to tell people.
struct Judgement {
  Verdict verdict = Verdict::Pass;
  std::string message;  // one line
  std::string details;
  std::optional<int> wrong_slot;  // WrongBuffer on a buffer: the slot that differs first (grader/verdict.h)
};

/// A judgement that names no slot (every verdict but a wrong buffer, which sets wrong_slot after).
inline Judgement judged(Verdict verdict, std::string message, std::string details = "") {
  return {verdict, std::move(message), std::move(details), std::nullopt};
}

/// `what` names the command in messages ("student-uirc run prog.uir"). `allowed_exits` are the exit
/// codes the contract allows (0, 1, 2 for the student; 0, 1 for a rendered kernel's driver).
/// `sanitized`: the program was built with -fsanitize, so a sanitizer report on stderr is a verdict.
std::optional<Judgement> judge_process(const ProcessResult& result, const ProcessLimits& limits,
                                       std::string_view what, std::initializer_list<int> allowed_exits,
                                       bool sanitized);

/// What a program said, for the message of a failure of its own: " (stderr: HEADLINE)", else
/// " (stdout: FIRST LINES)", else "" (grader/feedback/headline.h's own_words).
std::string in_its_words(const ProcessResult& result);

/// "SIGSEGV (Segmentation fault)".
std::string signal_description(int signal);

/// The first lines of a sanitizer report in `err` (UBSan "runtime error:", ASan/LSan "ERROR: ...
/// Sanitizer"), or nullopt when there is none.
std::optional<std::string> sanitizer_report(std::string_view err);

}  // namespace uirgrade
