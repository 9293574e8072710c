// The measured memory of a run (the runs no memory cgroup holds): a child holding 64 MiB is counted
// by its process group and by its uid (as root, the borrowed uid of the uid tier in a container
// without a cgroup), including a grandchild that left the group with setsid; a process of another
// group and uid is not.
#include "sandbox/run_memory.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include <gtest/gtest.h>

#include "sandbox/sandbox.h"

namespace uirgrade {
namespace {

constexpr size_t kHeld = 64u << 20;

// Touches kHeld bytes and tells `ready` so, then waits to be killed.
[[noreturn]] void hold_memory(int ready) {
  char* block = static_cast<char*>(mmap(nullptr, kHeld, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (block == MAP_FAILED) _exit(1);
  memset(block, 1, kHeld);
  if (write(ready, "x", 1) != 1) _exit(1);
  pause();
  _exit(0);
}

// A child in a process group of its own (as a run's first process is), optionally as `uid`, with a
// grandchild that holds kHeld in a session of its own (setsid) when `escape`, else the child holds it.
pid_t start_run(int ready, std::optional<uid_t> uid, bool escape) {
  pid_t child = fork();
  if (child != 0) return child;
  setpgid(0, 0);
  if (uid && setresuid(*uid, *uid, *uid) != 0) _exit(1);
  if (!escape) hold_memory(ready);
  if (fork() == 0) {
    setsid();
    hold_memory(ready);
  }
  pause();
  _exit(0);
}

TEST(RunMemory, ARunsProcessesAreCountedByGroupAndByUid) {
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  char byte;
  pid_t run = start_run(ready[1], std::nullopt, false);
  ASSERT_EQ(read(ready[0], &byte, 1), 1);
  EXPECT_GE(run_resident_bytes(run, std::nullopt), kHeld);
  EXPECT_LT(run_resident_bytes(getpid() + 1'000'000, std::nullopt), kHeld) << "no such run: nothing of it";
  kill(run, SIGKILL);
  waitpid(run, nullptr, 0);

  if (!running_as_root()) GTEST_SKIP() << "a run of another uid needs root";
  const uid_t uid = 65534 - 7;  // a uid no process of this machine is expected to have
  pid_t escaping = start_run(ready[1], uid, true);
  ASSERT_EQ(read(ready[0], &byte, 1), 1);
  // The grandchild left the group (setsid) and, its parent alive, is still a descendant; by uid it
  // is counted whatever it did.
  EXPECT_GE(run_resident_bytes(escaping, uid), kHeld);
  EXPECT_LT(run_resident_bytes(getpid(), uid + 1), kHeld) << "another uid's processes are not the run's";
  kill_every_process_of(uid);
  waitpid(escaping, nullptr, 0);
  close(ready[0]);
  close(ready[1]);
}

}  // namespace
}  // namespace uirgrade
