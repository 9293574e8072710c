// How a run ended, from wait statuses and rusage made by hand: exits and signals, bwrap's 128+N,
// the CPU limit told from a kill, "probably memory" only near the limit or when the program says so.
#include "sandbox/process_status.h"

#include <sys/wait.h>

#include <csignal>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

int exited_with(int code) { return code << 8; }   // what WIFEXITED/WEXITSTATUS read
int killed_by(int signal) { return signal; }      // what WIFSIGNALED/WTERMSIG read

rusage used(double cpu_seconds, uint64_t peak_kib) {
  rusage usage{};
  usage.ru_utime.tv_sec = static_cast<time_t>(cpu_seconds);
  usage.ru_utime.tv_usec = static_cast<suseconds_t>((cpu_seconds - static_cast<double>(usage.ru_utime.tv_sec)) * 1e6);
  usage.ru_maxrss = static_cast<long>(peak_kib);
  return usage;
}

ProcessLimits limits() {
  ProcessLimits limits;
  limits.cpu_seconds = 2.5;
  limits.cpu_helper_threads = 1;
  limits.memory_bytes = 1ull << 30;
  return limits;
}

ProcessResult status_of(int status, const rusage& usage, bool through_bwrap = false, const std::string& err = "") {
  ProcessResult result;
  result.err = err;
  record_status(status, usage, limits(), through_bwrap, 0, &result);
  return result;
}

TEST(ProcessStatus, TheCpuRlimitIsTheLimitRoundedUp) {
  EXPECT_EQ(cpu_soft_limit(limits()), 3u);
  ProcessLimits tiny;
  tiny.cpu_seconds = 0.1;
  EXPECT_EQ(cpu_soft_limit(tiny), 1u);
  ProcessLimits with_helpers;
  with_helpers.cpu_seconds = 2.5;
  with_helpers.cpu_helper_threads = 4;
  EXPECT_EQ(cpu_soft_limit(with_helpers), 10u) << "a runtime's helper threads share the process's CPU time";
  with_helpers.cpu_helper_threads = 0.5;
  EXPECT_EQ(cpu_soft_limit(with_helpers), 3u) << "never less than one busy thread";
}

TEST(ProcessStatus, ExitsSignalsAndBwrapsExitCodeForASignal) {
  ProcessResult exited = status_of(exited_with(7), used(0.25, 1000));
  EXPECT_TRUE(exited.exited);
  EXPECT_EQ(exited.exit_code, 7);
  EXPECT_DOUBLE_EQ(exited.cpu_seconds, 0.25);
  EXPECT_EQ(exited.peak_rss_bytes, 1000u * 1024);
  ProcessResult segfault = status_of(killed_by(SIGSEGV), used(0.1, 1000));
  EXPECT_FALSE(segfault.exited);
  EXPECT_EQ(segfault.signal, SIGSEGV);
  ProcessResult through_bwrap = status_of(exited_with(128 + SIGSEGV), used(0.1, 1000), true);
  EXPECT_FALSE(through_bwrap.exited);
  EXPECT_EQ(through_bwrap.signal, SIGSEGV);
  EXPECT_EQ(status_of(exited_with(128 + SIGSEGV), used(0.1, 1000)).exit_code, 128 + SIGSEGV) << "only bwrap's";
}

TEST(ProcessStatus, TheCpuLimitIsToldFromAnOrdinaryKill) {
  EXPECT_TRUE(status_of(killed_by(SIGXCPU), used(3, 1000)).cpu_limit);
  EXPECT_TRUE(status_of(killed_by(SIGKILL), used(3.2, 1000)).cpu_limit) << "the hard limit, a second later";
  EXPECT_FALSE(status_of(killed_by(SIGKILL), used(0.5, 1000)).cpu_limit);
  ProcessResult timed_out;
  timed_out.timed_out = true;
  record_status(killed_by(SIGKILL), used(3.2, 1000), limits(), false, 0, &timed_out);
  EXPECT_FALSE(timed_out.cpu_limit) << "a wall-clock time-out is said as such";
}

TEST(ProcessStatus, ProbablyMemoryOnlyNearTheLimitOrWhenTheProgramSaysSo) {
  const uint64_t near_kib = (1ull << 30) / 1024 * 8 / 10;  // 80% of the memory limit
  EXPECT_TRUE(status_of(killed_by(SIGKILL), used(0.1, near_kib)).probably_memory);
  EXPECT_TRUE(status_of(killed_by(SIGABRT), used(0.1, near_kib)).probably_memory);
  EXPECT_FALSE(status_of(killed_by(SIGKILL), used(0.1, 1000)).probably_memory);
  EXPECT_FALSE(status_of(exited_with(0), used(0.1, near_kib)).probably_memory) << "a run that succeeded";
  EXPECT_TRUE(status_of(exited_with(1), used(0.1, 1000), false, "terminate: std::bad_alloc\n").probably_memory);
  EXPECT_FALSE(status_of(exited_with(0), used(0.1, 1000), false, "std::bad_alloc\n").probably_memory);
  // A peak no larger than the grader's own at the fork says nothing about the program.
  ProcessResult inherited;
  record_status(killed_by(SIGKILL), used(0.1, near_kib), limits(), false, near_kib * 1024, &inherited);
  EXPECT_FALSE(inherited.probably_memory);
}

}  // namespace
}  // namespace uirgrade
