// Stopping the grader cleanly (issue 39). SIGTERM, SIGINT and SIGHUP (a CI job's time limit,
// `timeout`, Ctrl-C, a closed terminal) must not end the grader where it stands: that would leave
// the tmpfs on run directories mounted, a borrowed uid's processes running, and the compiler's
// directory, the work directory and private copies of submissions on disk. The handler only
// records the signal and writes one byte to a pipe, both async-signal-safe. Every run's watch loop
// polls the pipe's read end (sandbox/process_wait.h), so a run in flight is killed through its
// cgroup and process group and cleaned up as after a time-out, no new run starts, and the grading
// loops stop taking tests; what the grader made is removed by the objects that own it on the way
// out, and `grade` exits with 128 + the signal's number.
#pragma once

#include <string>

namespace uirgrade {

/// Installs the handler for SIGTERM, SIGINT and SIGHUP, except for a signal the grader was started
/// with ignored (`nohup` keeps a SIGHUP from stopping it). Call before starting any thread.
void install_stop_handlers();

/// The signal that asked the grader to stop; 0 while none has.
int stop_signal();
inline bool stop_requested() { return stop_signal() != 0; }

/// Becomes readable once a stop is requested and stays so: poll it, never read it. -1 before
/// install_stop_handlers() (or request_stop_for_testing()).
int stop_fd();

/// "the grader was stopped (SIGTERM)", for the results and reports of what it did not finish.
std::string describe_stop();

/// The exit status of a grader stopped by `signal`: 128 + its number, as a shell reports it.
inline int stopped_exit_status(int signal) { return 128 + signal; }

/// Tests only: the grader behaves as when `signal` arrived; clear_stop_for_testing() forgets it.
void request_stop_for_testing(int signal);
void clear_stop_for_testing();

}  // namespace uirgrade
