#include "sandbox/process_workdir.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RunDirectory, HoldsTheFilesPrivatelyAndIsRemovedWhenDestroyed) {
  std::string error, path;
  {
    std::optional<RunDirectory> dir = RunDirectory::create({{"prog.uir", "a\nb\n"}, {"empty", ""}}, std::nullopt, {}, &error);
    ASSERT_TRUE(dir) << error;
    path = dir->path();
    EXPECT_EQ(read_file(path + "/prog.uir"), "a\nb\n");
    EXPECT_EQ(read_file(path + "/empty"), "");
    struct stat info {};
    ASSERT_EQ(stat(path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0700u);
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(RunDirectory, RefusesNamesWithSlashes) {
  std::string error;
  EXPECT_FALSE(RunDirectory::create({{"../escape", "x"}}, std::nullopt, {}, &error));
  EXPECT_NE(error.find("plain names only"), std::string::npos) << error;
}

// Writes `bytes` into a new file `name` of `dir`; returns how many were written.
size_t write_bytes(const std::string& dir, const std::string& name, size_t bytes) {
  int fd = open((dir + "/" + name).c_str(), O_WRONLY | O_CREAT, 0600);
  if (fd < 0) return 0;
  std::string block(1 << 16, 'x');
  size_t written = 0;
  while (written < bytes) {
    ssize_t n = write(fd, block.data(), std::min(block.size(), bytes - written));
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  close(fd);
  return written;
}

TEST(RunDirectory, OnATmpfsTheKernelStopsWritesAtTheCap) {
  if (!can_mount_run_tmpfs()) GTEST_SKIP() << "this grader cannot mount a tmpfs (not root)";
  std::string error, path;
  {
    std::optional<RunDirectory> dir = RunDirectory::create({{"prog.uir", "x"}}, std::nullopt, {1 << 20, 50, true}, &error);
    ASSERT_TRUE(dir) << error;
    ASSERT_TRUE(dir->on_tmpfs());
    path = dir->path();
    EXPECT_FALSE(dir->cap_reached());
    EXPECT_LT(write_bytes(path, "big", 4 << 20), 1u << 20);
    EXPECT_TRUE(dir->cap_reached());
    // The compiler's output comes out of the tmpfs by a copy.
    std::string destination = fs::temp_directory_path() / ("uirgrade-take-test-" + std::to_string(getpid()));
    ASSERT_TRUE(dir->take("prog.uir", destination, 100, &error)) << error;
    EXPECT_EQ(read_file(destination), "x");
    fs::remove(destination);
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(RunDirectory, ATmpfsCapsTheNumberOfFiles) {
  if (!can_mount_run_tmpfs()) GTEST_SKIP() << "this grader cannot mount a tmpfs (not root)";
  std::string error;
  std::optional<RunDirectory> dir = RunDirectory::create({}, std::nullopt, {1 << 20, 20, true}, &error);
  ASSERT_TRUE(dir) << error;
  int made = 0;
  while (made < 100 && mkdir((dir->path() + "/d" + std::to_string(made)).c_str(), 0700) == 0) made++;
  EXPECT_EQ(made, 20);
  EXPECT_TRUE(dir->cap_reached());
}

// A pre-built sandbox's run parent: one tmpfs of the cap, mounted once, holding one run directory
// at a time; the same cap holds in each, and the parent is found empty after each.
TEST(RunDirectory, InACappedParentEachRunHasTheWholeCapAndLeavesItEmpty) {
  if (!can_mount_run_tmpfs()) GTEST_SKIP() << "this grader cannot mount a tmpfs (not root)";
  char parent[] = "/tmp/uirgrade-capped-parent-XXXXXX";
  ASSERT_TRUE(mkdtemp(parent));
  WorkdirCap cap{1 << 20, 20, true};
  ASSERT_TRUE(mount_capped_tmpfs(parent, cap, 0711, 1)) << strerror(errno);
  EXPECT_TRUE(holds_nothing(parent));
  cap.in_capped_parent = true;
  std::string error;
  for (int run = 0; run < 2; run++) {
    std::optional<RunDirectory> dir = RunDirectory::create({{"prog.uir", "x"}}, std::nullopt, cap, &error, parent);
    ASSERT_TRUE(dir) << error;
    EXPECT_TRUE(dir->on_tmpfs());
    EXPECT_FALSE(holds_nothing(parent));
    EXPECT_FALSE(dir->cap_reached()) << "run " << run << " starts with the whole cap";
    EXPECT_LT(write_bytes(dir->path(), "big", 4 << 20), 1u << 20);
    EXPECT_TRUE(dir->cap_reached());
    unlink((dir->path() + "/big").c_str());
    unlink((dir->path() + "/prog.uir").c_str());
    int made = 0;  // prog.uir's inode is free again: the cap's 20 entries, not one more
    while (made < 100 && mkdir((dir->path() + "/d" + std::to_string(made)).c_str(), 0700) == 0) made++;
    EXPECT_EQ(made, 20);
  }
  EXPECT_TRUE(holds_nothing(parent)) << "every run directory is removed with what it held";
  EXPECT_EQ(umount(parent), 0);
  rmdir(parent);
}

TEST(HoldsNothing, SeesAnyFileOrDirectoryLeftInATmpfs) {
  if (!can_mount_run_tmpfs()) GTEST_SKIP() << "this grader cannot mount a tmpfs (not root)";
  char path[] = "/tmp/uirgrade-holds-nothing-XXXXXX";
  ASSERT_TRUE(mkdtemp(path));
  ASSERT_TRUE(mount_capped_tmpfs(path, {1 << 20, 20, true}, 0700, 0)) << strerror(errno);
  EXPECT_TRUE(holds_nothing(path));
  std::string dir = std::string(path) + "/empty-dir";
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  EXPECT_FALSE(holds_nothing(path)) << "an empty directory";
  rmdir(dir.c_str());
  EXPECT_TRUE(holds_nothing(path));
  // A file unlinked while still open keeps its blocks and inode: still not empty.
  int fd = open((std::string(path) + "/f").c_str(), O_RDWR | O_CREAT, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, "x", 1), 1);
  unlink((std::string(path) + "/f").c_str());
  EXPECT_FALSE(holds_nothing(path)) << "an open, unlinked file";
  close(fd);
  EXPECT_TRUE(holds_nothing(path));
  EXPECT_FALSE(holds_nothing("/proc/self/nonexistent"));
  EXPECT_EQ(umount(path), 0);
  rmdir(path);
}

TEST(RunDirectory, WithoutATmpfsTheCapIsMeasured) {
  std::string error;
  std::optional<RunDirectory> dir = RunDirectory::create({}, std::nullopt, {1 << 20, 20, false}, &error);
  ASSERT_TRUE(dir) << error;
  EXPECT_FALSE(dir->on_tmpfs());
  EXPECT_EQ(write_bytes(dir->path(), "half", 1 << 19), 1u << 19);
  EXPECT_FALSE(dir->cap_reached());
  EXPECT_EQ(write_bytes(dir->path(), "more", 1 << 20), 1u << 20);  // nothing stops it...
  EXPECT_TRUE(dir->cap_reached());                                  // ...but it is seen
  std::optional<RunDirectory> files = RunDirectory::create({}, std::nullopt, {1 << 20, 20, false}, &error);
  ASSERT_TRUE(files) << error;
  for (int i = 0; i < 20; i++) mkdir((files->path() + "/d" + std::to_string(i)).c_str(), 0700);
  EXPECT_FALSE(files->cap_reached());
  mkdir((files->path() + "/one-too-many").c_str(), 0700);
  EXPECT_TRUE(files->cap_reached());
}

TEST(RemoveTree, RemovesReadOnlyDirectoriesButNotWhatALinkPointsTo) {
  fs::path root = fs::temp_directory_path() / ("uirgrade-remove-test-" + std::to_string(getpid()));
  fs::path outside = fs::temp_directory_path() / ("uirgrade-remove-outside-" + std::to_string(getpid()));
  fs::create_directories(root / "locked" / "deeper");
  fs::create_directories(outside);
  std::ofstream(root / "locked" / "deeper" / "file") << "x";
  std::ofstream(outside / "keep") << "keep";
  fs::create_directory_symlink(outside, root / "locked" / "link");
  chmod((root / "locked" / "deeper").c_str(), 0);
  chmod((root / "locked").c_str(), 0500);
  chmod(root.c_str(), 0500);

  EXPECT_TRUE(remove_tree(root.string()));
  EXPECT_FALSE(fs::exists(root));
  EXPECT_TRUE(fs::exists(outside / "keep")) << "the link was followed";
  fs::remove_all(outside);
}

TEST(EmptyDirectory, RemovesWhatIsInsideAndKeepsTheDirectoryAndItsMode) {
  fs::path top = fs::temp_directory_path() / ("uirgrade-empty-test-" + std::to_string(getpid()));
  fs::path outside = fs::temp_directory_path() / ("uirgrade-empty-outside-" + std::to_string(getpid()));
  fs::create_directories(top / "a" / "b");
  fs::create_directories(outside);
  std::ofstream(top / "a" / "b" / "file") << "x";
  std::ofstream(top / "file") << "x";
  std::ofstream(outside / "keep") << "keep";
  fs::create_directory_symlink(outside, top / "link");
  fs::create_directories(top / "kept" / "inside");
  chmod((top / "a").c_str(), 0500);
  chmod(top.c_str(), 01777);  // a /tmp

  EXPECT_TRUE(empty_directory(top.string(), {"kept"}));
  EXPECT_TRUE(fs::is_directory(top));
  EXPECT_EQ(std::distance(fs::directory_iterator(top), fs::directory_iterator()), 1);
  EXPECT_TRUE(fs::exists(top / "kept" / "inside")) << "not entered";
  struct stat info {};
  ASSERT_EQ(stat(top.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 01777u);
  EXPECT_TRUE(fs::exists(outside / "keep")) << "the link was followed";
  EXPECT_FALSE(empty_directory((top / "missing").string()));
  fs::remove_all(top);
  fs::remove_all(outside);
}

}  // namespace
}  // namespace uirgrade

namespace uirgrade {
namespace {

// A tree deeper than any path (30,000 levels, ~60 KiB of path): made with mkdirat/openat, as a
// student would, and removed whole without recursion (the recursive version crashed on it).
TEST(RemoveTree, RemovesATreeThirtyThousandDirectoriesDeep) {
  std::string top = (std::filesystem::temp_directory_path() / "uirgrade-deep-XXXXXX").string();
  ASSERT_TRUE(mkdtemp(top.data()));
  int fd = open(top.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  for (int depth = 0; depth < 30000; depth++) {
    ASSERT_EQ(mkdirat(fd, "d", 0700), 0) << depth;
    int child = openat(fd, "d", O_RDONLY | O_DIRECTORY);
    close(fd);
    ASSERT_GE(child, 0) << depth;
    fd = child;
  }
  close(openat(fd, "leaf", O_WRONLY | O_CREAT, 0600));
  close(fd);
  EXPECT_TRUE(remove_tree(top));
  EXPECT_FALSE(std::filesystem::exists(top));
}

}  // namespace
}  // namespace uirgrade
