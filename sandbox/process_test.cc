// The real process runner against misbehaving programs (grader/testdata/students/*.c), once
// without a sandbox and once with `auto` (bubblewrap where it works). Every run passes a unique
// marker argument, which its forked children inherit in /proc/<pid>/cmdline, so that a survivor
// is found whatever uid or PID namespace it runs in.
#include "sandbox/process.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "sandbox/cgroup.h"
#include "sandbox/process_workdir.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

std::string student(const std::string& stem) { return UIRGRADE_BINARY_DIR "/students/student_" + stem; }

std::string unique_marker() {
  static std::atomic<int> counter{0};
  return "uirgrade-test-marker-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
}

// How many live processes have `marker` among their arguments (a zombie has no command line).
int processes_with(const std::string& marker) {
  int count = 0;
  DIR* proc = opendir("/proc");
  while (dirent* entry = readdir(proc)) {
    if (!isdigit(static_cast<unsigned char>(entry->d_name[0]))) continue;
    // read(), not an ifstream: a process that exits while it is read fails the read with ESRCH,
    // which libstdc++'s filebuf throws as an exception.
    int fd = open((std::string("/proc/") + entry->d_name + "/cmdline").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char buffer[4096];
    ssize_t n = read(fd, buffer, sizeof buffer);
    close(fd);
    if (n > 0 && std::string(buffer, static_cast<size_t>(n)).find(marker) != std::string::npos) count++;
  }
  closedir(proc);
  return count;
}

// A tier, and whether the requests allow a pre-built sandbox (sandbox/sandbox_pool.h; used in the
// namespaces tier as root).
struct TierParam {
  Sandbox sandbox;
  bool reuse_sandbox = false;
};

class ProcessTest : public ::testing::TestWithParam<TierParam> {
 protected:
  void SetUp() override {
    std::string error;
    runner_ = make_process_runner(GetParam().sandbox, &error);
    if (!runner_ && GetParam().sandbox == Sandbox::Namespaces) GTEST_SKIP() << error;
    ASSERT_TRUE(runner_) << error;
  }

  ProcessResult run_request(ProcessRequest request) {
    request.reuse_sandbox = GetParam().reuse_sandbox;
    if (request.reuse_sandbox) request.read_only_paths.push_back(UIRGRADE_BINARY_DIR "/students");
    return runner_->run(request);
  }

  // Runs students/student_<stem> with a fresh marker, and checks that nothing of it is left.
  ProcessResult run(const std::string& stem, ProcessRequest request = {}) {
    std::string marker = unique_marker();
    request.argv = {student(stem), marker};
    ProcessResult result = run_request(request);
    EXPECT_TRUE(result.started) << result.internal_error;
    EXPECT_EQ(processes_with(marker), 0) << stem << " left processes behind";
    return result;
  }

  static ProcessRequest with_wall_seconds(double seconds) {
    ProcessRequest request;
    request.limits.wall_seconds = seconds;
    return request;
  }

  std::unique_ptr<ProcessRunner> runner_;
};

TEST_P(ProcessTest, ExitCodeAndBothStreamsAreKept) {
  ProcessResult result = run("exit_seven");
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.exit_code, 7);
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.out, "out\n");
  EXPECT_EQ(result.err, "err\n");
  EXPECT_FALSE(result.timed_out);
  EXPECT_FALSE(result.probably_memory);
  EXPECT_GT(result.peak_rss_bytes, 0u);
  EXPECT_FALSE(runner_->isolation().empty());
  bool pooled = GetParam().reuse_sandbox && running_as_root();
  EXPECT_EQ(runner_->sandboxes_built(), pooled ? 1u : 0u);
}

// A grader started with `ulimit -s unlimited` (some CI runners are) must not pass that on: a
// kernel that keeps a 64 MiB alloc on its stack would then run there and crash elsewhere.
TEST_P(ProcessTest, TheStackLimitIsSetNotInherited) {
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_STACK, &saved), 0);
  rlimit unlimited{RLIM_INFINITY, RLIM_INFINITY};
  if (setrlimit(RLIMIT_STACK, &unlimited) != 0) GTEST_SKIP() << "cannot raise this process's stack limit";
  FILE* inherited = popen("sh -c 'ulimit -s'", "r");  // what a child that is given no limit sees
  char line[64] = {};
  ASSERT_TRUE(inherited && fgets(line, sizeof line, inherited));
  pclose(inherited);
  ProcessRequest request;
  request.argv = {"/bin/sh", "-c", "ulimit -s"};
  ProcessResult result = run_request(request);
  setrlimit(RLIMIT_STACK, &saved);
  EXPECT_STREQ(line, "unlimited\n");
  EXPECT_EQ(result.exit_code, 0) << result.err << result.internal_error;
  EXPECT_EQ(result.out, std::to_string(ProcessLimits{}.stack_bytes >> 10) + "\n");
}

