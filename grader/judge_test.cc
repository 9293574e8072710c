// judge_process on canned ProcessResults: when several things went wrong at once, the verdict is the
// first in the order of docs/subprocess-notes.md (internal error, output limit, time-out,
// memory, then the sanitizer, a signal, an exit outside the contract); what is left is for the
// engine to compare. Plus the two helpers that feed its messages.
#include "grader/judge.h"

#include <gtest/gtest.h>

#include <csignal>

namespace uirgrade {
namespace {

constexpr std::string_view kWhat = "student-uirc run prog.uir";

/// A process that went wrong in every way at once; each test clears the earlier failures to see
/// the next verdict in the order.
ProcessResult everything_wrong() {
  ProcessResult result;
  result.started = false;
  result.internal_error = "fork: Resource temporarily unavailable";
  result.stdout_truncated = true;
  result.timed_out = true;
  result.cpu_limit = true;
  result.probably_memory = true;
  result.signal = SIGKILL;
  result.out = "0: 1 2 3\n";
  result.err = "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n";
  return result;
}

Judgement judge(const ProcessResult& result, const ProcessLimits& limits = {}, bool sanitized = true) {
  std::optional<Judgement> judgement = judge_process(result, limits, kWhat, {0, 1, 2}, sanitized);
  EXPECT_TRUE(judgement.has_value());
  return judgement.value_or(judged(Verdict::Pass, "(no verdict)"));
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(Judge, VerdictsComeInTheOrderOfTheSubprocessNotes) {
  ProcessLimits limits;
  limits.stdout_cap_bytes = 4096;
  limits.wall_seconds = 2.5;
  limits.cpu_seconds = 3;
  limits.memory_bytes = 256ull << 20;

  ProcessResult result = everything_wrong();
  Judgement internal = judge(result, limits);
  EXPECT_EQ(internal.verdict, Verdict::InternalError);
  EXPECT_TRUE(contains(internal.message, "not your fault")) << internal.message;
  EXPECT_TRUE(contains(internal.message, "fork: Resource temporarily unavailable")) << internal.message;

  result.started = true;
  Judgement output = judge(result, limits);
  EXPECT_EQ(output.verdict, Verdict::OutputLimit);
  EXPECT_TRUE(contains(output.message, "4096 bytes")) << output.message;

  result.stdout_truncated = false;
  Judgement wall = judge(result, limits);
  EXPECT_EQ(wall.verdict, Verdict::Timeout);
  EXPECT_TRUE(contains(wall.message, "2.5 s of wall-clock")) << wall.message;
  // A time-out says what the program said last (a compiler's own words: here the sanitizer's line).
  EXPECT_TRUE(contains(wall.message, "(stderr: ==1==ERROR: AddressSanitizer: heap-buffer-overflow)")) << wall.message;

  result.timed_out = false;
  Judgement cpu = judge(result, limits);
  EXPECT_EQ(cpu.verdict, Verdict::Timeout);
  // 3 s for each of the 4 threads a runtime may keep busy (ProcessLimits::cpu_helper_threads).
  EXPECT_TRUE(contains(cpu.message, "12 s of CPU time, the limit for all its threads together")) << cpu.message;

  result.cpu_limit = false;
  Judgement memory = judge(result, limits);
  EXPECT_EQ(memory.verdict, Verdict::MemoryLimit);
  EXPECT_TRUE(contains(memory.message, "probably")) << memory.message;  // rlimits cannot be sure
  EXPECT_TRUE(contains(memory.message, "256 MiB")) << memory.message;

  result.probably_memory = false;
  Judgement sanitizer = judge(result, limits);
  EXPECT_EQ(sanitizer.verdict, Verdict::SanitizerError);
  EXPECT_TRUE(contains(sanitizer.details, "heap-buffer-overflow")) << sanitizer.details;

  result.err.clear();
  Judgement crash = judge(result, limits);
  EXPECT_EQ(crash.verdict, Verdict::Crash);
  EXPECT_TRUE(contains(crash.message, "SIGKILL")) << crash.message;
  EXPECT_TRUE(contains(crash.message, "(stdout: 0: 1 2 3)")) << "nothing on stderr: stdout\n" << crash.message;
}

TEST(Judge, ExitCodesOutsideTheContractAreCrashesAndTheRestIsLeftToCompare) {
  // Spec §6.1: exit 0, 1 and 2 are the student's; "any other exit ... is a crash".
  for (int code : {0, 1, 2}) {
    ProcessResult result;
    result.started = result.exited = true;
    result.exit_code = code;
    result.err = "prog.uir:3: assert failed\n";
    EXPECT_EQ(judge_process(result, {}, kWhat, {0, 1, 2}, false), std::nullopt) << code;
  }
  ProcessResult seven;
  seven.started = seven.exited = true;
  seven.exit_code = 7;
  seven.err = "why I stopped\n";
  Judgement crash = judge(seven);
  EXPECT_EQ(crash.verdict, Verdict::Crash);
  EXPECT_TRUE(contains(crash.message, "status 7")) << crash.message;
  EXPECT_TRUE(contains(crash.message, "0, 1, 2")) << crash.message;
  EXPECT_TRUE(contains(crash.details, "why I stopped")) << crash.details;
  EXPECT_TRUE(contains(crash.message, "(stderr: why I stopped)")) << crash.message;

  // A rendered kernel's driver has only exit 0 and 1: its exit 2 is a crash.
  ProcessResult two;
  two.started = two.exited = true;
  two.exit_code = 2;
  std::optional<Judgement> driver = judge_process(two, {}, "driver", {0, 1}, true);
  ASSERT_TRUE(driver.has_value());
  EXPECT_EQ(driver->verdict, Verdict::Crash);
}

TEST(Judge, SanitizerReportsCountOnlyForSanitizedBuildsAndOutOfMemoryIsMemory) {
  ProcessResult result;
  result.started = result.exited = true;
  result.exit_code = 1;
  result.err = "prog.c:7:12: runtime error: signed integer overflow: 2147483647 + 1\n";
  // Unsanitized (the student's own `run`), stderr is free text: exit 1 goes on to the comparison.
  EXPECT_EQ(judge_process(result, {}, kWhat, {0, 1, 2}, false), std::nullopt);
  EXPECT_EQ(judge(result).verdict, Verdict::SanitizerError);

  // The sanitizer allocator's own limit stands in for RLIMIT_AS (docs/decisions/grader.md).
  result.err = "==9==ERROR: AddressSanitizer: requested allocation size 0x10000000000 exceeds maximum "
               "supported size (allocation-size-too-big)\n";
  EXPECT_EQ(judge(result).verdict, Verdict::MemoryLimit);
  result.err = "==9==ERROR: AddressSanitizer: out of memory: allocator is trying to allocate 0x1 bytes\n";
  EXPECT_EQ(judge(result).verdict, Verdict::MemoryLimit);
}

TEST(Judge, SanitizerReportStartsAtTheLineOfItsMarker) {
  EXPECT_EQ(sanitizer_report("0: 1 2 3\nprog.uir:4: assert failed\n"), std::nullopt);
  EXPECT_EQ(sanitizer_report(""), std::nullopt);

  std::optional<std::string> report =
      sanitizer_report("my debug line\n==42==ERROR: LeakSanitizer: detected memory leaks\n    #0 0x1 in malloc\n");
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->rfind("==42==ERROR: LeakSanitizer", 0), 0u) << *report;
  EXPECT_TRUE(contains(*report, "#0 0x1 in malloc")) << *report;
  EXPECT_FALSE(contains(*report, "my debug line")) << *report;

  // The earliest marker wins, whichever kind it is.
  report = sanitizer_report("a\nk.c:1:1: runtime error: shift\nb\n==1==ERROR: AddressSanitizer: SEGV\n");
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->rfind("k.c:1:1: runtime error: shift", 0), 0u) << *report;

