// link_out_of_submission, and SubmissionCopy: the copy holds the submission's files with their
// executable bits, and a private copy (a class student in the uid tier) is read by the processes that
// run with its group and by no other student: shown with the real uid-tier runner, first against the
// world-readable copy that one-student `grade` makes (another uid reads the secret), then against the
// private one (it cannot).
#include "sandbox/submission.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "sandbox/process.h"
#include "sandbox/sandbox.h"

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

constexpr const char* kSecret = "the answer key of ann";

class SubmissionCopyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    source_ = fs::temp_directory_path() / ("uirgrade-submission-test-" + std::to_string(getpid()));
    fs::remove_all(source_);
    fs::create_directories(source_ / "lib");
    std::ofstream(source_ / "student-uirc") << "#!/bin/sh\nexit 0\n";
    fs::permissions(source_ / "student-uirc", fs::perms::owner_all);
    std::ofstream(source_ / "lib" / "secret.txt") << kSecret;
    fs::permissions(source_, fs::perms::owner_all);  // the original is private to the grader
  }
  void TearDown() override { fs::remove_all(source_); }

  std::string executable() const { return (source_ / "student-uirc").string(); }

  /// What `cat PATH` prints when run by the uid tier as a student process with `group`.
  static std::string cat_as_student(const std::string& path, std::optional<gid_t> group) {
    std::string error;
    std::unique_ptr<ProcessRunner> runner = make_process_runner(Sandbox::Uid, &error);
    EXPECT_TRUE(runner) << error;
    if (!runner) return "";
    ProcessRequest request;
    request.argv = {"/bin/cat", path};
    request.extra_group = group;
    ProcessResult result = runner->run(request);
    EXPECT_TRUE(result.started) << result.internal_error;
    return result.out;
  }

  fs::path source_;
};

TEST_F(SubmissionCopyTest, APrivateCopyOfAnExecutableAloneHoldsNothingElse) {
  std::string error;
  std::optional<SubmissionCopy> copy = SubmissionCopy::make_private(executable(), false, getegid(), &error);
  ASSERT_TRUE(copy) << error;
  EXPECT_TRUE(fs::exists(copy->executable()));
  EXPECT_FALSE(fs::exists(copy->dir() + "/lib"));
}

TEST_F(SubmissionCopyTest, APrivateCopyIsReadByItsGroupAndByNoOtherStudent) {
  if (!running_as_root()) GTEST_SKIP() << "the uid tier needs root";
  std::string error;
  std::optional<UidLease> ann = UidLease::claim(&error);  // the group of ann's copy
  ASSERT_TRUE(ann) << error;

  // The weakened setting: the world-readable copy of one-student `grade`. Another student's
  // process (any borrowed uid, without ann's group) reads ann's files.
  std::optional<SubmissionCopy> shared = SubmissionCopy::make(executable(), &error);
  ASSERT_TRUE(shared) << error;
  EXPECT_EQ(cat_as_student(shared->dir() + "/lib/secret.txt", std::nullopt), kSecret);

  std::optional<SubmissionCopy> own = SubmissionCopy::make_private(executable(), true, ann->gid(), &error);
  ASSERT_TRUE(own) << error;
  const std::string secret = own->dir() + "/lib/secret.txt";
  EXPECT_EQ(cat_as_student(secret, std::nullopt), "") << "another student read ann's private copy";
  EXPECT_EQ(cat_as_student(secret, ann->gid()), kSecret) << "ann's own process could not read its copy";
  for (const std::string& path : {own->dir(), own->dir() + "/lib", secret, own->executable()}) {
    struct stat info {};
    ASSERT_EQ(lstat(path.c_str(), &info), 0) << path;
    EXPECT_EQ(info.st_gid, ann->gid()) << path;
    EXPECT_EQ(info.st_mode & 07, 0u) << path << " gives others something";
  }
}

}  // namespace
}  // namespace uirgrade
