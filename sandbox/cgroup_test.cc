// Run cgroups: the parsing of cgroup files, and (where this grader can make cgroups: root on a
// writable hierarchy) a real run's tree held to its memory and process limits and killed whole.
#include "sandbox/cgroup.h"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(GraderCgroup, KeyedValuesAreReadByTheirOwnKey) {
  const std::string events = "low 0\nhigh 0\nmax 12\noom 3\noom_kill 2\noom_group_kill 0\n";
  EXPECT_EQ(cgroup_keyed_value(events, "oom_kill"), 2u);
  EXPECT_EQ(cgroup_keyed_value(events, "oom"), 3u);  // not oom_kill's or oom_group_kill's
  EXPECT_EQ(cgroup_keyed_value(events, "max"), 12u);
  EXPECT_EQ(cgroup_keyed_value("oom_kill_disable 0\nunder_oom 0\n", "oom_kill"), 0u);
}

TEST(GraderCgroup, OurDirectoryIsTheMountPlusThePathBelowTheMountsRoot) {
  EXPECT_EQ(cgroup_directory("/sys/fs/cgroup/memory", "/", "/process_api/abc"), "/sys/fs/cgroup/memory/process_api/abc");
  EXPECT_EQ(cgroup_directory("/sys/fs/cgroup/memory", "/", "/"), "/sys/fs/cgroup/memory");
  // A container's mount shows only its own subtree.
  EXPECT_EQ(cgroup_directory("/sys/fs/cgroup", "/docker/x", "/docker/x/job"), "/sys/fs/cgroup/job");
  EXPECT_EQ(cgroup_directory("/sys/fs/cgroup", "/docker/x", "/docker/x"), "/sys/fs/cgroup");
  EXPECT_EQ(cgroup_directory("/sys/fs/cgroup", "/docker/x", "/docker/xy"), "");
  EXPECT_EQ(cgroup_directory("/sys/fs/cgroup", "/docker/x", "/elsewhere"), "");
}

// Makes `mib` MiB resident (volatile: the compiler must not drop the writes), holds them for
// `seconds`, and returns 0 (1 if malloc failed).
int touch_megabytes(size_t mib, unsigned seconds) {
  volatile char* memory = static_cast<char*>(malloc(mib << 20));
  if (!memory) return 1;
  for (size_t at = 0; at < (mib << 20); at += 4096) memory[at] = 1;
  sleep(seconds);
  return 0;
}

// Forks a child that joins `run`'s cgroups and runs `body` (its exit code is the child's).
pid_t start_in(const RunCgroup& run, int (*body)()) {
  pid_t child = fork();
  if (child == 0) {
    for (int fd : run.join_fds())
      if (write(fd, "0", 1) != 1) _exit(100);
    _exit(body());
  }
  return child;
}

int wait_status(pid_t child) {
  int status = 0;
  waitpid(child, &status, 0);
  return status;
}

class GraderCgroupRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cgroup_layout().limits_memory() || !cgroup_layout().limits_processes())
      GTEST_SKIP() << "no memory and pids cgroup can be made here (" << cgroup_layout().description() << ")";
  }
};

TEST_F(GraderCgroupRun, TheMemoryOfAllItsProcessesTogetherIsLimited) {
  std::string error;
  std::optional<RunCgroup> run = RunCgroup::create(cgroup_layout(), 64ull << 20, 0, &error);
  ASSERT_TRUE(run) << error;
  // Three processes of 40 MiB each: every one within the limit, together over it.
  pid_t child = start_in(*run, [] {
    for (int i = 0; i < 2; i++)
      if (fork() == 0) break;
    return touch_megabytes(40, 2);
  });
  int status = wait_status(child);
  run->kill_all();
  EXPECT_TRUE(run->memory_limit_hit());
  EXPECT_GT(run->peak_memory_bytes(), 40ull << 20);
  EXPECT_LE(run->peak_memory_bytes(), 64ull << 20);
  (void)status;
}

