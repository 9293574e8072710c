// The filter, installed in a forked child: the refused calls fail with EPERM (the process lives
// on), ordinary calls work, and the refused calls cannot be reached through another syscall ABI.
#include "sandbox/syscall_filter.h"

#include <fcntl.h>
#include <linux/keyctl.h>
#include <mqueue.h>
#include <linux/io_uring.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <functional>

#include <gtest/gtest.h>

#include "sandbox/loopback_listener_testing.h"

namespace uirgrade {
namespace {

// The exit code of `body` (0..255) run in a forked child, with the filter first if `filtered`;
// -1 if the child was killed.
int in_child(bool filtered, const std::function<int()>& body) {
  pid_t pid = fork();
  if (pid == 0) {
    if (filtered && (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || install_syscall_filter() != 0)) _exit(100);
    _exit(body());
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// 0 when the call failed with EPERM, 1 when it failed otherwise, 2 when it succeeded.
int refused(long result) { return result >= 0 ? 2 : errno == EPERM ? 0 : 1; }

int user_keyring_id() { return refused(syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 1)); }
int add_user_key() {
  return refused(syscall(SYS_add_key, "user", "uirgrade-filter-test", "x", 1, KEY_SPEC_PROCESS_KEYRING));
}
int request_user_key() { return refused(syscall(SYS_request_key, "user", "uirgrade-filter-test", nullptr, 0)); }
int open_queue() {
  mq_attr attributes{0, 1, 16, 0, {}};
  long queue = syscall(SYS_mq_open, "uirgrade-filter-test", O_CREAT | O_RDONLY, 0600, &attributes);
  int verdict = refused(queue);
  if (queue >= 0) mq_unlink("/uirgrade-filter-test");
  return verdict;
}

TEST(SyscallFilter, KeyringAndMessageQueueCallsFailWithEpermWithoutTheFilterTheyWork) {
  EXPECT_EQ(in_child(false, user_keyring_id), 2);
  EXPECT_EQ(in_child(false, add_user_key), 2);
  EXPECT_EQ(in_child(false, open_queue), 2);
  EXPECT_EQ(in_child(true, user_keyring_id), 0);
  EXPECT_EQ(in_child(true, add_user_key), 0);
  EXPECT_EQ(in_child(true, request_user_key), 0);
  EXPECT_EQ(in_child(true, open_queue), 0);
}

TEST(SyscallFilter, OrdinaryCallsStillWork) {
  EXPECT_EQ(in_child(true, [] { return syscall(SYS_getpid) == getpid() && getppid() > 0 ? 0 : 1; }), 0);
  EXPECT_EQ(in_child(true, [] {
              int fd = open("/dev/null", O_RDONLY);
              return fd >= 0 && close(fd) == 0 ? 0 : 1;
            }),
            0);
}

// 0 when a TCP connection to a listener of this process on 127.0.0.1 was refused with EPERM,
// 1 when it failed otherwise, 2 when it connected (the listener is made before the filter).
int connect_to(uint16_t port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return refused(fd);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 ? 2 : 1;
}

TEST(SyscallFilter, NoInternetSocketWithoutTheFilterAConnectionIsMade) {
  LoopbackListener listener;
  const uint16_t port = listener.port();
  ASSERT_NE(port, 0);
  EXPECT_EQ(in_child(false, [port] { return connect_to(port); }), 2);
  EXPECT_EQ(in_child(true, [port] { return connect_to(port); }), 0);
  EXPECT_EQ(in_child(true, [] { return refused(socket(AF_INET6, SOCK_DGRAM, 0)); }), 0);
  EXPECT_EQ(in_child(true, [] { return refused(socket(AF_PACKET, SOCK_RAW, 0)); }), 0);
}

TEST(SyscallFilter, LocalSocketsStillWorkIoUringIsRefused) {
  EXPECT_EQ(in_child(true, [] { return refused(socket(AF_UNIX, SOCK_STREAM, 0)); }), 2);
  EXPECT_EQ(in_child(true, [] { return refused(socket(AF_NETLINK, SOCK_RAW, 0)); }), 2);
  EXPECT_EQ(in_child(true, [] {
              int pair[2];
              return refused(socketpair(AF_UNIX, SOCK_STREAM, 0, pair));
            }),
            2);
  io_uring_params params{};
  int unfiltered = in_child(false, [&params] { return refused(syscall(SYS_io_uring_setup, 4, &params)); });
  if (unfiltered != 2) GTEST_SKIP() << "io_uring is not available here anyway";
  EXPECT_EQ(in_child(true, [&params] { return refused(syscall(SYS_io_uring_setup, 4, &params)); }), 0);
}

#if defined(__x86_64__)
// getpid through the x32 ABI (the same numbers with bit 30 set), and through int 0x80 (i386, 20).
long x32_getpid() { return syscall(0x40000000 | SYS_getpid); }
long i386_getpid() {
  long result = 20;
  asm volatile("int $0x80" : "+a"(result) : : "memory");
  return result;
}

TEST(SyscallFilter, AnotherSyscallAbiIsRefused) {
  EXPECT_EQ(in_child(true, [] { return refused(x32_getpid()); }), 0);
  int unfiltered = in_child(false, [] { return i386_getpid() == getpid() ? 0 : 1; });
  if (unfiltered != 0) GTEST_SKIP() << "this kernel runs no i386 calls anyway";
  EXPECT_EQ(in_child(true, [] { return i386_getpid() == -EPERM ? 0 : 1; }), 0);
}
#endif

}  // namespace
}  // namespace uirgrade
