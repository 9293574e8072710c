#include "sandbox/sandbox.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

ProcessResult exited_with(int code, std::string err = "") {
  ProcessResult result;
  result.started = true;
  result.exited = true;
  result.exit_code = code;
  result.err = std::move(err);
  return result;
}

TEST(ProbeBwrap, UsableWhenTrueExitsZero) {
  std::vector<std::string> seen_argv;
  BwrapStatus status = probe_bwrap([&](const ProcessRequest& request) {
    seen_argv = request.argv;
    return exited_with(0);
  });
  EXPECT_TRUE(status.usable);
  EXPECT_EQ(status.why_not, "");
  EXPECT_EQ(seen_argv, std::vector<std::string>{"/bin/true"});
}

TEST(ProbeBwrap, UnusableSaysWhatFailed) {
  BwrapStatus refused = probe_bwrap([](const ProcessRequest&) {
    return exited_with(1, "bwrap: No permissions to creating new namespace\nmore\n");
  });
  EXPECT_FALSE(refused.usable);
  EXPECT_NE(refused.why_not.find("exited with 1: bwrap: No permissions to creating new namespace"),
            std::string::npos)
      << refused.why_not;
  EXPECT_EQ(refused.why_not.find("more"), std::string::npos) << "only the first line of stderr";

  BwrapStatus not_started = probe_bwrap([](const ProcessRequest&) {
    ProcessResult result;
    result.internal_error = "bubblewrap failed: bwrap: setting up uid map: Permission denied";
    return result;
  });
  EXPECT_FALSE(not_started.usable);
  EXPECT_EQ(not_started.why_not, "bubblewrap failed: bwrap: setting up uid map: Permission denied");
}

TEST(UidLease, ConcurrentLeasesGetDistinctUidsThatAreReusedAfterRelease) {
  if (!running_as_root()) GTEST_SKIP() << "only root borrows uids";
  std::string error;
  std::optional<UidLease> first = UidLease::claim(&error);
  ASSERT_TRUE(first) << error;
  std::optional<UidLease> second = UidLease::claim(&error);
  ASSERT_TRUE(second) << error;
  EXPECT_NE(first->uid(), second->uid());
  EXPECT_GE(first->uid(), 60000u);  // far from root and the system accounts
  EXPECT_EQ(first->gid(), static_cast<gid_t>(first->uid()));
}

// A child that takes `uid` and sleeps; returns once /proc shows it under that uid.
pid_t sleeper_as(uid_t uid) {
  pid_t sleeper = fork();
  if (sleeper == 0) {
    if (setresuid(uid, uid, uid) != 0) _exit(1);
    pause();
    _exit(0);
  }
  // Wait until the child has taken the uid, or what follows could run before it.
  std::string status_path = "/proc/" + std::to_string(sleeper) + "/status";
  for (int i = 0; sleeper > 0 && i < 1000 && access(status_path.c_str(), F_OK) == 0; i++) {
    struct stat info {};
    if (stat(("/proc/" + std::to_string(sleeper)).c_str(), &info) == 0 && info.st_uid == uid) break;
    usleep(1000);
  }
  return sleeper;
}

TEST(KillEveryProcessOf, KillsAProcessOfThatUid) {
  if (!running_as_root()) GTEST_SKIP() << "only root can act as another uid";
  std::string error;
  std::optional<UidLease> lease = UidLease::claim(&error);
  ASSERT_TRUE(lease) << error;
  EXPECT_TRUE(processes_owned_by(lease->uid()).empty()) << "a claimed uid owns no process";
  pid_t sleeper = sleeper_as(lease->uid());
  ASSERT_GE(sleeper, 0);
  EXPECT_EQ(processes_owned_by(lease->uid()), std::vector<pid_t>{sleeper});
  kill_every_process_of(lease->uid());
  int status = 0;
  ASSERT_EQ(waitpid(sleeper, &status, 0), sleeper);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
}

