// Waiting for a run (see process_wait.h). The parent never uses Boost's waiting: it polls the two
// output pipes and a pidfd until the deadline and notices the exit with waitid(WNOWAIT), so the
// process stays a zombie and its pid and process group id cannot be reused until it is reaped.
#include "sandbox/process_wait.h"

#include <poll.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>

#include "sandbox/sandbox.h"
#include "sandbox/stop_signal.h"

namespace uirgrade {
namespace {

// How often a running program's limits that nothing else watches are checked: the measured
// working-directory cap, and a v1 memory cgroup's kill of one process (which leaves the others).
constexpr auto kLimitCheckInterval = std::chrono::milliseconds(100);

bool main_process_exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

}  // namespace

// Reaps every child of ours in process group `pgid` (its members were all killed): orphans of the
// group come back to the grader, a subreaper. Their CPU times are summed into *usage and their
// peak RSS is the largest: bubblewrap exits without reaping its init, whose usage is the student's.
// The group id cannot name a new group before the loop ends: its last member is reaped just
// before ECHILD, and pids are allocated cyclically.
void reap_process_group(pid_t pgid, rusage* usage) {
  for (;;) {
    rusage orphan{};
    if (wait4(-pgid, nullptr, 0, &orphan) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    timeradd(&usage->ru_utime, &orphan.ru_utime, &usage->ru_utime);
    timeradd(&usage->ru_stime, &orphan.ru_stime, &usage->ru_stime);
    usage->ru_maxrss = std::max(usage->ru_maxrss, orphan.ru_maxrss);
  }
}

// Reaps the killed processes of `uid` that left the process group (setsid) and came back to the
// grader as orphans; waits (up to 2 s) until no process of that uid is left at all.
void reap_processes_of(uid_t uid) {
  const auto give_up = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < give_up) {
    bool any_left = false;
    for (pid_t pid : processes_owned_by(uid)) {
      any_left = true;
      siginfo_t ignored{};
      waitid(P_PID, pid, &ignored, WEXITED | WNOHANG);  // ECHILD when not (yet) ours
    }
    if (!any_left) return;
    usleep(1000);
  }
}

// Waits until the program exits (and its pipes close, or kEofGrace passes), the deadline passes or
// `limit_reached` (asked every kLimitCheckInterval; may be empty) says so, capturing its output meanwhile.
Watched watch(pid_t pid, int pidfd, Clock::time_point deadline, const std::function<bool()>& limit_reached,
              OutputCapture& out, OutputCapture& err) {
  std::optional<Clock::time_point> exited_at;
  Clock::time_point next_check = Clock::now() + kLimitCheckInterval;
  const int stop = stop_fd();
  for (;;) {
    Clock::time_point now = Clock::now();
    if (!exited_at && stop_requested()) return {std::nullopt, false, true};
    if (!exited_at && now >= deadline) return {};
    if (!exited_at && limit_reached && now >= next_check) {
      if (limit_reached()) return {std::nullopt, true};
      next_check = now + kLimitCheckInterval;
    }
    if (exited_at && ((!out.open() && !err.open()) || now >= *exited_at + kEofGrace)) return {exited_at, false};
    Clock::time_point wake = exited_at ? *exited_at + kEofGrace : deadline;
    if (!exited_at && limit_reached) wake = std::min(wake, next_check);
    if (pidfd < 0 && !exited_at) wake = std::min(wake, now + std::chrono::milliseconds(10));  // no pidfd: poll
    std::array<pollfd, 4> fds{};
    nfds_t count = 0;
    for (OutputCapture* capture : {&out, &err})
      if (capture->open()) fds[count++] = {capture->fd(), POLLIN, 0};
    if (pidfd >= 0 && !exited_at) fds[count++] = {pidfd, POLLIN, 0};
    if (stop >= 0 && !exited_at) fds[count++] = {stop, POLLIN, 0};
    auto wait_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(wake - now).count();
    timespec timeout{static_cast<time_t>(wait_ns / 1'000'000'000), static_cast<long>(wait_ns % 1'000'000'000)};
    if (ppoll(fds.data(), count, &timeout, nullptr) < 0 && errno != EINTR) usleep(1000);  // not seen: no spin
    out.drain();
    err.drain();
    if (!exited_at && main_process_exited(pid)) exited_at = Clock::now();
  }
}

}  // namespace uirgrade
