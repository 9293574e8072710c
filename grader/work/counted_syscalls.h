// The kernel's lockdown in the counted run (issue 39). valgrind cannot run a program that installs
// the driver's seccomp filter (its own system calls would be refused), so the counted run has no
// filter; instead valgrind traces every system call the program makes (--trace-syscalls=yes, on
// stderr), the driver marks the moment it would lock down with one getppid() call, and the grader
// applies the lockdown's rules (oracle/kernel_lockdown.h) to every call after the mark. A call the
// filter refuses in the graded run is then a verdict in the counted run too, not a figure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uirgrade {

/// The first system call after the driver's mark in valgrind's trace `err` that the kernel's
/// lockdown refuses ("openat (257)"), or nullopt. Only the calls the driver and a pure kernel make
/// once locked down are allowed: writing to stdout and stderr, memory that is not executable,
/// ending, signals to itself (abort), and what the allocator and threads' futexes need. A trace
/// without the mark has no call after it.
std::optional<std::string> first_refused_counted_syscall(std::string_view err);

/// `err` without valgrind's trace lines (those that start with "SYSCALL["): the program's own stderr,
/// for the comparison with the oracle (an assert's line is its first line).
std::string without_syscall_trace(std::string_view err);

}  // namespace uirgrade
