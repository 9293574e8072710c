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

// What a class keeps in memory of a saved student is bounded (issue 39): a megabyte of details (a
// compiler's message quoting a student's long line) is cut to 4 KiB, at a UTF-8 character's
// boundary, once the student's reports are written (bounded by their own display policy).
TEST(GraderClassState, AClassKeepsASummaryOfEachSavedStudent) {
  fs::path out = fs::temp_directory_path() / ("uirgrade-state-summary-" + std::to_string(getpid()));
  fs::remove_all(out);
  StudentRecord record;
  record.id = "ann";
  record.key = "k";
  TestResult result;
  result.name = "week3/t";
  result.verdict = Verdict::CompileError;
  result.message = "the rendered C did not compile";
  result.details = std::string(1 << 20, 'x');
  result.context = "x";
  for (int k = 0; k < 3000; ++k) result.context += "\xc3\xa9";  // é, two bytes, after an odd start
  record.report.results.push_back(result);
  ASSERT_FALSE(save_student(out.string(), record));
  keep_summary_only(record);
  const TestResult& kept = record.report.results[0];
  EXPECT_EQ(kept.message, result.message);
  EXPECT_LT(kept.details.size(), 4200u);
  EXPECT_NE(kept.details.find("cut here"), std::string::npos);
  const std::string context = kept.context.substr(0, kept.context.find('\n'));
  EXPECT_EQ(context.size() % 2, 1u) << "cut inside a character";
  EXPECT_TRUE(load_student(out.string(), "ann", "k"));
  std::ifstream text(student_text_report_path(out.string(), "ann"));
  EXPECT_TRUE(text.good()) << "the text report is written with the state";
  fs::remove_all(out);
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
