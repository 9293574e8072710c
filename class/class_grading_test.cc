// grade_class with a fake runner: every student graded on the same tests, a hung student held to
// its budget while the others pass, not-gradable students scored 0 with the reason, a student on
// whom the grader's own code throws costing only itself, a second run reusing every saved student
// without starting a process, and a stopped run leaving the students in flight ungraded and unsaved.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <new>
#include <thread>

#include <gtest/gtest.h>

#include "class/class_grading_testing.h"
#include "sandbox/stop_signal.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

using class_grading_fixture::grade_with;
using class_grading_fixture::squares_test;

/// Students by path: ".../hang/student-uirc" sleeps until its wall limit; ".../wrong/..." prints a
/// wrong buffer; on ".../throws/..." the grader's own code throws (as a check that runs out of
/// memory on what a student printed would); everyone else prints the right one.
class ClassFakeRunner : public CommandRunner {
 public:
  ProcessResult run(const ProcessRequest& request) override {
    ++runs;
    ProcessResult result;
    result.started = result.exited = true;
    result.exit_code = 0;
    result.out = test_case_fixture::kSquaresOut;
    if (request.argv[0].find("/throws/") != std::string::npos) throw std::bad_alloc();
    if (request.argv[0].find("/hang/") != std::string::npos) {
      // As the real runner: killed at its wall limit, or at once when the grader is stopped.
      const auto end = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(std::min(request.limits.wall_seconds, 5.0)));
      while (std::chrono::steady_clock::now() < end && !stop_requested())
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      if (stop_requested()) {
        ProcessResult stopped;
        stopped.stopped = true;
        stopped.internal_error = describe_stop();
        return stopped;
      }
      result.exited = false;
      result.timed_out = true;
      result.signal = 9;
    } else if (request.argv[0].find("/wrong/") != std::string::npos) {
      result.out = "0: 0 1 4 10\n";
    }
    return result;
  }
  std::atomic<int> runs{0};
};

class GraderClassGrading : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("uirgrade-class-grading-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    for (const char* id : {"ann", "hang", "wrong"}) {
      fs::create_directories(dir_ / "subs" / id);
      std::ofstream(dir_ / "subs" / id / "student-uirc") << id;
      students_.push_back(Submission{id, (dir_ / "subs" / id / "student-uirc").string(), (dir_ / "subs" / id).string(), ""});
    }
    students_.push_back(Submission{"gone", (dir_ / "subs/gone/student-uirc").string(), "", "missing: no student-uirc"});
    for (int k = 0; k < 4; ++k) tests_.push_back(squares_test("t" + std::to_string(k)));
    config_.grade.week = 3;
    config_.grade.seed = 1;
    config_.grade.jobs = 3;
    config_.grade.limits.wall_seconds = config_.grade.limits.cpu_seconds = 10;
    config_.student_budget_seconds = 0.5;
    config_.out_dir = (dir_ / "out").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<StudentRecord> grade(ClassFakeRunner& runner, std::vector<StudentSource>* sources = nullptr) {
    return grade_with(runner, tests_, students_, config_, [&](const StudentRecord&, StudentSource source) {
      if (sources) sources->push_back(source);
    });
  }

  fs::path dir_;
  std::vector<Submission> students_;
  std::vector<TestCase> tests_;
  ClassConfig config_;
};

double score(const StudentRecord& record) {
  double points = 0;
  for (const TestResult& result : record.report.results) points += result.points;
  return points;
}

TEST_F(GraderClassGrading, EveryStudentOnTheSameTestsAHangHeldToItsBudget) {
  ClassFakeRunner runner;
  auto start = std::chrono::steady_clock::now();
  std::vector<StudentRecord> records = grade(runner);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].id, "ann");
  EXPECT_EQ(score(records[0]), 4);
  EXPECT_EQ(records[0].reason, "");
  EXPECT_EQ(records[1].id, "hang");
  EXPECT_EQ(score(records[1]), 0);
  ASSERT_EQ(records[1].report.results.size(), 4u);
  // Cut by the budget: each test either times out or is not run (never a pass or another verdict).
  for (const TestResult& result : records[1].report.results)
    EXPECT_TRUE(result.verdict == Verdict::Timeout || result.verdict == Verdict::NotRun) << verdict_name(result.verdict);
  EXPECT_NE(records[1].reason.find("time budget of 0.5 s ran out"), std::string::npos) << records[1].reason;
  EXPECT_EQ(records[2].id, "wrong");
  EXPECT_EQ(records[2].report.results[0].verdict, Verdict::WrongBuffer);
  EXPECT_EQ(records[3].id, "gone");
  EXPECT_EQ(records[3].status, StudentStatus::Missing);
  EXPECT_EQ(records[3].reason, "missing: no student-uirc");
  // Without the budget the hung student alone would take 4 tests x 5 s.
  EXPECT_LT(seconds, 3.0);
}