TEST_P(ProcessTest, SilentSuccessIsExitZeroWithNoOutput) {
  ProcessResult result = run("exit_silently");
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
  EXPECT_FALSE(result.stdout_truncated || result.stderr_truncated);
  EXPECT_LT(result.wall_seconds, 1.0);
}

TEST_P(ProcessTest, SegfaultIsASignalNotAnExitCode) {
  ProcessResult result = run("segfault");
  EXPECT_FALSE(result.exited);
  EXPECT_EQ(result.exit_code, -1);
  EXPECT_EQ(result.signal, SIGSEGV);
  EXPECT_EQ(result.out, "about to crash\n");
  EXPECT_FALSE(result.probably_memory);  // a tiny program, far from the memory limit
  EXPECT_FALSE(result.timed_out);
}

TEST_P(ProcessTest, SleeperIsKilledAtTheWallClockDeadline) {
  ProcessResult result = run("sleep_forever", with_wall_seconds(0.5));
  EXPECT_TRUE(result.timed_out);
  EXPECT_FALSE(result.exited);
  EXPECT_EQ(result.signal, SIGKILL);
  EXPECT_FALSE(result.cpu_limit);
  EXPECT_GE(result.wall_seconds, 0.5);
  EXPECT_LT(result.wall_seconds, 1.5);
}

TEST_P(ProcessTest, CpuBurnerIsStoppedByTheCpuLimit) {
  ProcessRequest request = with_wall_seconds(5);
  request.limits.cpu_seconds = 0.125;  // 0.5 s with its helper threads, rounded up to 1 s of CPU
  ProcessResult result = run("spin_forever", request);
  EXPECT_FALSE(result.timed_out);
  EXPECT_TRUE(result.cpu_limit);
  EXPECT_EQ(result.signal, SIGXCPU);
  EXPECT_GE(result.cpu_seconds, 0.5);  // tick-based limit vs scheduler-precise rusage: not exact
}

// A runtime's garbage collector and JIT threads run beside the program: its CPU time may exceed its
// wall time. The CPU limit counts them (ProcessLimits::cpu_helper_threads); counted as one busy
// thread, the same process is stopped by SIGXCPU.
TEST_P(ProcessTest, HelperThreadsDoNotStopARunTheWallClockLetsFinish) {
  ProcessRequest request = with_wall_seconds(20);
  request.limits.cpu_seconds = 1;
  request.limits.cpu_helper_threads = 1;  // weakened: the limit as one thread's
  ProcessResult one_thread = run("busy_helper_threads", request);
  EXPECT_TRUE(one_thread.cpu_limit) << one_thread.out;
  EXPECT_EQ(one_thread.signal, SIGXCPU);
  request.limits.cpu_helper_threads = ProcessLimits{}.cpu_helper_threads;
  ProcessResult with_helpers = run("busy_helper_threads", request);
  EXPECT_FALSE(with_helpers.cpu_limit);
  EXPECT_TRUE(with_helpers.exited);
  EXPECT_EQ(with_helpers.out, "done\n");
  EXPECT_GE(with_helpers.cpu_seconds, 1.5);
}

TEST_P(ProcessTest, ForkedSleeperDoesNotOutliveTheRun) {
  ProcessResult result = run("fork_child_sleeps", with_wall_seconds(5));
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "forked\n");
  EXPECT_LT(result.wall_seconds, 1.0);  // the sleeper holds no pipe: no waiting for it
}

TEST_P(ProcessTest, ChildHoldingThePipeDoesNotDelayTheRunForLong) {
  auto begin = std::chrono::steady_clock::now();
  ProcessResult result = run("background_holds_pipe", with_wall_seconds(5));
  double seconds_in_run = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.out, "parent done\n");
  EXPECT_LT(seconds_in_run, 1.0);  // a 100 ms grace for the pipes, not the child's minute
}

TEST_P(ProcessTest, ChildInANewSessionDoesNotOutliveTheRun) {
  std::string marker = unique_marker();
  ProcessRequest request = with_wall_seconds(5);
  request.argv = {student("escape_session"), marker};
  ProcessResult result = run_request(request);
  ASSERT_TRUE(result.started) << result.internal_error;
  EXPECT_EQ(result.out, "escaped\n");
  if (!running_as_root() && runner_->tier() != Tier::Namespaces)
    GTEST_SKIP() << "without root or bwrap, a process that calls setsid escapes killpg (documented)";
  EXPECT_EQ(processes_with(marker), 0);
}

