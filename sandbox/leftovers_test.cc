// remove_entries_owned_by removes what the borrowed uid left in a shared directory, and only that.
#include "sandbox/leftovers.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "sandbox/sandbox.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

TEST(Leftovers, RemovesTheUidsEntriesAndKeepsOthers) {
  if (!running_as_root()) GTEST_SKIP() << "changing a file's owner needs root";
  std::string error;
  std::optional<UidLease> lease = UidLease::claim(&error);
  ASSERT_TRUE(lease) << error;
  char pattern[] = "/tmp/uirgrade-leftovers-XXXXXX";
  ASSERT_NE(mkdtemp(pattern), nullptr);
  const fs::path dir = pattern;
  fs::create_directories(dir / "students_tree" / "deeper");
  std::ofstream(dir / "students_tree" / "deeper" / "f") << "x";
  std::ofstream(dir / "students_file") << "x";
  std::ofstream(dir / "graders_file") << "x";
  for (const char* name : {"students_tree", "students_tree/deeper", "students_tree/deeper/f", "students_file"})
    ASSERT_EQ(chown((dir / name).c_str(), lease->uid(), lease->gid()), 0);

  EXPECT_EQ(remove_entries_owned_by(lease->uid(), {dir.string()}), 2);
  EXPECT_FALSE(fs::exists(dir / "students_tree"));
  EXPECT_FALSE(fs::exists(dir / "students_file"));
  EXPECT_TRUE(fs::exists(dir / "graders_file"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
