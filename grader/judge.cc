#include "grader/judge.h"

#include <algorithm>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "testcase/compare.h"
#include "grader/feedback/headline.h"

namespace uirgrade {

std::string signal_description(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  const char* text = strsignal(signal);
  if (!abbrev) return fmt::format("signal {}", signal);
  return fmt::format("SIG{} ({})", abbrev, text ? text : "unknown");
}

std::optional<std::string> sanitizer_report(std::string_view err) {
  static constexpr std::string_view kMarkers[] = {"runtime error:", "ERROR: AddressSanitizer",
                                                   "ERROR: LeakSanitizer", "ERROR: UndefinedBehaviorSanitizer"};
  size_t first = std::string_view::npos;
  for (std::string_view marker : kMarkers) first = std::min(first, err.find(marker));
  if (first == std::string_view::npos) return std::nullopt;
  size_t line_start = err.rfind('\n', first);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  return first_lines(err.substr(line_start), 12);
}

std::string in_its_words(const ProcessResult& result) {
  std::string words = own_words(result.err, result.out);
  return words.empty() ? "" : " (" + words + ")";
}

namespace {

/// What a sanitizer reported on stderr, if it did.
std::optional<Judgement> judge_sanitizer_report(const ProcessResult& result, std::string_view what) {
  std::optional<std::string> report = sanitizer_report(result.err);
  // The sanitizers' own allocator limits (hard_rss_limit_mb, allocation-size-too-big) stand in for
  // RLIMIT_DATA, which a sanitized binary cannot run under.
  if (report && (report->find("rss limit exhausted") != std::string::npos ||
                 report->find("allocation-size-too-big") != std::string::npos ||
                 report->find("out of memory") != std::string::npos))
    return judged(Verdict::MemoryLimit,
                  fmt::format("{} probably ran out of memory: {}", what, first_line(*report, 160)), *report);
  if (report)
    return judged(Verdict::SanitizerError,
                  fmt::format("{}: the sanitizer found undefined behaviour or a bad memory access: {}",
                              what, first_line(*report, 160)),
                  *report);
  return std::nullopt;
}

std::optional<Judgement> judge_limits_and_exit(const ProcessResult& result, const ProcessLimits& limits,
                                               std::string_view what, std::initializer_list<int> allowed_exits,
                                               bool sanitized) {
  auto stderr_tail = [&] {
    return result.err.empty() ? std::string() : "stderr:\n" + first_lines(result.err, 10);
  };
  // Every failure of the program's own says what it said (a time-out's last words, a crash's).
  const std::string words = in_its_words(result);
  if (!result.started)
    return judged(Verdict::InternalError,
                  fmt::format("internal error running {} (not your fault): {}", what, result.internal_error),
                  "");
  if (result.stdout_truncated)
    return judged(Verdict::OutputLimit,
                  fmt::format("{} printed more than {} bytes on stdout, the most this test's output can need",
                              what, limits.stdout_cap_bytes),
                  fmt::format("first line of stdout: {}\n", first_line(result.out, 120)));
  // What the kernel itself measured for the whole run comes before a time-out it may have caused.
  if (result.memory_limit)
    return judged(Verdict::MemoryLimit,
                  fmt::format("{} ran out of memory: its processes together reached the limit of {} MiB "
                              "(one was killed by the kernel){}",
                              what, limits.memory_bytes >> 20, words),
                  stderr_tail());
  if (result.workdir_limit)
    return judged(Verdict::OutputLimit,
                  fmt::format("{} filled its working directory: the limit is {} MiB and {} files in all", what,
                              limits.workdir_bytes >> 20, limits.workdir_files),
                  stderr_tail());
  if (result.timed_out)
    return judged(Verdict::Timeout,
                  fmt::format("{} did not finish within {:g} s of wall-clock time (killed){}", what,
                              limits.wall_seconds, words),
                  stderr_tail());
  if (result.cpu_limit)
    return judged(Verdict::Timeout,
                  fmt::format("{} used {:g} s of CPU time, the limit for all its threads together (killed){}", what,
                              limits.cpu_seconds * std::max(1.0, limits.cpu_helper_threads), words),
                  stderr_tail());
  if (result.probably_memory)
    return judged(Verdict::MemoryLimit,
                  fmt::format("{} probably ran out of memory (limit {} MiB{}; peak {} MiB)", what,
                              limits.memory_bytes >> 20,
                              result.signal ? ", ended by " + signal_description(result.signal) : "",
                              result.peak_rss_bytes >> 20),
                  stderr_tail());
  if (sanitized)
    if (std::optional<Judgement> reported = judge_sanitizer_report(result, what)) return reported;
  // A program that says it ran out of memory (Python's MemoryError exits 1, std::bad_alloc aborts)
  // before reaching the limit that would have told us.
  if ((result.signal != 0 || result.exit_code != 0) && reports_memory_exhaustion(result.err))
    return judged(Verdict::MemoryLimit,
                  fmt::format("{} ran out of memory (limit {} MiB): {}", what, limits.memory_bytes >> 20,
                              stderr_headline(result.err)),
                  stderr_tail());
  if (result.signal != 0)
    return judged(Verdict::Crash, fmt::format("{} crashed: {}{}", what, signal_description(result.signal), words),
                  stderr_tail());
  if (std::find(allowed_exits.begin(), allowed_exits.end(), result.exit_code) == allowed_exits.end()) {
    std::string allowed;
    for (int code : allowed_exits) allowed += (allowed.empty() ? "" : ", ") + std::to_string(code);
    return judged(Verdict::Crash,
                  fmt::format("{} exited with status {} (the contract allows {}){}", what, result.exit_code,
                              allowed, words),
                  stderr_tail());
  }
  return std::nullopt;
}

}  // namespace

std::optional<Judgement> judge_process(const ProcessResult& result, const ProcessLimits& limits,
                                       std::string_view what, std::initializer_list<int> allowed_exits,
                                       bool sanitized) {
  std::optional<Judgement> judgement = judge_limits_and_exit(result, limits, what, allowed_exits, sanitized);
  // A fork that failed at the process limit explains the crash or hang that usually follows.
  if (judgement && result.process_limit && judgement->verdict != Verdict::InternalError)
    judgement->message += fmt::format(" (it had reached its limit of {} processes)", limits.processes);
  return judgement;
}

}  // namespace uirgrade
