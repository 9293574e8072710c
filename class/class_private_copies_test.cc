// grade_class in the uid tier (ClassConfig::private_copies): each student runs from a copy of its
// own submission under a group of its own, removed when it is done; a roster row naming an
// executable is shown that file alone. Then for real: the oracle as two students whose originals no
// borrowed uid can read is not gradable without the copies and scores full marks with them.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include <gtest/gtest.h>

#include "class/class_grading_testing.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

using class_grading_fixture::grade_with;
using class_grading_fixture::squares_test;

/// Answers every run with the squares, exit code unset (so a render goes no further than the
/// student's command), and remembers, per executable, the requests it saw.
class RecordingRunner : public CommandRunner {
 public:
  ProcessResult run(const ProcessRequest& request) override {
    std::lock_guard lock(mutex);
    requests.push_back(request);
    ProcessResult result;
    result.started = result.exited = true;
    result.out = "0: 0 1 4 9\n";
    return result;
  }
  std::mutex mutex;
  std::vector<ProcessRequest> requests;
};

class GraderClassPrivateCopies : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("uirgrade-class-copies-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    // ann hands in a folder (a wrapper script and the binary beside it); bob, by a roster row, an
    // executable that sits among other students' files.
    fs::create_directories(dir_ / "subs/ann");
    fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir_ / "subs/ann/prog");
    std::ofstream(dir_ / "subs/ann/student-uirc") << "#!/bin/sh\nexec \"$(dirname \"$0\")/prog\" \"$@\"\n";
    fs::permissions(dir_ / "subs/ann/student-uirc", fs::perms::owner_all);
    fs::create_directories(dir_ / "subs/loose");
    fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir_ / "subs/loose/bob-uirc");
    std::ofstream(dir_ / "subs/loose/cy-secret.txt") << "cy's work";
    students_ = {Submission{"ann", (dir_ / "subs/ann/student-uirc").string(), (dir_ / "subs/ann").string(), ""},
                 Submission{"bob", (dir_ / "subs/loose/bob-uirc").string(), "", ""}};
    for (Mode mode : {Mode::Run, Mode::Render}) tests_.push_back(squares_test("squares", mode));
    config_.grade.week = 3;
    config_.grade.seed = 1;
    config_.grade.jobs = 2;
    config_.out_dir = (dir_ / "out").string();
    fs::create_directories(dir_ / "out/students");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<StudentRecord> grade(CommandRunner& runner) { return grade_with(runner, tests_, students_, config_); }

  fs::path dir_;
  std::vector<Submission> students_;
  std::vector<TestCase> tests_;
  ClassConfig config_;
};

/// The student's process requests (those that run its compiler, not the C compiler or kernel), by
/// the student whose original or copy they start from.
std::map<std::string, std::vector<ProcessRequest>> by_student(const std::vector<ProcessRequest>& requests) {
  std::map<std::string, std::vector<ProcessRequest>> students;
  for (const ProcessRequest& request : requests) {
    const std::string& program = request.argv[0];
    if (program.ends_with("/student-uirc")) students["ann"].push_back(request);
    if (program.ends_with("/bob-uirc")) students["bob"].push_back(request);
  }
  return students;
}

TEST_F(GraderClassPrivateCopies, WithoutCopiesAStudentSeesItsFolderOrItsExecutableAlone) {
  RecordingRunner runner;
  grade(runner);
  auto students = by_student(runner.requests);
  ASSERT_EQ(students["ann"].size(), 2u);
  ASSERT_EQ(students["bob"].size(), 2u);
  for (const ProcessRequest& request : students["ann"]) {
    EXPECT_EQ(request.argv[0], students_[0].compiler);
    EXPECT_EQ(request.read_only_paths, std::vector<std::string>{students_[0].folder});
    EXPECT_FALSE(request.extra_group);
  }
  for (const ProcessRequest& request : students["bob"])  // not subs/loose, which holds cy's work
    EXPECT_EQ(request.read_only_paths, std::vector<std::string>{students_[1].compiler});
}

TEST_F(GraderClassPrivateCopies, EachStudentRunsFromItsOwnCopyUnderItsOwnGroup) {
  if (!running_as_root()) GTEST_SKIP() << "private copies are for the uid tier, which needs root";
  config_.private_copies = true;
  RecordingRunner runner;
  std::vector<StudentRecord> records = grade(runner);
  ASSERT_EQ(records.size(), 2u);
  for (const StudentRecord& record : records) EXPECT_EQ(record.status, StudentStatus::Graded) << record.reason;
  auto students = by_student(runner.requests);
  ASSERT_EQ(students["ann"].size(), 2u);
  ASSERT_EQ(students["bob"].size(), 2u);
  std::set<gid_t> groups;
  for (const auto& [id, requests] : students) {
    const ProcessRequest& first = requests.front();
    ASSERT_TRUE(first.extra_group) << id;
    groups.insert(*first.extra_group);
    EXPECT_NE(first.argv[0], id == "ann" ? students_[0].compiler : students_[1].compiler) << id << ": the original";
    for (const ProcessRequest& request : requests) {  // every test of the student: the same copy and group
      EXPECT_EQ(request.argv[0], first.argv[0]);
      EXPECT_EQ(request.extra_group, first.extra_group);
    }
    const std::string copy_dir = fs::path(first.argv[0]).parent_path().string();
    // The folder's copy for ann; bob's executable alone (cy's file is not in it).
    EXPECT_EQ(first.read_only_paths, std::vector<std::string>{id == "ann" ? copy_dir : first.argv[0]});
    EXPECT_FALSE(fs::exists(copy_dir)) << id << ": the copy outlived the student";
  }
  EXPECT_EQ(groups.size(), 2u) << "two students share a group";
}

TEST_F(GraderClassPrivateCopies, TheUidTierGradesPrivateOriginalsFromTheCopiesOnly) {
  if (!running_as_root()) GTEST_SKIP() << "the uid tier needs root";
  std::string error;
  std::unique_ptr<ProcessRunner> runner = make_process_runner(Sandbox::Uid, &error);
  ASSERT_TRUE(runner) << error;
  fs::permissions(dir_ / "subs", fs::perms::owner_all);  // no borrowed uid reaches the originals

  std::vector<StudentRecord> without = grade(*runner);  // the originals, as the namespaces tier would
  for (const StudentRecord& record : without) EXPECT_EQ(record.status, StudentStatus::Broken) << record.id;

  fs::remove_all(dir_ / "out/state");  // grade them again
  config_.private_copies = true;
  std::vector<StudentRecord> with = grade(*runner);
  ASSERT_EQ(with.size(), 2u);
  for (const StudentRecord& record : with) {
    EXPECT_EQ(record.status, StudentStatus::Graded) << record.id << ": " << record.reason;
    ASSERT_EQ(record.report.results.size(), 2u);
    for (const TestResult& result : record.report.results)
      EXPECT_EQ(result.verdict, Verdict::Pass) << record.id << " " << result.name << ": " << result.message;
  }
}

}  // namespace
}  // namespace uirgrade