TEST_P(ProcessTest, ForkBombIsStoppedByTheProcessLimitAndLeavesNothing) {
  // 4 s: 512 forks that succeed (the process limit) are slower than the 64 of before on a loaded machine.
  ProcessResult result = run("fork_bomb", with_wall_seconds(4));
  EXPECT_TRUE(result.timed_out);
  int forked = -1, failed = -1;
  ASSERT_EQ(sscanf(result.out.c_str(), "forked %d failed %d", &forked, &failed), 2) << result.out;
  EXPECT_GT(failed, 0) << "no fork failed: the process limit did not hold";
  EXPECT_LT(forked, static_cast<int>(ProcessLimits{}.processes) + 64);
}

TEST_P(ProcessTest, EndlessOutputIsCappedAndDrained) {
  ProcessRequest request = with_wall_seconds(0.5);
  request.limits.stdout_cap_bytes = 64 * 1024;
  ProcessResult result = run("print_forever", request);
  EXPECT_TRUE(result.stdout_truncated);
  EXPECT_FALSE(result.stderr_truncated);
  EXPECT_EQ(result.out.size(), 64u * 1024);
  EXPECT_EQ(result.out.substr(0, 50), "line 0 of endless output\nline 1 of endless output\n");
  EXPECT_TRUE(result.timed_out);  // still printing at the deadline: drained, never blocked
}

TEST_P(ProcessTest, EndlessAllocationIsStoppedAtTheMemoryLimit) {
  ProcessRequest request = with_wall_seconds(10);
  request.limits.memory_bytes = 256ull << 20;
  ProcessResult result = run("allocate_forever", request);
  EXPECT_FALSE(result.timed_out);
  EXPECT_TRUE(result.memory_limit);  // the cgroup's OOM kill, or the measured memory past the limit
  EXPECT_GE(result.peak_rss_bytes, 192ull << 20);
  // Measured every 100 ms, the run may hold more than its limit in between (a loaded machine fills
  // pages at some 1-2 GiB/s); the cgroup never lets it.
  EXPECT_LE(result.peak_rss_bytes, cgroup_layout().limits_memory() ? 260ull << 20 : 1ull << 30);
}

// Without a memory cgroup (the none tier has none) the run's memory is measured while it runs and
// the run ended at its limit, for one process and for many: shown first with no memory limit at
// all (the runner weakened to per-process limits), where each hog holds what it wants.
TEST(ProcessMemory, WithoutACgroupTheRunsMeasuredMemoryEndsIt) {
  if (!running_as_root()) GTEST_SKIP() << "the weakened runner without a memory limit is the uid tier's: root only";
  ProcessRunner unlimited(Tier::Uid, {.per_process_limits_only = true}), none(Tier::None);
  ProcessRequest one;
  one.argv = {student("hostile_hold_memory")};
  one.limits.memory_bytes = 256ull << 20;
  one.limits.wall_seconds = one.limits.cpu_seconds = 30;
  ProcessResult held = unlimited.run(one);
  EXPECT_NE(held.err.find("LOOT: memory 512 MiB held by one process"), std::string::npos) << held.err;
  ProcessResult stopped = none.run(one);
  EXPECT_EQ(stopped.err.find("LOOT"), std::string::npos) << stopped.err;
  EXPECT_TRUE(stopped.memory_limit);
  EXPECT_GT(stopped.peak_rss_bytes, 256ull << 20);

  ProcessRequest spread = one;  // 6 processes of 512 MiB each: 3 GiB at once unless stopped
  spread.argv = {student("hostile_memory_spread")};
  spread.limits.memory_bytes = 1ull << 30;
  ProcessResult spread_stopped = none.run(spread);
  EXPECT_EQ(spread_stopped.err.find("LOOT"), std::string::npos) << spread_stopped.err;
  EXPECT_TRUE(spread_stopped.memory_limit);
  EXPECT_GT(spread_stopped.peak_rss_bytes, 1ull << 30);
}

TEST_P(ProcessTest, AGraderHoldingMuchMemoryDoesNotMakeACrashLookLikeMemory) {
  // Without bwrap the kernel starts the program's peak RSS at the grader's own.
  std::vector<char> ballast(224u << 20, 1);
  ProcessRequest request;
  request.limits.memory_bytes = 256ull << 20;
  ProcessResult result = run("segfault", request);
  EXPECT_EQ(result.signal, SIGSEGV);
  EXPECT_FALSE(result.probably_memory) << "peak " << result.peak_rss_bytes;
  EXPECT_EQ(ballast.back(), 1);
}

