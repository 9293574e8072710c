// What a student's process does between fork and exec (a Boost.Process handler for process.cc).
//
// This code runs in the child of a multithreaded grader, so it may only make async-signal-safe
// calls: everything it needs (paths, limits, ids) is computed by the parent beforehand, identity
// changes use raw syscalls (glibc's setuid wrappers synchronise threads that no longer exist),
// and a failure is written to Boost's error pipe before `_exit`, so that the parent reports it
// as an internal error and no student code ever runs half set up.
#pragma once

#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <system_error>

#include <boost/process/extend.hpp>

#include "sandbox/syscall_filter.h"

namespace uirgrade {

struct ChildSetup : boost::process::extend::handler {
  struct Limit {
    int resource;
    rlim_t soft, hard;
  };

  int stdin_fd = -1;  // becomes fd 0; likewise 1 and 2
  int stdout_fd = -1;
  int stderr_fd = -1;
  const char* workdir = nullptr;
  std::array<int, 3> cgroup_fds{-1, -1, -1};  // the run's cgroup.procs files (cgroup.h): joined first
  std::array<Limit, 6> limits{};  // core, CPU, address space, file size, stack, processes
  size_t limit_count = 0;
  bool change_identity = false;  // become uid/gid (the grader is root)
  uid_t uid = 0;
  gid_t gid = 0;
  bool has_extra_group = false;  // with change_identity: the one supplementary group
  gid_t extra_group = 0;
  /// What getppid() returns while the grader lives: its pid, or 0 for a child forked into a PID
  /// namespace the grader is outside of (a pre-built sandbox, sandbox_pool.h).
  pid_t parent_pid = 0;
  /// Namespaces to join first (a pre-built sandbox's, in order, mount last), as fds with their
  /// setns types; -1 ends the list.
  std::array<int, 4> namespace_fds{-1, -1, -1, -1};
  std::array<int, 4> namespace_types{};
  /// The keyring and message-queue filter (syscall_filter.h); off only in a test's weakened run.
  bool syscall_filter = true;

  void add_limit(int resource, rlim_t soft, rlim_t hard) { limits.at(limit_count++) = {resource, soft, hard}; }

  template <class Executor>
  void on_exec_setup(Executor& exec) const {
    auto fail = [&exec](const char* what) {
      exec.set_error(std::error_code(errno, std::system_category()), what);
      _exit(127);
    };
    // Into the run's cgroups before anything else, while still root: every descendant is born there.
    for (int fd : cgroup_fds)
      if (fd >= 0 && write(fd, "0", 1) != 1) fail("joining the run's cgroup");
    // Own session and process group: the parent kills the whole group with killpg(pid).
    if (setsid() < 0) fail("setsid");
    for (size_t i = 0; i < namespace_fds.size() && namespace_fds[i] >= 0; i++)
      if (setns(namespace_fds[i], namespace_types[i]) != 0) fail("joining the sandbox's namespaces");
    if (dup2(stdin_fd, 0) < 0 || dup2(stdout_fd, 1) < 0 || dup2(stderr_fd, 2) < 0) fail("dup2");
    if (chdir(workdir) != 0) fail("chdir to the run directory");
    // Signals the grader blocks or ignores (SIGPIPE) would be inherited through exec.
    sigset_t none;
    sigemptyset(&none);
    if (sigprocmask(SIG_SETMASK, &none, nullptr) != 0) fail("sigprocmask");
    for (int signal_number = 1; signal_number < NSIG; signal_number++)
      if (signal_number != SIGKILL && signal_number != SIGSTOP) ::signal(signal_number, SIG_DFL);
    for (size_t i = 0; i < limit_count; i++) {
      rlimit value{limits[i].soft, limits[i].hard};
      if (setrlimit(limits[i].resource, &value) != 0) fail("setrlimit");
    }
    // With no capability left to gain back, not even through a file's capabilities.
    for (int capability = 0; change_identity && capability < 64; capability++)
      if (prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0 && errno != EINVAL) fail("dropping capabilities");
    if (change_identity && (syscall(SYS_setgroups, has_extra_group ? 1 : 0, &extra_group) != 0 ||
                            syscall(SYS_setresgid, gid, gid, gid) != 0 || syscall(SYS_setresuid, uid, uid, uid) != 0))
      fail("changing to the student uid");
    // No setuid program may give the student back what it lost.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail("PR_SET_NO_NEW_PRIVS");
    // Inherited by every process of the run, bubblewrap's included: nothing kept by the uid.
    if (syscall_filter && install_syscall_filter() != 0) fail("installing the syscall filter");
    // Set after the identity change, which clears it; then make sure the grader did not die first.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail("PR_SET_PDEATHSIG");
    if (getppid() != parent_pid) _exit(127);
    // Close every other descriptor at exec: another thread's pipes must not leak into this student.
    if (syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */) != 0) fail("close_range");
  }

  /// A child whose setup or exec failed has exited: reap it, so that no zombie is left.
  template <class Executor>
  void on_error(Executor& exec, const std::error_code&) const {
    if (exec.pid <= 0) return;
    while (waitpid(exec.pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
};

}  // namespace uirgrade