TEST_F(GraderClassGrading, ASecondRunReusesEverySavedStudent) {
  ClassFakeRunner first;
  grade(first);
  EXPECT_GT(first.runs.load(), 0);
  ClassFakeRunner second;
  std::vector<StudentSource> sources;
  std::vector<StudentRecord> again = grade(second, &sources);
  EXPECT_EQ(second.runs.load(), 0);
  EXPECT_EQ(sources, std::vector<StudentSource>(4, StudentSource::Reused));
  EXPECT_EQ(score(again[0]), 4);
  EXPECT_EQ(again[2].report.results[0].verdict, Verdict::WrongBuffer);

  // A new submission (other bytes) is graded again; the others are not.
  std::ofstream(dir_ / "subs/wrong/student-uirc") << "fixed";
  ClassFakeRunner third;
  sources.clear();
  grade(third, &sources);
  EXPECT_EQ(third.runs.load(), 4);
}

// A class always finishes: the grader's code throwing on one student's output (issue 39) ended the
// whole run (std::terminate from a pool thread) before grade_test turned it into that test's error.
TEST_F(GraderClassGrading, AStudentOnWhomTheGraderThrowsCostsOnlyItself) {
  fs::create_directories(dir_ / "subs/throws");
  std::ofstream(dir_ / "subs/throws/student-uirc") << "throws";
  students_.insert(students_.begin(),
                   Submission{"throws", (dir_ / "subs/throws/student-uirc").string(), (dir_ / "subs/throws").string(), ""});
  ClassFakeRunner runner;
  std::vector<StudentRecord> records = grade(runner);
  ASSERT_EQ(records.size(), 5u);
  EXPECT_EQ(records[0].id, "throws");
  for (const TestResult& result : records[0].report.results) {
    EXPECT_EQ(result.verdict, Verdict::InternalError);
    EXPECT_NE(result.message.find("the grader failed on this test"), std::string::npos) << result.message;
  }
  EXPECT_EQ(score(records[1]), 4) << "the next student is graded as ever";
  EXPECT_TRUE(fs::exists(dir_ / "out/state/wrong.json"));
}

// Stopped (SIGTERM) while "hang" hangs: "ann", done before, is graded and saved; "hang" and the
// students after it are not graded, and nothing of theirs is saved, so the next run grades them.
TEST_F(GraderClassGrading, AStoppedRunLeavesTheStudentsInFlightUngradedAndUnsaved) {
  config_.student_budget_seconds = 30;
  config_.grade.jobs = 2;
  ClassFakeRunner runner;
  std::thread stopper([&] {
    while (!fs::exists(dir_ / "out/state/ann.json")) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // "hang" is in its first tests
    request_stop_for_testing(SIGTERM);
  });
  std::vector<StudentSource> sources;
  std::vector<StudentRecord> records = grade(runner, &sources);
  stopper.join();
  clear_stop_for_testing();
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].status, StudentStatus::Graded);
  EXPECT_EQ(score(records[0]), 4);
  for (size_t k : {1u, 2u}) {
    EXPECT_EQ(records[k].status, StudentStatus::NotGraded) << records[k].id;
    EXPECT_NE(records[k].reason.find("the grader was stopped (SIGTERM)"), std::string::npos) << records[k].reason;
    EXPECT_FALSE(fs::exists(dir_ / "out/state" / (records[k].id + ".json"))) << records[k].id;
  }
  EXPECT_EQ(records[3].status, StudentStatus::Missing) << "not gradable: known before any test";
}

}  // namespace
}  // namespace uirgrade
