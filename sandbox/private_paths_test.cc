// find_exposed_path asks the kernel as a borrowed uid: a suite readable by "others" is found (the
// weakened setting), and the same tree after `chmod -R go-rwx` is not.
#include "sandbox/private_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "sandbox/sandbox.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

TEST(PrivatePaths, FindsAReadableSuiteAndNothingOnceItIsPrivate) {
  if (!running_as_root()) GTEST_SKIP() << "borrowing a uid needs root";
  std::string error;
  std::optional<UidLease> lease = UidLease::claim(&error);
  ASSERT_TRUE(lease) << error;
  char pattern[] = "/tmp/uirgrade-private-paths-XXXXXX";
  ASSERT_NE(mkdtemp(pattern), nullptr);
  const fs::path root = pattern;
  fs::create_directory(root / "suites");
  std::ofstream(root / "suites" / "t.uir") << "# expect: exit 0\n";
  chmod(root.c_str(), 0755);
  chmod((root / "suites").c_str(), 0755);
  chmod((root / "suites" / "t.uir").c_str(), 0644);
  const std::vector<GuardedPath> guarded = {{(root / "suites").string(), "the suites"}};

  std::optional<Exposure> exposed = find_exposed_path(guarded, lease->uid(), lease->gid());
  ASSERT_TRUE(exposed) << "a world-readable suite must be found";
  EXPECT_EQ(exposed->access, "read");
  EXPECT_EQ(exposed->what, "the suites");

  chmod((root / "suites").c_str(), 0700);
  chmod((root / "suites" / "t.uir").c_str(), 0600);
  EXPECT_FALSE(find_exposed_path(guarded, lease->uid(), lease->gid())) << "private after go-rwx";
  fs::remove_all(root);
}

}  // namespace
}  // namespace uirgrade
