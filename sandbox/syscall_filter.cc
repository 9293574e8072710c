// The filter is a fixed BPF program (no allocation: it is installed between fork and exec).
// A process may also make syscalls of another ABI (int 0x80 for i386, the x32 bit on x86_64),
// whose numbers differ: a call of any ABI but the native one is refused, so that the refused
// calls cannot be reached under other numbers.
#include "sandbox/syscall_filter.h"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstddef>

namespace uirgrade {
namespace {

#if defined(__x86_64__)
constexpr unsigned kNativeArch = AUDIT_ARCH_X86_64;
constexpr unsigned kForeignAbiBit = 0x40000000;  // __X32_SYSCALL_BIT: x32 calls on the same arch
#elif defined(__aarch64__)
constexpr unsigned kNativeArch = AUDIT_ARCH_AARCH64;
constexpr unsigned kForeignAbiBit = 0;
#else
#error "syscall_filter.cc: add this architecture's AUDIT_ARCH (and any second ABI on it)"
#endif

constexpr unsigned kRefuse = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);

// Jump offsets count the instructions after the jump: `refuse` is the last but one.
sock_filter kProgram[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kNativeArch, 0, 11),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, kForeignAbiBit, 9, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_add_key, 8, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_request_key, 7, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_keyctl, 6, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mq_open, 5, 0),
    // io_uring runs its operations (sockets among them) without passing this filter again.
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 4, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 4),
    // socket(domain, ...): the domain is an int, the low word of the first argument. Netlink
    // stays: bubblewrap brings up the loopback of its network namespace with it, and it reaches
    // no other machine (changing anything through it needs a capability the student lacks).
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0])),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 2, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_NETLINK, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, kRefuse),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

}  // namespace

int install_syscall_filter() {
  sock_fprog program{static_cast<unsigned short>(sizeof kProgram / sizeof kProgram[0]), kProgram};
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) == 0 ? 0 : -1;
}

}  // namespace uirgrade
