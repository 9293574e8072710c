#include "class/submission_hash.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class SubmissionHash : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("uirgrade-submission-hash-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "ann/lib");
    std::ofstream(dir_ / "ann/student-uirc") << "#!/bin/sh\nexec python3 lib/c.py \"$@\"\n";
    std::ofstream(dir_ / "ann/lib/c.py") << "print(1)\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  Submission folder() const { return {"ann", (dir_ / "ann/student-uirc").string(), (dir_ / "ann").string(), ""}; }
  Submission alone() const { return {"ann", (dir_ / "ann/student-uirc").string(), "", ""}; }

  /// The hash computed in a child process with `memory_limit` bytes of address space, or "" when
  /// the child did not finish within 10 s (killed) or died (e.g. out of memory).
  static std::string hash_in_child(const Submission& submission, rlim_t memory_limit = RLIM_INFINITY) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) return "";
    pid_t pid = fork();
    if (pid == 0) {
      close(pipe_fds[0]);
      rlimit limit{memory_limit, memory_limit};
      setrlimit(RLIMIT_AS, &limit);
      std::string hash = submission_hash(submission);
      (void)!write(pipe_fds[1], hash.data(), hash.size());
      _exit(0);
    }
    close(pipe_fds[1]);
    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        close(pipe_fds[0]);
        return "";
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    char buffer[128];
    ssize_t got = read(pipe_fds[0], buffer, sizeof buffer);
    close(pipe_fds[0]);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got <= 0) return "";
    return std::string(buffer, static_cast<size_t>(got));
  }

  fs::path dir_;
};

TEST_F(SubmissionHash, CoversEveryFileOfTheFolder) {
  std::string before = submission_hash(folder()), alone_before = submission_hash(alone());
  EXPECT_EQ(before.size(), 64u);
  EXPECT_EQ(submission_hash(folder()), before);
  std::ofstream(dir_ / "ann/lib/c.py") << "print(2)\n";  // a change outside student-uirc
  EXPECT_NE(submission_hash(folder()), before);
  EXPECT_EQ(submission_hash(alone()), alone_before);
}

// Issue 25: a student graded 0 for "not executable" who ran chmod +x was reused, not regraded.
TEST_F(SubmissionHash, ChangesWithTheExecBitOfTheCompilerOrAnyFile) {
  fs::permissions(dir_ / "ann/student-uirc", fs::perms::owner_read | fs::perms::owner_write);
  std::string before = submission_hash(folder()), alone_before = submission_hash(alone());
  fs::permissions(dir_ / "ann/student-uirc", fs::perms::owner_exec, fs::perm_options::add);
  EXPECT_NE(submission_hash(folder()), before);
  EXPECT_NE(submission_hash(alone()), alone_before);
  std::string with_exec = submission_hash(folder());
  fs::permissions(dir_ / "ann/lib/c.py", fs::perms::owner_exec, fs::perm_options::add);
  EXPECT_NE(submission_hash(folder()), with_exec);
}

// A link is hashed as the link (its target's name), never followed: pointing it elsewhere changes
// the hash, while what lies outside the submission does not count.
TEST_F(SubmissionHash, HashesLinksAsLinksWithoutFollowingThem) {
  std::ofstream(dir_ / "outside.txt") << "one\n";
  fs::create_symlink(dir_ / "outside.txt", dir_ / "ann/lib/data");
  std::string before = submission_hash(folder());
  std::ofstream(dir_ / "outside.txt") << "two, outside the submission\n";
  EXPECT_EQ(submission_hash(folder()), before);
  fs::remove(dir_ / "ann/lib/data");
  fs::create_symlink(dir_ / "elsewhere.txt", dir_ / "ann/lib/data");
  EXPECT_NE(submission_hash(folder()), before);
}

// A FIFO, or a link to one or to a file of /proc, must not make hashing wait for a writer that
// never comes; the FIFO still counts (its type), so swapping a file for one regrades.
TEST_F(SubmissionHash, SpecialFilesAndLinksToThemDoNotHang) {
  std::string before = submission_hash(folder());
  ASSERT_EQ(mkfifo((dir_ / "ann/lib/pipe").c_str(), 0644), 0);
  fs::create_symlink(dir_ / "ann/lib/pipe", dir_ / "ann/pipe-link");
  fs::create_symlink("/proc/self/status", dir_ / "ann/proc-link");
  fs::create_symlink("/dev/zero", dir_ / "ann/zero-link");
  std::string with_specials = hash_in_child(folder());
  EXPECT_EQ(with_specials.size(), 64u) << "hashing did not finish";
  EXPECT_NE(with_specials, before);
  Submission alone_link{"ann", (dir_ / "ann/zero-link").string(), "", ""};
  EXPECT_EQ(hash_in_child(alone_link).size(), 64u) << "hashing a lone link to /dev/zero did not finish";
}

// A 512 MiB file is streamed: the hash fits in 64 MiB of address space beyond the test's own.
TEST_F(SubmissionHash, LargeFilesAreStreamedInBoundedMemory) {
  {
    std::ofstream big(dir_ / "ann/big.bin", std::ios::binary);
    big << "start";
  }
  fs::resize_file(dir_ / "ann/big.bin", 512ull << 20);  // sparse: costs no disk
  rlimit current{};
  getrlimit(RLIMIT_AS, &current);
  // What the test process already maps, plus 64 MiB: far less than the file.
  std::ifstream statm("/proc/self/statm");
  size_t pages = 0;
  statm >> pages;
  rlim_t limit = pages * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + (64ull << 20);
  std::string hash = hash_in_child(folder(), limit);
  EXPECT_EQ(hash.size(), 64u) << "hashing a 512 MiB file did not fit in 64 MiB";
  std::ofstream(dir_ / "ann/big.bin", std::ios::binary | std::ios::in) << "Start";
  EXPECT_NE(hash_in_child(folder(), limit), hash);
}

}  // namespace
}  // namespace uirgrade
