// The C text of the kernel's lockdown (kernel_lockdown.h). Kept apart from render_driver.cc, which
// renders the rest of the driver.
#include "oracle/kernel_lockdown.h"

namespace uir {

std::string_view kernel_lockdown_includes() {
  return R"C(#include <link.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <ucontext.h>
#include <unistd.h>
)C";
}

std::string_view kernel_lockdown_c() {
  return R"C(
#if defined(__x86_64__)
#define KERNEL_NATIVE_ARCH AUDIT_ARCH_X86_64
#define KERNEL_FOREIGN_ABI_BIT 0x40000000u /* __X32_SYSCALL_BIT: x32 calls on the same arch */
#elif defined(__aarch64__)
#define KERNEL_NATIVE_ARCH AUDIT_ARCH_AARCH64
#define KERNEL_FOREIGN_ABI_BIT 0u
#else
#error "the kernel's lockdown: add this architecture's AUDIT_ARCH"
#endif


/// Set while a sanitizer writes its report: a call it makes that the filter refuses (reading
/// /proc/self/maps, symbolizing) then fails quietly, so the report still reaches stderr.
static volatile sig_atomic_t sanitizer_reporting;
void __asan_on_error(void) { sanitizer_reporting = 1; }
void __ubsan_on_report(void) { sanitizer_reporting = 1; }

static const char *system_call_name(long nr) {
  switch (nr) {
#define NAME(call) case SYS_##call: return #call;
#ifdef SYS_open /* the calls only x86_64 (of the architectures above) has */
    NAME(open) NAME(creat) NAME(fork) NAME(vfork) NAME(mkdir) NAME(unlink) NAME(rename) NAME(link) NAME(symlink)
    NAME(readlink) NAME(access) NAME(stat) NAME(lstat) NAME(chmod) NAME(pipe) NAME(select) NAME(poll) NAME(dup2)
    NAME(alarm) NAME(pause) NAME(time) NAME(getdents) NAME(rmdir) NAME(chown) NAME(lchown) NAME(utimes)
    NAME(epoll_create) NAME(inotify_init) NAME(signalfd) NAME(eventfd) NAME(uselib) NAME(ustat) NAME(sysfs)
    NAME(modify_ldt) NAME(arch_prctl) NAME(iopl) NAME(ioperm)
#endif
    NAME(read) NAME(write) NAME(close) NAME(fstat) NAME(lseek) NAME(ioctl) NAME(pread64) NAME(pwrite64)
    NAME(readv) NAME(writev) NAME(openat) NAME(openat2) NAME(execve) NAME(execveat) NAME(clone) NAME(clone3)
    NAME(kill) NAME(tkill) NAME(tgkill) NAME(socket) NAME(socketpair) NAME(connect) NAME(bind) NAME(listen)
    NAME(accept) NAME(accept4) NAME(sendto) NAME(recvfrom) NAME(sendmsg) NAME(recvmsg) NAME(shutdown)
    NAME(ptrace) NAME(process_vm_readv) NAME(process_vm_writev) NAME(mq_open) NAME(mq_unlink)
    NAME(mq_timedsend) NAME(mq_timedreceive) NAME(shmget) NAME(shmat) NAME(shmctl) NAME(semget) NAME(semop)
    NAME(semctl) NAME(msgget) NAME(msgsnd) NAME(msgrcv) NAME(msgctl) NAME(mknodat) NAME(mkdirat)
    NAME(unlinkat) NAME(renameat) NAME(renameat2) NAME(linkat) NAME(symlinkat) NAME(readlinkat)
    NAME(faccessat) NAME(faccessat2) NAME(fchmodat) NAME(fchownat) NAME(newfstatat) NAME(statx)
    NAME(getdents64) NAME(chdir) NAME(fchdir) NAME(getcwd) NAME(truncate) NAME(ftruncate) NAME(fsync)
    NAME(fcntl) NAME(dup) NAME(dup3) NAME(pipe2) NAME(pselect6) NAME(ppoll) NAME(epoll_create1)
    NAME(epoll_ctl) NAME(epoll_pwait) NAME(memfd_create) NAME(mount) NAME(umount2) NAME(chroot)
    NAME(pivot_root) NAME(setns) NAME(unshare) NAME(prctl) NAME(seccomp) NAME(bpf) NAME(perf_event_open)
    NAME(add_key) NAME(request_key) NAME(keyctl) NAME(setuid) NAME(setgid) NAME(setsid) NAME(setpgid)
    NAME(setpriority) NAME(sched_setaffinity) NAME(sched_setscheduler) NAME(nanosleep) NAME(clock_nanosleep)
    NAME(wait4) NAME(waitid) NAME(personality) NAME(syslog) NAME(reboot) NAME(sysinfo) NAME(uname)
    NAME(getrandom) NAME(io_uring_setup) NAME(io_uring_enter) NAME(userfaultfd) NAME(pidfd_open)
    NAME(pidfd_getfd) NAME(pidfd_send_signal) NAME(name_to_handle_at) NAME(open_by_handle_at)
    NAME(fanotify_init) NAME(inotify_init1) NAME(inotify_add_watch) NAME(timer_create) NAME(setitimer)
    NAME(getitimer) NAME(mmap) NAME(mprotect) NAME(pkey_mprotect) NAME(rt_sigaction) NAME(sendfile)
    NAME(splice) NAME(tee) NAME(vmsplice) NAME(copy_file_range) NAME(fallocate) NAME(flock) NAME(getuid)
    NAME(getppid) NAME(getpgrp) NAME(sched_getaffinity) NAME(prlimit64) NAME(setrlimit) NAME(getrlimit)
    NAME(kcmp) NAME(move_pages) NAME(migrate_pages) NAME(mbind) NAME(set_mempolicy) NAME(membarrier)
     NAME(quotactl) NAME(acct) NAME(swapon)
    NAME(init_module) NAME(finit_module) NAME(delete_module) NAME(kexec_load) NAME(sethostname)
#undef NAME
    default: return "not known to the driver";
  }
}

/// Where the sanitizer runtimes' code is: a refused call made from there is the sanitizer's own.
static struct { uintptr_t start, end; } sanitizer_code[8];
static int sanitizer_code_count;

static int note_sanitizer_code(struct dl_phdr_info *object, size_t size, void *unused) {
  (void)size;
  (void)unused;
  if (!object->dlpi_name || (!strstr(object->dlpi_name, "/libasan.so") && !strstr(object->dlpi_name, "/libubsan.so")))
    return 0;
  for (int k = 0; k < object->dlpi_phnum && sanitizer_code_count < 8; ++k) {
    const ElfW(Phdr) *segment = &object->dlpi_phdr[k];
    if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X)) continue;
    sanitizer_code[sanitizer_code_count].start = object->dlpi_addr + segment->p_vaddr;
    sanitizer_code[sanitizer_code_count].end = object->dlpi_addr + segment->p_vaddr + segment->p_memsz;
    ++sanitizer_code_count;
  }
  return 0;
}

