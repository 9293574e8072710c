#include "grader/submission.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// A fresh directory holding a submission (`sub/`: an executable, a package with a data file, a
/// link to the executable) and, beside it, a build directory outside the submission.
class Submission : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "uirgrade-submission-test-XXXXXX").string();
    ASSERT_TRUE(mkdtemp(pattern.data()));
    root_ = pattern;
    fs::create_directories(root_ / "sub/pkg");
    fs::create_directories(root_ / "build");
    std::ofstream(root_ / "sub/uirc") << "#!/bin/sh\n";
    chmod((root_ / "sub/uirc").c_str(), 0700);
    std::ofstream(root_ / "sub/pkg/data.txt") << "data\n";
    std::ofstream(root_ / "build/uirc") << "#!/bin/sh\n";
    chmod((root_ / "build/uirc").c_str(), 0755);
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

TEST_F(Submission, AnExecutableOrALinkWithinItsDirectoryIsFine) {
  EXPECT_EQ(link_out_of_submission((root_ / "sub/uirc").string()), "");
  fs::create_symlink("uirc", root_ / "sub/student-uirc");
  EXPECT_EQ(link_out_of_submission((root_ / "sub/student-uirc").string()), "");
  fs::create_symlink(root_ / "sub/uirc", root_ / "sub/absolute");
  EXPECT_EQ(link_out_of_submission((root_ / "sub/absolute").string()), "");
}

TEST_F(Submission, ALinkThatLeadsOutOfItsDirectoryIsRefusedWithTheFix) {
  fs::create_symlink(root_ / "build/uirc", root_ / "sub/student-uirc");
  std::string problem = link_out_of_submission((root_ / "sub/student-uirc").string());
  EXPECT_NE(problem.find("is a symbolic link to " + (root_ / "build/uirc").string() + ", outside " +
                         fs::canonical(root_ / "sub").string()),
            std::string::npos)
      << problem;
  EXPECT_NE(problem.find("hand in that directory"), std::string::npos) << problem;
  // Through a link inside the directory, and by a relative path that climbs out of it.
  fs::create_symlink("student-uirc", root_ / "sub/chained");
  EXPECT_NE(link_out_of_submission((root_ / "sub/chained").string()), "");
  fs::create_symlink("../build/uirc", root_ / "sub/climbing");
  EXPECT_NE(link_out_of_submission((root_ / "sub/climbing").string()), "");
  // A sibling directory whose name starts like the submission's is still outside it.
  fs::create_directories(root_ / "sub2");
  std::ofstream(root_ / "sub2/uirc") << "#!/bin/sh\n";
  fs::create_symlink(root_ / "sub2/uirc", root_ / "sub/prefix");
  EXPECT_NE(link_out_of_submission((root_ / "sub/prefix").string()), "");
  fs::create_symlink("missing", root_ / "sub/dangling");
  EXPECT_NE(link_out_of_submission((root_ / "sub/dangling").string()).find("leads nowhere"), std::string::npos);
}

TEST_F(Submission, TheCopyHoldsTheWholeDirectoryReadableWithItsExecutablesAndLinks) {
  fs::create_symlink("uirc", root_ / "sub/student-uirc");
  std::string error;
  std::string dir;
  {
    std::optional<SubmissionCopy> copy = SubmissionCopy::make((root_ / "sub/student-uirc").string(), &error);
    ASSERT_TRUE(copy) << error;
    dir = copy->dir();
    EXPECT_EQ(copy->executable(), dir + "/student-uirc");
    EXPECT_EQ(fs::read_symlink(copy->executable()), "uirc");
    EXPECT_EQ(fs::status(dir + "/uirc").permissions(), fs::perms(0755));  // executable, readable by all
    EXPECT_EQ(fs::status(dir + "/pkg/data.txt").permissions(), fs::perms(0644));
    std::ifstream data(dir + "/pkg/data.txt");
    std::string line;
    EXPECT_TRUE(std::getline(data, line));
    EXPECT_EQ(line, "data");
  }
  EXPECT_FALSE(fs::exists(dir)) << "the copy is removed with its object";
}

}  // namespace
}  // namespace uirgrade