// Two graders on one host that cannot see each other's locks (two containers) may try the same
// uid: a uid that owns a process this grader did not start is skipped and its processes left alone.
// The weakened claim (the one before issue 24) killed them: another container's honest students died.
TEST(UidLease, AUidOwnedByAnotherGradersStudentIsSkippedAndItsProcessLeftAlive) {
  if (!running_as_root()) GTEST_SKIP() << "only root can act as another uid";
  std::string error;
  int status = 0;
  {
    const uid_t taken = UidLease::next_candidate_for_tests();
    const pid_t other_student = sleeper_as(taken);
    ASSERT_GT(other_student, 0);
    std::optional<UidLease> lease = UidLease::claim(&error, {.kill_busy_uids = true});
    ASSERT_TRUE(lease) << error;
    EXPECT_NE(lease->uid(), taken);
    ASSERT_EQ(waitpid(other_student, &status, 0), other_student);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the weakened claim kills it";
  }
  const uid_t taken = UidLease::next_candidate_for_tests();
  const pid_t other_student = sleeper_as(taken);
  ASSERT_GT(other_student, 0);
  std::optional<UidLease> lease = UidLease::claim(&error);
  ASSERT_TRUE(lease) << error;
  EXPECT_NE(lease->uid(), taken);
  EXPECT_EQ(waitpid(other_student, &status, WNOHANG), 0) << "the other grader's student still runs";
  kill(other_student, SIGKILL);
  ASSERT_EQ(waitpid(other_student, &status, 0), other_student);
}

TEST(UidLease, EachGraderSaysWhichWindowOfUidsItBorrows) {
  if (!running_as_root()) GTEST_SKIP() << "only root borrows uids";
  std::string error;
  std::optional<UidLease> lease = UidLease::claim(&error);
  ASSERT_TRUE(lease) << error;
  const std::string described = borrowed_uids_description();
  unsigned long first = 0, last = 0;
  ASSERT_EQ(std::sscanf(described.c_str(), "uids %lu-%lu", &first, &last), 2) << described;
  EXPECT_EQ(last - first + 1, 4096u);
  EXPECT_GE(lease->uid(), first);
  EXPECT_LE(lease->uid(), last);
  EXPECT_NE(described.find("drawn at random"), std::string::npos) << described;
}

// The check a claim makes for a whole batch of uids at once.
TEST(WithoutProcesses, LeavesOutTheUidsThatOwnAProcess) {
  if (!running_as_root()) GTEST_SKIP() << "only root can act as another uid";
  std::string error;
  std::optional<UidLease> busy = UidLease::claim(&error), idle = UidLease::claim(&error);
  ASSERT_TRUE(busy && idle) << error;
  const std::vector<uid_t> both = {busy->uid(), idle->uid()};
  EXPECT_EQ(without_processes(both), both);
  pid_t sleeper = sleeper_as(busy->uid());
  ASSERT_GE(sleeper, 0);
  EXPECT_EQ(without_processes(both), std::vector<uid_t>{idle->uid()});
  kill(sleeper, SIGKILL);
  ASSERT_EQ(waitpid(sleeper, nullptr, 0), sleeper);
  EXPECT_EQ(without_processes(both), both);
}

TEST(CanReadAndExecuteAs, RefusesAPrivateFileAndAcceptsAPublicOne) {
  if (!running_as_root()) GTEST_SKIP() << "only root can act as another uid";
  std::string error;
  std::optional<UidLease> lease = UidLease::claim(&error);
  ASSERT_TRUE(lease) << error;
  EXPECT_TRUE(can_read_and_execute_as("/bin/true", lease->uid(), lease->gid(), &error)) << error;
  char path[] = "/tmp/uirgrade-private-XXXXXX";
  int fd = mkstemp(path);  // mode 0600, owned by root
  ASSERT_GE(fd, 0);
  close(fd);
  EXPECT_FALSE(can_read_and_execute_as(path, lease->uid(), lease->gid(), &error));
  EXPECT_NE(error.find("not readable and executable by uid " + std::to_string(lease->uid())), std::string::npos)
      << error;
  unlink(path);
}

}  // namespace
}  // namespace uirgrade