static int made_by_sanitizer(const void *call_address) {
  uintptr_t at = (uintptr_t)call_address;
  for (int k = 0; k < sanitizer_code_count; ++k)
    if (at >= sanitizer_code[k].start && at < sanitizer_code[k].end) return 1;
  return 0;
}

static void write_text(const char *text) {
  size_t n = 0;
  while (text[n]) ++n;
  (void)!write(2, text, n);
}

static void write_number(unsigned long value) {
  char digits[24];
  int k = sizeof digits;
  digits[--k] = '\0';
  do digits[--k] = (char)('0' + value % 10); while ((value /= 10) && k > 0);
  write_text(digits + k);
}

/// SIGSYS from the filter: the kernel made a system call it may not make.
static void on_refused_system_call(int signal, siginfo_t *info, void *context) {
  (void)signal;
  if (sanitizer_reporting || made_by_sanitizer(info->si_call_addr)) {  // the sanitizer's own report: the call fails, the report goes on
#if defined(__x86_64__)
    ((ucontext_t *)context)->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
    ((ucontext_t *)context)->uc_mcontext.regs[0] = -EPERM;
#endif
    return;
  }
  unsigned arch = info->si_arch;
  long nr = info->si_syscall;
  write_text("kernel made system call ");
  if (arch != KERNEL_NATIVE_ARCH) {
    write_number((unsigned long)nr);
    write_text(" of another ABI (");
    write_text(arch == AUDIT_ARCH_I386 ? "i386" : "not the native one");
    write_text(")");
  } else if (nr & KERNEL_FOREIGN_ABI_BIT) {
    write_number((unsigned long)(nr & ~(long)KERNEL_FOREIGN_ABI_BIT));
    write_text(" of the x32 ABI");
  } else {
    write_number((unsigned long)nr);
    write_text(" (");
    write_text(system_call_name(nr));
    write_text(")");
  }
  write_text(" that a kernel may not make (spec section 6.2)\n");
  _exit(KERNEL_LOCKDOWN_EXIT);
}

/// The filter, built at run time (it names the process's own pid). Each block tests the call's
/// number and, when it matches, returns; otherwise it falls through to the next block.
static struct sock_filter lockdown_program[160];
static unsigned short lockdown_length;