TEST_P(ProcessTest, GarbageBytesAreKeptExactly) {
  std::string expected_out;
  for (int round = 0; round < 2; round++)
    for (int byte = 0; byte < 256; byte++) expected_out.push_back(static_cast<char>(byte));
  ProcessResult result = run("print_garbage");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, expected_out);
  EXPECT_EQ(result.err, std::string("\xff\xfe\0", 3));
}

TEST_P(ProcessTest, ClosingStdoutEarlyDoesNotEndTheRun) {
  ProcessResult result = run("close_stdout_early", with_wall_seconds(5));
  EXPECT_TRUE(result.exited);
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(result.out, "before close\n");
  EXPECT_EQ(result.err, "still running after close\n");
  EXPECT_GE(result.wall_seconds, 0.3);
}

TEST_P(ProcessTest, RunDirectoryHoldsTheFilesAndIsRemovedAfterwards) {
  ProcessRequest request;
  request.files = {{"given.txt", "hello from the grader\n"}};
  ProcessResult result = run("write_files", request);
  ASSERT_TRUE(result.exited);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  ASSERT_GT(result.out.size(), 1u);
  std::string workdir = result.out.substr(0, result.out.size() - 1);
  EXPECT_NE(workdir.find("uirgrade-run-"), std::string::npos) << workdir;
  EXPECT_FALSE(std::filesystem::exists(workdir)) << workdir << " is still there";
}

TEST_P(ProcessTest, StdinIsFedAndTheEnvironmentIsMinimal) {
  ProcessRequest request;
  for (int i = 0; i < 100000; i++) request.stdin_data += static_cast<char>('a' + i % 26);  // beyond a pipe buffer
  request.stdin_data += std::string("\0\n0: 1 2 3\n", 11);
  ProcessResult result = run("echo_stdin", request);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, request.stdin_data);
  EXPECT_EQ(result.err.rfind("HOME=/", 0), 0u) << result.err;
  EXPECT_NE(result.err.find("uirgrade-run-"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("\nPATH=/usr/bin:/bin\nLC_ALL=C\nTZ=UTC\n"), std::string::npos) << result.err;
}

TEST_P(ProcessTest, MissingExecutableIsAnInternalErrorThatSaysMissing) {
  ProcessRequest request;
  request.argv = {student("no_such_student")};
  ProcessResult result = run_request(request);
  EXPECT_FALSE(result.started);
  EXPECT_NE(result.internal_error.find("missing"), std::string::npos) << result.internal_error;
}

TEST_P(ProcessTest, NonExecutableFileIsAnInternalError) {
  ProcessRequest request;
  request.argv = {UIRGRADE_SOURCE_DIR "/grader/testdata/students/exit_seven.c"};
  ProcessResult result = run_request(request);
  EXPECT_FALSE(result.started);
  EXPECT_NE(result.internal_error.find("not an executable"), std::string::npos) << result.internal_error;
}

TEST_P(ProcessTest, ExecutableTheStudentUidCannotReadIsAnInternalError) {
  if (!running_as_root()) GTEST_SKIP() << "only root borrows a student uid";
  std::string dir = std::filesystem::temp_directory_path() / ("uirgrade-private-" + unique_marker());
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  std::string copy = dir + "/student";
  std::filesystem::copy_file(student("exit_seven"), copy);
  ProcessRequest request;
  request.argv = {copy};
  ProcessResult result = run_request(request);
  std::filesystem::remove_all(dir);
  EXPECT_FALSE(result.started);
  EXPECT_NE(result.internal_error.find("not readable and executable by uid"), std::string::npos)
      << result.internal_error;
}

