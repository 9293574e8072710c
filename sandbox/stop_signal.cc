// The self-pipe: made once (O_CLOEXEC, so no student process inherits it; O_NONBLOCK, so a burst
// of signals cannot block the handler), written by the handler, never read, so that every thread
// that polls it sees it readable from the first signal on. The signal's number is a lock-free
// atomic, which a handler may store.
#include "sandbox/stop_signal.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>

namespace uirgrade {
namespace {

std::atomic<int> g_stop_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler may only store a lock-free atomic");
int g_pipe[2] = {-1, -1};
std::once_flag g_pipe_made;

void make_pipe() {
  std::call_once(g_pipe_made, [] {
    if (pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) g_pipe[0] = g_pipe[1] = -1;
  });
}

void on_stop_signal(int signal) {
  const int saved_errno = errno;
  int none = 0;
  g_stop_signal.compare_exchange_strong(none, signal);  // the first signal names the stop
  const char byte = 's';
  if (g_pipe[1] >= 0) [[maybe_unused]] ssize_t ignored = write(g_pipe[1], &byte, 1);
  errno = saved_errno;
}

}  // namespace

void install_stop_handlers() {
  make_pipe();
  for (int signal : {SIGTERM, SIGINT, SIGHUP}) {
    struct sigaction current {};
    if (sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // file I/O and waits elsewhere go on; the pipe wakes the watchers
    sigaction(signal, &action, nullptr);
  }
}

int stop_signal() { return g_stop_signal.load(); }

int stop_fd() { return g_pipe[0]; }

std::string describe_stop() {
  const int signal = stop_signal();
  const char* name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : signal == SIGHUP ? "SIGHUP" : nullptr;
  return name ? std::string("the grader was stopped (") + name + ")"
              : "the grader was stopped (signal " + std::to_string(signal) + ")";
}

void request_stop_for_testing(int signal) {
  make_pipe();
  on_stop_signal(signal);
}

void clear_stop_for_testing() {
  char buffer[64];
  while (g_pipe[0] >= 0 && read(g_pipe[0], buffer, sizeof buffer) > 0) {
  }
  g_stop_signal.store(0);
}

}  // namespace uirgrade