TEST_F(GraderCgroupRun, AProcessWithinTheLimitIsNotKilled) {
  std::string error;
  std::optional<RunCgroup> run = RunCgroup::create(cgroup_layout(), 64ull << 20, 8, &error);
  ASSERT_TRUE(run) << error;
  pid_t child = start_in(*run, [] {
    return touch_megabytes(16, 0);
  });
  int status = wait_status(child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_FALSE(run->memory_limit_hit());
  EXPECT_FALSE(run->process_limit_hit());
  EXPECT_GE(run->peak_memory_bytes(), 16ull << 20);
}

TEST_F(GraderCgroupRun, ForksBeyondTheProcessLimitFail) {
  std::string error;
  std::optional<RunCgroup> run = RunCgroup::create(cgroup_layout(), 0, 8, &error);
  ASSERT_TRUE(run) << error;
  // Exits with how many of 20 forks succeeded (children wait to be killed).
  pid_t child = start_in(*run, [] {
    int forked = 0;
    for (int i = 0; i < 20; i++) {
      pid_t grandchild = fork();
      if (grandchild == 0) {
        pause();
        _exit(0);
      }
      if (grandchild > 0) forked++;
    }
    return forked;
  });
  int status = wait_status(child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 7);  // 8 processes: itself and 7 children
  EXPECT_TRUE(run->process_limit_hit());
  EXPECT_TRUE(run->kill_all());  // the orphaned children too
  while (waitpid(-1, nullptr, WNOHANG) > 0) {  // ours if this test process is a subreaper
  }
}

TEST_F(GraderCgroupRun, KillAllTakesProcessesThatLeftTheSessionAndGroup) {
  std::string error;
  std::optional<RunCgroup> run = RunCgroup::create(cgroup_layout(), 0, 16, &error);
  ASSERT_TRUE(run) << error;
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  static int report_fd;
  report_fd = pipe_fds[1];
  pid_t child = start_in(*run, [] {
    pid_t escapee = fork();
    if (escapee == 0) {
      setsid();
      if (fork() != 0) _exit(0);
      pid_t self = getpid();
      if (write(report_fd, &self, sizeof self) != sizeof self) _exit(1);
      for (;;) pause();
    }
    waitpid(escapee, nullptr, 0);
    return 0;
  });
  close(pipe_fds[1]);
  pid_t daemon = 0;
  ASSERT_EQ(read(pipe_fds[0], &daemon, sizeof daemon), static_cast<ssize_t>(sizeof daemon));
  close(pipe_fds[0]);
  wait_status(child);
  ASSERT_EQ(kill(daemon, 0), 0) << "the daemon runs, outside the child's session";
  EXPECT_TRUE(run->kill_all());
  // It was reparented (to init or a subreaper): gone, or a zombie at most.
  std::string state;
  FILE* stat = fopen(("/proc/" + std::to_string(daemon) + "/stat").c_str(), "r");
  if (stat) {
    char buffer[512] = "";
    if (fgets(buffer, sizeof buffer, stat)) state = buffer;
    fclose(stat);
  }
  const char* after_name = state.empty() ? nullptr : strrchr(state.c_str(), ')');
  if (after_name) {
    EXPECT_EQ(after_name[2], 'Z') << state;
  }
  waitpid(daemon, nullptr, WNOHANG);  // ours if this test process is a subreaper
}

TEST(GraderCgroup, TheDescriptionNamesWhatIsInForce) {
  CgroupLayout v1;
  v1.v1_memory_dir = "/m";
  v1.v1_pids_dir = "/p";
  v1.v2_dir = "/u";
  EXPECT_EQ(v1.description(), "memory by cgroup v1, processes by cgroup v1, killed at once by cgroup.kill");
  CgroupLayout v2;
  v2.v2_dir = "/u";
  v2.v2_memory = v2.v2_pids = true;
  EXPECT_EQ(v2.description(), "memory by cgroup v2, processes by cgroup v2, killed at once by cgroup.kill");
  EXPECT_EQ(CgroupLayout{}.description(), "");
}

}  // namespace
}  // namespace uirgrade
