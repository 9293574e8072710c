// Measuring a run's working directory: entries and allocated bytes, a tree deeper than any
// recursion or path allows, links not followed, and the early stop at a bound.
#include "sandbox/tree_size.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "sandbox/process_workdir.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class GraderTreeSize : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "uirgrade-tree-size-XXXXXX").string();
    ASSERT_TRUE(mkdtemp(pattern.data()));
    top_ = pattern;
  }
  void TearDown() override { EXPECT_TRUE(remove_tree(top_)); }
  std::string top_;
};

TEST_F(GraderTreeSize, CountsEveryEntryAndTheBytesTheyOccupy) {
  fs::create_directories(top_ + "/a/b");
  std::ofstream(top_ + "/a/b/one") << std::string(100'000, 'x');
  std::ofstream(top_ + "/two") << "y";
  fs::create_symlink("/", top_ + "/a/root");  // counted, never followed
  TreeSize size = measure_tree(top_, 1000, 1ull << 30);
  EXPECT_TRUE(size.complete);
  EXPECT_EQ(size.entries, 5u);  // a, a/b, a/b/one, two, a/root
  EXPECT_GE(size.bytes, 100'000u);
  EXPECT_LT(size.bytes, 1u << 20) << "the link to / was followed";
}

TEST_F(GraderTreeSize, DirectoryEntriesListsNamesAndLeavesTheDescriptorUsable) {
  fs::create_directories(top_ + "/sub");
  std::ofstream(top_ + "/file") << "z";
  int fd = open(top_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  std::vector<std::string> names = directory_entries(fd);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"file", "sub"}));  // no "." or ".."
  struct stat info {};
  EXPECT_EQ(fstatat(fd, "sub", &info, 0), 0) << "the listing closed or moved the caller's descriptor";
  close(fd);
}

// Both walks (measuring, removing) climb back up this way: a directory moved elsewhere while a
// walk is inside it (a student renaming as the grader cleans up) stops the walk instead of leading
// it into the new parent.
TEST_F(GraderTreeSize, ClimbingUpRefusesAParentThatIsNotTheOneWeCameFrom) {
  fs::create_directories(top_ + "/x/y");
  fs::create_directories(top_ + "/w");
  auto open_dir = [](const std::string& path) { return open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); };
  int x = open_dir(top_ + "/x");
  ASSERT_GE(x, 0);
  std::optional<DirIdentity> x_id = identity_of(x);
  close(x);
  ASSERT_TRUE(x_id);

  int parent = open_parent_if(open_dir(top_ + "/x/y"), *x_id);
  ASSERT_GE(parent, 0) << "y's parent is still x";
  EXPECT_EQ(identity_of(parent), x_id);
  close(parent);

  int y = open_dir(top_ + "/x/y");
  ASSERT_GE(y, 0);
  fs::rename(top_ + "/x/y", top_ + "/w/y");  // while the walk is inside y
  EXPECT_EQ(open_parent_if(y, *x_id), -1) << "the walk climbed into w, where it never went down from";
}

TEST_F(GraderTreeSize, ASparseFileCountsWhatItOccupies) {
  int fd = open((top_ + "/sparse").c_str(), O_WRONLY | O_CREAT, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, 1ll << 30), 0);
  close(fd);
  EXPECT_LT(measure_tree(top_, 1000, 1ull << 40).bytes, 1u << 20);
}

TEST_F(GraderTreeSize, ATreeDeeperThanAnyPathIsMeasuredWhole) {
  int fd = open(top_.c_str(), O_RDONLY | O_DIRECTORY);
  for (int depth = 0; depth < 30'000; depth++) {
    ASSERT_EQ(mkdirat(fd, "d", 0700), 0) << depth;
    int next = openat(fd, "d", O_RDONLY | O_DIRECTORY);
    close(fd);
    fd = next;
  }
  ASSERT_EQ(close(openat(fd, "leaf", O_WRONLY | O_CREAT, 0600)), 0);
  close(fd);
  TreeSize size = measure_tree(top_, 100'000, 1ull << 40);
  EXPECT_TRUE(size.complete);
  EXPECT_EQ(size.entries, 30'001u);
}

TEST_F(GraderTreeSize, StopsAtTheBound) {
  for (int i = 0; i < 50; i++) std::ofstream(top_ + "/f" + std::to_string(i)) << "z";
  TreeSize size = measure_tree(top_, 10, 1ull << 30);
  EXPECT_FALSE(size.complete);
  EXPECT_GT(size.entries, 10u);
  std::ofstream(top_ + "/big") << std::string(1 << 20, 'x');
  EXPECT_FALSE(measure_tree(top_, 1000, 1 << 19).complete);
}

}  // namespace
}  // namespace uirgrade