TEST_P(ProcessTest, ManyRunsInParallelEachGetTheirOwnFacts) {
  constexpr int kThreads = 4, kRunsPerThread = 6;
  std::atomic<int> wrong{0};
  std::vector<std::string> markers;
  std::vector<std::thread> threads;
  std::mutex markers_mutex;
  for (int t = 0; t < kThreads; t++) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kRunsPerThread; i++) {
        ProcessRequest request;
        std::string marker = unique_marker();
        {
          std::lock_guard lock(markers_mutex);
          markers.push_back(marker);
        }
        switch ((t + i) % 4) {
          case 0:
            request.argv = {student("exit_seven"), marker};
            if (ProcessResult r = run_request(request); r.exit_code != 7 || r.out != "out\n") wrong++;
            break;
          case 1:
            request.argv = {student("segfault"), marker};
            if (ProcessResult r = run_request(request); r.signal != SIGSEGV) wrong++;
            break;
          case 2:
            request.argv = {student("echo_stdin"), marker};
            request.stdin_data = "0: " + marker + "\n";
            if (ProcessResult r = run_request(request); r.out != request.stdin_data) wrong++;
            break;
          default:
            request.argv = {student("fork_child_sleeps"), marker};
            request.limits.wall_seconds = 2;  // it exits at once; the margin is for bwrap on a loaded machine
            if (ProcessResult r = run_request(request); r.out != "forked\n" || r.timed_out) wrong++;
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  for (const std::string& marker : markers) EXPECT_EQ(processes_with(marker), 0) << marker;
}

// Every tier this machine gives; `none` only where it still has a process limit (not as root,
// where it would run the fork bomb unbounded).
INSTANTIATE_TEST_SUITE_P(Tiers, ProcessTest,
                         ::testing::Values(TierParam{Sandbox::Namespaces}, TierParam{Sandbox::Namespaces, true},
                                           TierParam{running_as_root() ? Sandbox::Uid : Sandbox::None}),
                         [](const ::testing::TestParamInfo<TierParam>& param_info) {
                           const TierParam& param = param_info.param;
                           return param.sandbox == Sandbox::Namespaces ? (param.reuse_sandbox ? "NamespacesReused" : "Namespaces")
                                  : param.sandbox == Sandbox::Uid      ? "Uid"
                                                                       : "NoSandbox";
                         });

TEST(ProcessIsolation, AutoTakesNamespacesExactlyWhenBwrapWorksElseUidWhenRoot) {
  std::string error;
  auto namespaces = make_process_runner(Sandbox::Namespaces, &error);
  auto automatic = make_process_runner(Sandbox::Auto, &error);
  if (namespaces) {
    ASSERT_TRUE(automatic);
    EXPECT_EQ(automatic->tier(), Tier::Namespaces);
    EXPECT_EQ(automatic->isolation().rfind("namespaces", 0), 0u) << automatic->isolation();
  } else if (running_as_root()) {
    ASSERT_TRUE(automatic);
    EXPECT_EQ(automatic->tier(), Tier::Uid);
  } else {
    EXPECT_FALSE(automatic);
    EXPECT_NE(error.find("--sandbox none"), std::string::npos) << error;
  }
  auto none = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(none);
  EXPECT_NE(none->isolation().find("WARNING"), std::string::npos) << none->isolation();
}

TEST(ProcessIsolation, TheSandboxLineNamesTheLimitsInForce) {
  ProcessRunner real(Tier::Uid), weakened(Tier::Uid, {.per_process_limits_only = true});
  const std::string line = real.isolation();
  EXPECT_NE(line.find("working directory 256 MiB and 10000 files (measured while it runs)"), std::string::npos) << line;
  if (cgroup_layout().limits_memory() && cgroup_layout().limits_processes()) {
    EXPECT_NE(line.find("limits for each run's whole process tree: 2048 MiB of memory (no address-space limit), 512 "
                        "processes (memory by cgroup"),
              std::string::npos)
        << line;
  } else {
    EXPECT_NE(line.find("2048 MiB of memory, measured every 100 ms while it runs (no memory cgroup"),
              std::string::npos)
        << line;
  }
  EXPECT_EQ(line.find("RLIMIT_AS"), std::string::npos) << line;
  EXPECT_NE(weakened.isolation().find("limits per process only: no memory limit"), std::string::npos)
      << weakened.isolation();
  const std::string none = ProcessRunner(Tier::None).isolation();
  EXPECT_NE(none.find("limits per process only: 2048 MiB of memory, measured every 100 ms"), std::string::npos) << none;
  if (can_mount_run_tmpfs()) {
    const std::string namespaces = ProcessRunner(Tier::Namespaces).isolation();
    EXPECT_NE(namespaces.find("10000 files (a tmpfs)"), std::string::npos) << namespaces;
  }
}

TEST_P(ProcessTest, TheMemoryOfTheWholeTreeIsLimitedWhereACgroupCanHoldIt) {
  if (!cgroup_layout().limits_memory()) GTEST_SKIP() << "no memory cgroup here";
  ProcessRequest request = with_wall_seconds(20);
  request.limits.memory_bytes = 1ull << 30;  // 6 x 512 MiB, each within the 2 GiB address space
  ProcessResult result = run("hostile_memory_spread", request);
  EXPECT_TRUE(result.memory_limit) << result.err;
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.err.find("LOOT"), std::string::npos) << result.err;
  EXPECT_LE(result.peak_rss_bytes, 1ull << 30);
  EXPECT_GT(result.peak_rss_bytes, 512ull << 20);
}

}  // namespace
}  // namespace uirgrade
