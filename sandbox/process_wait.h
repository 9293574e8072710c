// Waiting for one run's processes: watching the program to its exit, its deadline or a limit while
// its output is captured, then reaping what is left of its process group and of its borrowed uid.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>

#include "sandbox/process_output.h"

namespace uirgrade {

using Clock = std::chrono::steady_clock;

/// After the program exits, how long a grandchild may keep the pipes open before it is killed.
constexpr auto kEofGrace = std::chrono::milliseconds(100);

struct Watched {
  std::optional<Clock::time_point> exited_at;  // nullopt: stopped at the deadline or at a limit
  bool at_limit = false;                       // `limit_reached` said so before it exited
  bool stopped = false;                        // the grader was asked to stop (sandbox/stop_signal.h)
};

/// Waits until the program exits (and its pipes close, or kEofGrace passes), the deadline passes,
/// `limit_reached` (asked every 100 ms; may be empty) says so or the grader is asked to stop
/// (stop_fd() becomes readable), capturing its output meanwhile.
Watched watch(pid_t pid, int pidfd, Clock::time_point deadline, const std::function<bool()>& limit_reached,
              OutputCapture& out, OutputCapture& err);

/// Reaps every child of ours in process group `pgid` (its members were all killed), summing their
/// CPU times into *usage and keeping the largest peak RSS.
void reap_process_group(pid_t pgid, rusage* usage);

/// Reaps the killed processes of `uid` that left the process group and came back to the grader as
/// orphans; waits (up to 2 s) until no process of that uid is left at all.
void reap_processes_of(uid_t uid);

}  // namespace uirgrade
