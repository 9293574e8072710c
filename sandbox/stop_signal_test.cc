// The stop of the grader (issue 39): the handler records the first signal and makes the pipe
// readable for every watcher; a run in flight is killed at once and cleaned up, no run starts
// afterwards; a signal the grader was started with ignored (nohup) stays ignored.
#include "sandbox/stop_signal.h"

#include <poll.h>

#include <array>
#include <chrono>
#include <csignal>
#include <thread>

#include <gtest/gtest.h>

#include "sandbox/process.h"

namespace uirgrade {
namespace {

/// Puts back the test binary's own dispositions of the three signals when the test ends.
class SavedDispositions {
 public:
  SavedDispositions() {
    for (size_t k = 0; k < kSignals.size(); ++k) sigaction(kSignals[k], nullptr, &saved_[k]);
  }
  ~SavedDispositions() {
    for (size_t k = 0; k < kSignals.size(); ++k) sigaction(kSignals[k], &saved_[k], nullptr);
    clear_stop_for_testing();
  }

 private:
  static constexpr std::array<int, 3> kSignals = {SIGTERM, SIGINT, SIGHUP};
  std::array<struct sigaction, 3> saved_{};
};

bool readable(int fd) {
  pollfd entry{fd, POLLIN, 0};
  return poll(&entry, 1, 0) == 1 && (entry.revents & POLLIN);
}

TEST(StopSignal, TheFirstSignalIsRecordedAndThePipeStaysReadable) {
  SavedDispositions saved;
  install_stop_handlers();
  ASSERT_GE(stop_fd(), 0);
  EXPECT_FALSE(stop_requested());
  EXPECT_FALSE(readable(stop_fd()));
  raise(SIGINT);
  raise(SIGTERM);
  EXPECT_EQ(stop_signal(), SIGINT) << "the first signal names the stop";
  EXPECT_EQ(describe_stop(), "the grader was stopped (SIGINT)");
  EXPECT_TRUE(readable(stop_fd()));
  EXPECT_TRUE(readable(stop_fd())) << "never read: every watcher sees it";
  EXPECT_EQ(stopped_exit_status(SIGTERM), 143);
}

TEST(StopSignal, ASignalIgnoredAtStartStaysIgnored) {
  SavedDispositions saved;
  signal(SIGHUP, SIG_IGN);  // as `nohup grade ...` starts it
  install_stop_handlers();
  raise(SIGHUP);
  EXPECT_FALSE(stop_requested());
}

TEST(StopSignal, ARunInFlightIsKilledAtTheStopAndNoneStartsAfter) {
  SavedDispositions saved;
  ProcessRunner runner(Tier::None);
  ProcessRequest request;
  request.argv = {"/bin/sleep", "30"};
  request.limits.wall_seconds = request.limits.cpu_seconds = 30;
  std::thread stopper([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    request_stop_for_testing(SIGTERM);
  });
  const auto start = std::chrono::steady_clock::now();
  ProcessResult result = runner.run(request);
  stopper.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(result.stopped);
  EXPECT_FALSE(result.started) << "its outcome says nothing of the program";
  EXPECT_LT(seconds, 5) << "the run waited for its own deadline";
  ProcessResult after = runner.run(request);
  EXPECT_TRUE(after.stopped);
  EXPECT_EQ(after.internal_error, "the grader was stopped (SIGTERM)");
}

}  // namespace
}  // namespace uirgrade