  // A long report is cut to its first lines: 40 frames do not all reach the message.
  std::string long_report = "==1==ERROR: AddressSanitizer: stack-overflow\n";
  for (int frame = 0; frame < 40; ++frame) long_report += "    #" + std::to_string(frame) + " frame\n";
  report = sanitizer_report(long_report);
  ASSERT_TRUE(report.has_value());
  EXPECT_TRUE(contains(*report, "#0 frame")) << *report;
  EXPECT_FALSE(contains(*report, "#39 frame")) << *report;
}

TEST(Judge, SignalDescriptionsNameTheSignal) {
  EXPECT_EQ(signal_description(SIGSEGV), "SIGSEGV (Segmentation fault)");  // judge.h's own example
  EXPECT_EQ(signal_description(SIGABRT), "SIGABRT (Aborted)");
  EXPECT_EQ(signal_description(200), "signal 200");  // no such signal: still a readable message
}

TEST(Judge, TheWholeRunsLimitsComeBeforeTheTimeOutTheyMayHaveCaused) {
  ProcessResult result;
  result.started = true;
  result.timed_out = true;
  result.signal = SIGKILL;
  result.memory_limit = true;
  result.workdir_limit = true;
  ProcessLimits limits;
  limits.memory_bytes = 512ull << 20;
  Judgement memory = judge(result, limits);
  EXPECT_EQ(memory.verdict, Verdict::MemoryLimit);
  EXPECT_TRUE(contains(memory.message, "ran out of memory: its processes together reached the limit of 512 MiB"))
      << memory.message;
  result.memory_limit = false;
  Judgement full = judge(result, limits);
  EXPECT_EQ(full.verdict, Verdict::OutputLimit);
  EXPECT_TRUE(contains(full.message, "filled its working directory: the limit is 256 MiB and 10000 files")) << full.message;
  result.workdir_limit = false;
  EXPECT_EQ(judge(result, limits).verdict, Verdict::Timeout);
}

TEST(Judge, TheProcessLimitExplainsTheFailureItCaused) {
  ProcessResult result;
  result.started = true;
  result.timed_out = true;
  result.process_limit = true;
  Judgement judgement = judge(result);
  EXPECT_EQ(judgement.verdict, Verdict::Timeout);
  EXPECT_TRUE(contains(judgement.message, "(it had reached its limit of 512 processes)")) << judgement.message;
  result.process_limit = false;
  EXPECT_FALSE(contains(judge(result).message, "limit of 512 processes"));
}

}  // namespace
}  // namespace uirgrade