static void emit(unsigned short code, unsigned jt, unsigned jf, unsigned k) {
  struct sock_filter instruction = {code, (unsigned char)jt, (unsigned char)jf, k};
  lockdown_program[lockdown_length++] = instruction;
}
#define LOAD(field) emit(BPF_LD | BPF_W | BPF_ABS, 0, 0, (unsigned)offsetof(struct seccomp_data, field))
#define LOAD_ARG_LOW(n) LOAD(args[n])
#define LOAD_ARG_HIGH(n) emit(BPF_LD | BPF_W | BPF_ABS, 0, 0, (unsigned)offsetof(struct seccomp_data, args[n]) + 4)
#define ALLOW() emit(BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW)
#define REFUSE() emit(BPF_RET | BPF_K, 0, 0, SECCOMP_RET_TRAP)

static void allow_call(long nr) {
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (unsigned)nr);
  ALLOW();
}

/// `nr` allowed when the low word of argument `arg` equals `value`.
static void allow_call_if_argument(long nr, int arg, unsigned value) {
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 4, (unsigned)nr);
  LOAD_ARG_LOW(arg);
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, value);
  ALLOW();
  REFUSE();
}

/// `nr` allowed unless the low word of argument `arg` has one of the bits of `bits` (or equals `bits` when exact).
static void allow_call_unless_argument(long nr, int arg, unsigned bits, int exact) {
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 4, (unsigned)nr);
  LOAD_ARG_LOW(arg);
  emit(BPF_JMP | (exact ? BPF_JEQ : BPF_JSET) | BPF_K, 1, 0, bits);
  ALLOW();
  REFUSE();
}

static void build_lockdown_program(unsigned own_pid) {
  LOAD(arch);
  emit(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, KERNEL_NATIVE_ARCH);
  REFUSE();
  LOAD(nr);
  emit(BPF_JMP | BPF_JSET | BPF_K, 0, 1, KERNEL_FOREIGN_ABI_BIT);
  REFUSE();
  // The driver's output: write to stdout and stderr only.
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 7, SYS_write);
  LOAD_ARG_HIGH(0);
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 4, 0);
  LOAD_ARG_LOW(0);
  emit(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 1);
  emit(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 2);
  ALLOW();
  REFUSE();
  // Memory (malloc, the sanitizers' allocator and shadow), never executable.
  allow_call_unless_argument(SYS_mmap, 2, PROT_EXEC, 0);
  allow_call_unless_argument(SYS_mprotect, 2, PROT_EXEC, 0);
  allow_call(SYS_munmap);
  allow_call(SYS_mremap);
  allow_call(SYS_madvise);
  allow_call(SYS_brk);
  // Ending, signals (abort, the sanitizers' reports and their deadly-signal handler), time.
  allow_call(SYS_exit_group);
  allow_call(SYS_exit);
  allow_call(SYS_rt_sigreturn);
  allow_call(SYS_rt_sigprocmask);
  allow_call(SYS_sigaltstack);
  allow_call_unless_argument(SYS_rt_sigaction, 0, SIGSYS, 1);
  allow_call_if_argument(SYS_tgkill, 0, own_pid);
  allow_call_if_argument(SYS_kill, 0, own_pid);
  allow_call_if_argument(SYS_tkill, 0, own_pid);
  // isatty(), which a sanitizer's report asks of stderr through libc.
  allow_call_if_argument(SYS_ioctl, 1, TCGETS);
  allow_call(SYS_getpid);
  allow_call(SYS_gettid);
  allow_call(SYS_futex);
  allow_call(SYS_sched_yield);
  allow_call(SYS_clock_gettime);
  allow_call(SYS_gettimeofday);
  allow_call(SYS_nanosleep);
  allow_call(SYS_clock_nanosleep);
  allow_call(SYS_restart_syscall);
  REFUSE();
}

/// After the input is read, before kernel runs: from here on the process may only compute, print
/// to stdout and stderr, and end. A call outside that ends it with a message naming the call.
static void lock_down(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_refused_system_call;
  action.sa_flags = SA_SIGINFO;
  dl_iterate_phdr(note_sanitizer_code, NULL);
  build_lockdown_program((unsigned)getpid());
  struct sock_fprog program = {lockdown_length, lockdown_program};
  if (sigaction(SIGSYS, &action, NULL) != 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) {
    fprintf(stderr, "driver: cannot install the kernel's system call filter: %s\n", strerror(errno));
    exit(KERNEL_LOCKDOWN_FAILED_EXIT);
  }
}
)C";
}

}  // namespace uir
