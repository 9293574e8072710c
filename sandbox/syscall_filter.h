// A seccomp filter every student-side process runs under (set up by process_child.h, inherited
// through fork and exec), in every tier:
// - the kernel objects that belong to a uid and outlive all of its processes, user keyrings
//   (add_key, request_key, keyctl) and POSIX message queues (mq_open), would carry data from one
//   run of a borrowed uid to a later one;
// - the network: in the uid tier (no network namespace) a student, or a build recipe, could reach
//   the container's network, the grader's host and the internet. socket() is allowed for AF_UNIX
//   (pipes between a student's own processes; socketpair stays allowed) and AF_NETLINK only, and io_uring, whose
//   operations open sockets without passing the filter, is refused.
// Those calls fail with EPERM (a libc or interpreter that probes them goes on); every other call
// is allowed.
#pragma once

namespace uirgrade {

/// Installs the filter in the calling thread (PR_SET_NO_NEW_PRIVS must be set, or the caller
/// have CAP_SYS_ADMIN). Async-signal-safe: raw prctl only. Returns 0, or -1 with errno set.
int install_syscall_filter();

}  // namespace uirgrade
