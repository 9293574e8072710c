#include "class/class_state.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

TEST(GraderClassState, RunKeyChangesWithWhatGradesDependOn) {
  TestCase test;
  test.name = "week3/t";
  test.source = "%a = const 1\n";
  GradeConfig config;
  config.seed = 1;
  std::string key = run_key({test}, config, std::nullopt);
  EXPECT_EQ(run_key({test}, config, std::nullopt), key);
  GradeConfig other_seed = config;
  other_seed.seed = 2;
  EXPECT_NE(run_key({test}, other_seed, std::nullopt), key);
  EXPECT_NE(run_key({test}, config, 60.0), key);
  TestCase edited = test;
  edited.source += "%b = const 2\n";
  EXPECT_NE(run_key({edited}, config, std::nullopt), key);
  TestCase more_points = test;
  more_points.points = 3;
  EXPECT_NE(run_key({more_points}, config, std::nullopt), key);
  GradeConfig student_paths = config;  // who is graded is not part of the run
  student_paths.student = "x";
  EXPECT_EQ(run_key({test}, student_paths, std::nullopt), key);
}

TEST(GraderClassState, SavedStudentReadsBackUnderItsKeyOnly) {
  fs::path out = fs::temp_directory_path() / ("uirgrade-state-save-" + std::to_string(getpid()));
  fs::remove_all(out);
  StudentRecord record;
  record.id = "lee, ann";
  record.key = "k1";
  record.status = StudentStatus::Broken;
  record.reason = "broken: \xff bytes";
  record.report.info.week = 3;
  TestResult result;
  result.name = "week3/t";
  result.verdict = Verdict::Crash;
  result.max_points = 2;
  record.report.results.push_back(result);
  ASSERT_FALSE(save_student(out.string(), record));
  auto loaded = load_student(out.string(), "lee, ann", "k1");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->status, StudentStatus::Broken);
  EXPECT_EQ(loaded->reason, "broken: \xef\xbf\xbd bytes");  // U+FFFD
  ASSERT_EQ(loaded->report.results.size(), 1u);
  EXPECT_EQ(loaded->report.results[0].verdict, Verdict::Crash);
  EXPECT_FALSE(load_student(out.string(), "lee, ann", "k2"));
  // A run killed between the report and the state leaves a student to grade again.
  fs::remove(out / "state" / "lee, ann.json");
  EXPECT_FALSE(load_student(out.string(), "lee, ann", "k1"));
  fs::remove_all(out);
}

}  // namespace
}  // namespace uirgrade
