// grade_class in the uid tier (ClassConfig::private_copies): each student runs from a copy of its
// own submission under a group of its own, removed when it is done; a roster row naming an
// executable is shown that file alone. Then for real: the oracle as two students whose originals no
// borrowed uid can read is not gradable without the copies and scores full marks with them; and
// sources, built per student for its group alone.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include <gtest/gtest.h>

#include "class/class_grading_testing.h"
#include "class/class_roster.h"
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

// Sources in a class, in the uid tier: each folder with a recipe is built in the sandbox under the
// student's own group, what it made is reachable by that group alone while classmates run, and the
// built compiler is graded; a build that fails gives every test its reason.
TEST_F(GraderClassPrivateCopies, TheUidTierBuildsEachStudentsSourcesForItsGroupAlone) {
  if (!running_as_root()) GTEST_SKIP() << "the uid tier needs root";
  std::string error;
  std::unique_ptr<ProcessRunner> real = make_process_runner(Sandbox::Uid, &error);
  ASSERT_TRUE(real) << error;
  for (const std::string name : {"cpp", "broken"}) fs::create_directories(dir_ / "subs" / name);
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir_ / "subs/cpp/engine");
  std::ofstream(dir_ / "subs/cpp/main.cc") << "#include <unistd.h>\n#include <string>\n"
                                              "int main(int argc, char** argv) {\n"
                                              "  std::string self = argv[0];\n"
                                              "  std::string engine = self.substr(0, self.rfind('/') + 1) + \"engine\";\n"
                                              "  argv[0] = engine.data();\n  execv(engine.c_str(), argv);\n  return 3;\n}\n";
  std::ofstream(dir_ / "subs/cpp/Makefile") << "student-uirc: main.cc\n\tg++ -O1 -o student-uirc main.cc\n";
  std::ofstream(dir_ / "subs/broken/main.cc") << "int main( { return 0; }\n";
  std::ofstream(dir_ / "subs/broken/Makefile") << "student-uirc: main.cc\n\tg++ -o student-uirc main.cc\n";
  fs::permissions(dir_ / "subs", fs::perms::owner_all);  // no borrowed uid reaches the originals
  auto roster = load_roster((dir_ / "subs").string());
  ASSERT_TRUE(std::holds_alternative<std::vector<Submission>>(roster)) << std::get<std::string>(roster);
  students_.clear();
  for (const Submission& student : std::get<std::vector<Submission>>(roster))
    if (student.id == "cpp" || student.id == "broken") students_.push_back(student);
  ASSERT_EQ(students_.size(), 2u);
  for (const Submission& student : students_) EXPECT_EQ(student.recipe, "Makefile") << student.id << student.problem;

  // Every run of a built compiler: the directory above its tree, as it is while the run goes on.
  struct Watching : CommandRunner {
    CommandRunner& inner;
    std::mutex mutex;
    std::vector<std::string> problems;
    size_t built_runs = 0;
    explicit Watching(CommandRunner& runner) : inner(runner) {}
    ProcessResult run(const ProcessRequest& request) override {
      if (request.argv[0].find("uirgrade-built-") != std::string::npos) {
        struct stat above {};
        std::string parent = fs::path(request.argv[0]).parent_path().parent_path().string();
        std::lock_guard lock(mutex);
        ++built_runs;
        if (stat(parent.c_str(), &above) != 0 || (above.st_mode & 07) != 0 || !request.extra_group ||
            above.st_gid != *request.extra_group)
          problems.push_back(parent + " is reachable by others or not the run's group");
      }
      return inner.run(request);
    }
  } watching(*real);
  config_.private_copies = true;
  std::vector<StudentRecord> records = grade(watching);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_GT(watching.built_runs, 0u);
  EXPECT_TRUE(watching.problems.empty()) << watching.problems.front();
  for (const StudentRecord& record : records) {
    ASSERT_EQ(record.report.results.size(), 2u) << record.id;
    for (const TestResult& result : record.report.results) {
      if (record.id == "cpp") {
        EXPECT_EQ(result.verdict, Verdict::Pass) << result.name << ": " << result.message;
      } else {
        EXPECT_EQ(result.verdict, Verdict::BuildFailed) << result.name << ": " << result.message;
        EXPECT_NE(result.message.find("make exited 2"), std::string::npos) << result.message;
        EXPECT_NE(result.details.find("main.cc"), std::string::npos) << result.details;
      }
    }
  }
  EXPECT_NE(records[0].id == "broken" ? records[0].reason.find("build failed") : records[1].reason.find("build failed"),
            std::string::npos);
}

}  // namespace
}  // namespace uirgrade
