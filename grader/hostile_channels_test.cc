// Channels between runs through what a borrowed uid can leave outside its working directory
// (sandbox/leftovers.h), in every tier this machine gives: a hostile student
// (testdata/students/hostile_mqueue_channel.c) makes a POSIX message queue with
// open("/dev/mqueue/NAME", O_CREAT) whose name carries its program, and a later run lists them.
// With the clean-up switched off (a test-only weakening) the later run of the uid tier finds it; with
// it on, nothing is left. The namespaces tier gives each run its own IPC namespace: nothing crosses
// even without the clean-up.
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class HostileChannel : public ::testing::TestWithParam<std::string> {
 protected:
  // Docker mounts /dev/mqueue in every container; this machine may not: the test mounts one.
  static void SetUpTestSuite() {
    if (!running_as_root() || fs::exists("/dev/mqueue")) return;
    if (mkdir("/dev/mqueue", 01777) != 0) return;
    if (mount("mqueue", "/dev/mqueue", "mqueue", 0, nullptr) == 0) mounted_ = true;
    else rmdir("/dev/mqueue");
  }
  static void TearDownTestSuite() {
    if (!mounted_) return;
    umount("/dev/mqueue");
    rmdir("/dev/mqueue");
  }
  void SetUp() override {
    if (!running_as_root()) GTEST_SKIP() << "the uid tier needs root, and mounting /dev/mqueue too";
    std::string error;
    if (GetParam() == "namespaces" && !make_process_runner(Sandbox::Namespaces, &error)) GTEST_SKIP() << error;
    if (!fs::exists("/dev/mqueue")) GTEST_SKIP() << "no /dev/mqueue and none could be mounted";
    remove_loot();
  }
  void TearDown() override { remove_loot(); }

  static void remove_loot() {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/dev/mqueue", ec))
      if (entry.path().filename().string().rfind("uirgrade-hostile-loot-", 0) == 0) fs::remove(entry.path(), ec);
  }
  static int loot_left() {
    int count = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/dev/mqueue", ec))
      count += entry.path().filename().string().rfind("uirgrade-hostile-loot-", 0) == 0;
    return count;
  }

  /// One run of the student on a program whose first statement is `statement`; its stderr.
  std::string run_student(const std::string& statement, bool weakened) {
    ProcessRequest request;
    request.argv = {UIRGRADE_BINARY_DIR "/students/student_hostile_mqueue_channel", "run", "prog.uir"};
    request.files = {{"prog.uir", "# expect: exit 0\n" + statement + "\n"}};
    ProcessRunner runner(GetParam() == "uid" ? Tier::Uid : Tier::Namespaces, {.keep_leftovers = weakened});
    ProcessResult result = runner.run(request);
    EXPECT_TRUE(result.exited && result.exit_code == 7) << result.internal_error << result.err;
    return result.err;
  }

  static inline bool mounted_ = false;
};

TEST_P(HostileChannel, AMessageQueueMadeWithOpenCarriesNothingToALaterRun) {
  const std::string secret = "hiddenSecret" + std::to_string(getpid());
  std::string first = run_student("v0 = const " + secret, true);
  std::string later = run_student("v0 = const 1", true);
  if (GetParam() == "uid") {
    // Weakened: the queue outlives the run and the next run reads the first one's program.
    EXPECT_NE(first.find("MQUEUE: made"), std::string::npos) << first;
    EXPECT_NE(later.find("LOOT: mqueue v0___const_" + secret), std::string::npos) << later;
  } else {
    // Each run has its own IPC namespace (and its own /dev/mqueue): nothing crosses even so.
    EXPECT_EQ(later.find("LOOT"), std::string::npos) << later;
    EXPECT_EQ(loot_left(), 0);
  }
  remove_loot();

  first = run_student("v0 = const " + secret, false);
  EXPECT_EQ(loot_left(), 0) << "a queue of the student outlived its run";
  later = run_student("v0 = const 1", false);
  EXPECT_EQ(later.find("LOOT"), std::string::npos) << later;
}

INSTANTIATE_TEST_SUITE_P(Tiers, HostileChannel, ::testing::Values("namespaces", "uid"),
                         [](const auto& test_info) { return test_info.param; });

}  // namespace
}  // namespace uirgrade
