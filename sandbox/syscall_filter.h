// A seccomp filter every student-side process runs under (set up by process_child.h, inherited
// through fork and exec): the kernel objects that belong to a uid and outlive all of its
// processes, user keyrings (add_key, request_key, keyctl) and POSIX message queues (mq_open),
// would carry data from one run of a borrowed uid to a later one. Those calls fail with EPERM
// (a libc or interpreter that probes them goes on); every other call is allowed.
#pragma once

namespace uirgrade {

/// Installs the filter in the calling thread (PR_SET_NO_NEW_PRIVS must be set, or the caller
/// have CAP_SYS_ADMIN). Async-signal-safe: raw prctl only. Returns 0, or -1 with errno set.
int install_syscall_filter();

}  // namespace uirgrade
