// The kernel's lockdown (spec §6.2, "no system call of its own"): C text the driver carries. After
// the driver has read its input, and before it calls kernel, it installs a seccomp filter on itself
// that allows only computing, memory (never executable), writing to stdout and stderr, signals to
// itself and ending. Any other call traps into a SIGSYS handler that names the call on stderr and
// exits kKernelLockdownExit, which the grader turns into a render-rule verdict.
//
// The sanitizers' own reports make calls the filter refuses (reading /proc/self/maps, symbolizing):
// those fail quietly with EPERM, so an out-of-bounds access is still reported as one. A call counts
// as the sanitizer's when it is made from a sanitizer runtime's code or during its report; the
// handler never performs a refused call, so being mistaken for the sanitizer only makes it fail.
#pragma once

#include <string_view>

namespace uir {

/// The driver's exit status when the kernel made a system call the filter refuses; its stderr then
/// ends with "kernel made system call N (NAME) that a kernel may not make (spec section 6.2)".
inline constexpr int kKernelLockdownExit = 87;
/// The driver's exit status when it could not install the filter (the grader's problem).
inline constexpr int kKernelLockdownFailedExit = 88;

/// The includes the lockdown needs (the driver's first lines must define _GNU_SOURCE).
std::string_view kernel_lockdown_includes();
/// The lockdown's C functions; `lock_down()` installs it.
std::string_view kernel_lockdown_c();

}  // namespace uir
