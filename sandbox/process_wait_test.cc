// watch() and reap_process_group() on real children (a shell started with fork and exec, its
// stdout and stderr on non-blocking pipes, as the runner starts a student): an exit is seen and
// the output kept; the deadline and a limit stop the wait while the program still runs; a
// grandchild that keeps the pipes open after the program exits holds the wait for kEofGrace only,
// with and without a pidfd; the reaping sums the CPU time of every member of the group.
#include "sandbox/process_wait.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <sstream>
#include <string>

namespace uirgrade {
namespace {

/// `sh -c script` in a process group of its own, its stdout and stderr captured.
struct Child {
  pid_t pid = -1;
  int pidfd = -1;
  std::unique_ptr<OutputCapture> out, err;

  explicit Child(const std::string& script, bool with_pidfd = true) {
    int out_fds[2], err_fds[2];
    EXPECT_EQ(pipe2(out_fds, O_CLOEXEC), 0);
    EXPECT_EQ(pipe2(err_fds, O_CLOEXEC), 0);
    pid = fork();
    if (pid == 0) {
      setpgid(0, 0);
      dup2(out_fds[1], 1);
      dup2(err_fds[1], 2);
      execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    setpgid(pid, pid);  // either side may win the race; both ask for the same group
    close(out_fds[1]);
    close(err_fds[1]);
    fcntl(out_fds[0], F_SETFL, O_NONBLOCK);
    fcntl(err_fds[0], F_SETFL, O_NONBLOCK);
    out = std::make_unique<OutputCapture>(out_fds[0], 1 << 20);
    err = std::make_unique<OutputCapture>(err_fds[0], 1 << 20);
    if (with_pidfd) pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  }
  ~Child() {
    kill(-pid, SIGKILL);
    rusage ignored{};
    reap_process_group(pid, &ignored);
    if (pidfd >= 0) close(pidfd);
  }
  Watched watch_until(std::chrono::milliseconds timeout, const std::function<bool()>& limit = {}) {
    return watch(pid, pidfd, Clock::now() + timeout, limit, *out, *err);
  }
};

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

TEST(ProcessWait, AnExitIsSeenWithItsOutput) {
  Child child("echo out; echo err >&2; exit 3");
  Watched watched = child.watch_until(std::chrono::seconds(20));
  ASSERT_TRUE(watched.exited_at.has_value());
  EXPECT_FALSE(watched.at_limit);
  EXPECT_EQ(child.out->text, "out\n");
  EXPECT_EQ(child.err->text, "err\n");
  int status = 0;
  ASSERT_EQ(waitpid(child.pid, &status, 0), child.pid);  // watch leaves it a zombie for the caller
  EXPECT_EQ(WEXITSTATUS(status), 3);
}

TEST(ProcessWait, TheDeadlineStopsTheWaitWhileTheProgramRuns) {
  Child child("echo started; exec sleep 30");
  auto start = Clock::now();
  Watched watched = child.watch_until(std::chrono::milliseconds(300));
  EXPECT_FALSE(watched.exited_at.has_value());
  EXPECT_FALSE(watched.at_limit);
  EXPECT_LT(seconds_since(start), 10.0);  // the deadline, not the sleep, ended it
  EXPECT_EQ(child.out->text, "started\n");  // output written before the deadline is kept
  EXPECT_EQ(kill(child.pid, 0), 0) << "still running: stopping it is the caller's job";
}

TEST(ProcessWait, ALimitStopsTheWaitAndSaysSo) {
  Child child("exec sleep 30");
  int asked = 0;
  auto start = Clock::now();
  Watched watched = child.watch_until(std::chrono::seconds(20), [&] { return ++asked == 2; });
  EXPECT_FALSE(watched.exited_at.has_value());
  EXPECT_TRUE(watched.at_limit);
  EXPECT_EQ(asked, 2);
  EXPECT_LT(seconds_since(start), 10.0);
}

// A program that leaves a background process holding its stdout must not hold the grader until
// that process ends: the wait ends kEofGrace after the program's own exit.
TEST(ProcessWait, AGrandchildHoldingThePipesOpenDelaysTheEndByTheGraceOnly) {
  for (bool with_pidfd : {true, false}) {
    Child child("sleep 30 & echo done", with_pidfd);
    auto start = Clock::now();
    Watched watched = child.watch_until(std::chrono::seconds(20));
    ASSERT_TRUE(watched.exited_at.has_value()) << "pidfd " << with_pidfd;
    EXPECT_LT(seconds_since(start), 10.0) << "pidfd " << with_pidfd;
    EXPECT_GE(Clock::now() - *watched.exited_at, kEofGrace) << "pidfd " << with_pidfd;
    EXPECT_TRUE(child.out->open()) << "the grandchild still holds it";
    EXPECT_EQ(child.out->text, "done\n");
  }
}

// The members left when the program exits come back to the grader (a subreaper, as
// ProcessRunner makes it) and are reaped here; each says its own CPU time (the shell's `times`).
TEST(ProcessWait, ReapingTheGroupSumsTheCpuOfEveryMember) {
  ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), 0);
  const std::string member = "(i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done; times >&2) &";
  Child child(member + member + "exit 0");
  ASSERT_TRUE(child.watch_until(std::chrono::seconds(60)).exited_at.has_value());
  ASSERT_EQ(waitpid(child.pid, nullptr, 0), child.pid);  // the shell, which left its members running
  rusage group{};
  reap_process_group(child.pid, &group);  // blocks until both members exit
  EXPECT_EQ(waitpid(-child.pid, nullptr, WNOHANG), -1) << "every member reaped";
  child.err->drain();
  // `times` prints the shell's own user and system time first: "0m0.21s 0m0.00s".
  double members_user = 0;
  int members = 0;
  std::istringstream lines(child.err->text);
  for (std::string line; std::getline(lines, line);) {
    int minutes = 0;
    double seconds = 0;
    if (std::sscanf(line.c_str(), "%dm%lfs", &minutes, &seconds) != 2) continue;
    members_user += minutes * 60 + seconds;
    ++members;
    std::getline(lines, line);  // the line of its children's times (none)
  }
  ASSERT_EQ(members, 2) << child.err->text;
  double group_user = group.ru_utime.tv_sec + group.ru_utime.tv_usec / 1e6;
  EXPECT_GT(members_user, 0.05) << child.err->text;
  EXPECT_NEAR(group_user, members_user, 0.1 + 0.1 * members_user) << child.err->text;
}

}  // namespace
}  // namespace uirgrade
