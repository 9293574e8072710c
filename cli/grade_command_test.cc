// The `grade` commands called in-process: write_reports sends each format where it was asked,
// run_merge turns shard reports into one run (exit 0/1 by the merged verdicts, 2 when they don't
// fit), and run_grade stops with exit 2 before any student runs when the suites, --only or the
// student are wrong, prints the seed first, and grades real (trivial) students: /bin/true passes a
// program without buffers (spec §6.1: exit 0, nothing on stdout), /bin/false's exit 1 is wrong.
#include "cli/grade_command.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/report_testing.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;
using report_fixture::make_result;
using report_fixture::sample_report;

/// A fresh directory, removed with everything in it at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "uirgrade-grade-command-XXXXXX").string();
    EXPECT_NE(mkdtemp(pattern.data()), nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(GradeCommand, WriteReportsSendsEachFormatWhereItWasAsked) {
  TempDir dir;
  Report report = sample_report();
  std::vector<ReportOutput> outputs = {{Format::Text, ""},
                                       {Format::Json, (dir.path / "r.json").string()},
                                       {Format::Junit, (dir.path / "r.xml").string()}};
  std::ostringstream out, err;
  EXPECT_TRUE(write_reports(report, outputs, out, err));
  EXPECT_EQ(err.str(), "");

  std::ostringstream text, json, junit;
  write_text(report, text);
  write_json(report, json);
  write_junit(report, junit);
  EXPECT_EQ(out.str(), text.str());  // only the text report, which had no path, went to stdout
  EXPECT_EQ(read_file(dir.path / "r.json"), json.str());
  EXPECT_EQ(read_file(dir.path / "r.xml"), junit.str());
}

TEST(GradeCommand, AReportThatCannotBeWrittenIsNamedAndTheOthersStillAre) {
  TempDir dir;
  Report report = sample_report();
  const std::string unwritable = (dir.path / "no-such-dir" / "r.json").string();
  std::vector<ReportOutput> outputs = {{Format::Json, unwritable},
                                       {Format::Gradescope, (dir.path / "results.json").string()}};
  std::ostringstream out, err;
  EXPECT_FALSE(write_reports(report, outputs, out, err));
  EXPECT_TRUE(contains(err.str(), "json report")) << err.str();
  EXPECT_TRUE(contains(err.str(), unwritable)) << err.str();
  EXPECT_FALSE(read_file(dir.path / "results.json").empty());
  EXPECT_EQ(out.str(), "");
}

/// Writes `report` as shard `index` of `count` into `dir` and returns the file's path.
std::string write_shard(const fs::path& dir, Report report, int index, int count) {
  report.info.shard_index = index;
  report.info.shard_count = count;
  std::string path = (dir / ("shard" + std::to_string(index) + ".json")).string();
  std::ofstream file(path, std::ios::binary);
  write_json(report, file);
  return path;
}

TEST(GradeCommand, MergeExitsByTheMergedVerdicts) {
  TempDir dir;
  Report whole = sample_report();  // 17 tests, 5 passed
  Report first = whole, second = whole;
  first.results.assign(whole.results.begin(), whole.results.begin() + 8);
  second.results.assign(whole.results.begin() + 8, whole.results.end());

  Options options;
  options.command = Command::Merge;
  options.merge_files = {write_shard(dir.path, second, 2, 2), write_shard(dir.path, first, 1, 2)};
  options.outputs = {{Format::Json, (dir.path / "merged.json").string()}};
  std::ostringstream out, err;
  EXPECT_EQ(run_merge(options, out, err), kSomeFailed) << err.str();
  auto merged = read_json(read_file(dir.path / "merged.json"));
  ASSERT_TRUE(std::holds_alternative<Report>(merged)) << std::get<std::string>(merged);
  const std::vector<TestResult>& results = std::get<Report>(merged).results;
  ASSERT_EQ(results.size(), 17u);
  for (size_t k = 0; k < 17; ++k) {  // JSON keeps names and verdicts; messages get valid UTF-8
    EXPECT_EQ(results[k].name, whole.results[k].name);
    EXPECT_EQ(results[k].mode, whole.results[k].mode);
    EXPECT_EQ(results[k].verdict, whole.results[k].verdict);
  }

  // Every shard passed: the merged run passed.
  Report passed_a, passed_b;
  passed_a.info = passed_b.info = whole.info;
  passed_a.results = {make_result("week1/a", Verdict::Pass, 1, 1)};
  passed_b.results = {make_result("week1/b", Verdict::Pass, 1, 1)};
  options.merge_files = {write_shard(dir.path, passed_a, 1, 2), write_shard(dir.path, passed_b, 2, 2)};
  EXPECT_EQ(run_merge(options, out, err), kAllPassed) << err.str();
}

TEST(GradeCommand, MergeRefusesWhatIsNotOneWholeRun) {
  TempDir dir;
  Options options;
  options.command = Command::Merge;
  options.outputs = {{Format::Text, ""}};

  std::ostringstream out, missing_err;
  options.merge_files = {write_shard(dir.path, sample_report(), 1, 2)};
  EXPECT_EQ(run_merge(options, out, missing_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(missing_err.str(), "2/2")) << missing_err.str();

  std::ostringstream unreadable_err;
  const std::string nowhere = (dir.path / "nowhere.json").string();
  options.merge_files = {nowhere};
  EXPECT_EQ(run_merge(options, out, unreadable_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(unreadable_err.str(), "cannot read " + nowhere)) << unreadable_err.str();

  std::ostringstream malformed_err;
  const std::string malformed = (dir.path / "malformed.json").string();
  std::ofstream(malformed) << "{\"seed\": ";
  options.merge_files = {malformed};
  EXPECT_EQ(run_merge(options, out, malformed_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(malformed_err.str(), malformed)) << malformed_err.str();
  EXPECT_EQ(out.str(), "");  // no report from a refused merge
}

/// The repository's suites: the self-check that run_grade does first passes only for a whole set
/// (a week-1-only copy lacks coverage of the later ops).
const fs::path kSuites = UIRGRADE_SOURCE_DIR "/suites";

Options grade_options(const fs::path& suites, const std::string& student) {
  Options options;
  options.week = 1;
  options.student = student;
  options.suites_dir = suites.string();
  options.seed = 7;
  options.sandbox = Sandbox::None;
  options.only = {"week1/add_i32"};  // "# expect: exit 0" and no buffers: a right answer prints nothing
  options.outputs = {{Format::Text, ""}};
  return options;
}

TEST(GradeCommand, RunGradeStopsWithExit2BeforeAnyStudentRuns) {
  TempDir dir;
  std::ofstream(dir.path / "weeks.yaml") << "weeks:\n  1:\n    suites: [missing_suite]\n";
  std::ostringstream out, err;
  EXPECT_EQ(run_grade(grade_options(dir.path, "/bin/true"), {}, out, err), kUsageOrSuiteError);
  EXPECT_EQ(err.str().rfind("grade: seed 7 ", 0), 0u) << err.str();  // the seed comes before anything
  EXPECT_TRUE(contains(err.str(), "suite error")) << err.str();

  std::ostringstream no_match_err;
  Options no_match = grade_options(kSuites, "/bin/true");
  no_match.only = {"week9/*"};
  EXPECT_EQ(run_grade(no_match, {}, out, no_match_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(no_match_err.str(), "no test of week 1 matches --only week9/*")) << no_match_err.str();

  std::ostringstream not_executable_err;
  EXPECT_EQ(run_grade(grade_options(kSuites, (kSuites / "weeks.yaml").string()), {}, out,
                      not_executable_err),
            kUsageOrSuiteError);
  EXPECT_TRUE(contains(not_executable_err.str(), "weeks.yaml: not executable (run: chmod +x "))
      << not_executable_err.str();
  // Issue 25: a missing file, a folder and a non-executable file were all "not an executable file".
  std::ostringstream missing_err, folder_err;
  EXPECT_EQ(run_grade(grade_options(kSuites, "/no/such/student-uirc"), {}, out, missing_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(missing_err.str(), "/no/such/student-uirc: no such file")) << missing_err.str();
  EXPECT_EQ(run_grade(grade_options(kSuites, kSuites.string()), {}, out, folder_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(folder_err.str(), "a folder, not a program")) << folder_err.str();

  std::ostringstream no_generators_err;
  Options fuzz = grade_options(kSuites, "/bin/true");
  fuzz.fuzz = 4;
  EXPECT_EQ(run_grade(fuzz, {}, out, no_generators_err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(no_generators_err.str(), "no generators")) << no_generators_err.str();
  EXPECT_EQ(out.str(), "");  // nothing was graded, so there is no report
}

/// Grades week1/add_i32 with `student` into a JSON report and reads it back.
Report grade_add_i32(const std::string& student, int* exit_code) {
  TempDir dir;
  Options options = grade_options(kSuites, student);
  options.outputs = {{Format::Json, (dir.path / "report.json").string()}};
  std::ostringstream out, err;
  *exit_code = run_grade(options, {}, out, err);
  auto report = read_json(read_file(dir.path / "report.json"));
  EXPECT_TRUE(std::holds_alternative<Report>(report)) << err.str();
  return std::holds_alternative<Report>(report) ? std::get<Report>(report) : Report{};
}

TEST(GradeCommand, RunGradeGradesAndReportsTheStudent) {
  int exit_code = -1;
  Report passed = grade_add_i32("/bin/true", &exit_code);
  EXPECT_EQ(exit_code, kAllPassed);
  ASSERT_EQ(passed.results.size(), 1u);
  EXPECT_EQ(passed.results[0].name, "week1/add_i32");
  EXPECT_EQ(passed.results[0].verdict, Verdict::Pass) << passed.results[0].message;
  EXPECT_EQ(passed.info.seed, 7u);
  EXPECT_EQ(passed.info.student, "/bin/true");
  EXPECT_NE(passed.info.isolation, "");  // the runner said what isolation it had

  // Spec §6.3: the oracle exits 0, the student 1: exit codes must match.
  Report failed = grade_add_i32("/bin/false", &exit_code);
  EXPECT_EQ(exit_code, kSomeFailed);
  ASSERT_EQ(failed.results.size(), 1u);
  EXPECT_EQ(failed.results[0].verdict, Verdict::WrongExit) << failed.results[0].message;
}

// The line about tests not run names the cause that stopped the run, with both limits given.
TEST(GradeCommand, RunGradeSaysWhichLimitLeftTestsUnrun) {
  Options options = grade_options(kSuites, "/bin/false");  // fails every test of week 1
  options.only = {"week1/*"};
  options.jobs = 1;
  options.max_failures = 1;
  options.student_budget_seconds = 1000;
  std::ostringstream out, stopped_err;
  EXPECT_EQ(run_grade(options, {}, out, stopped_err), kSomeFailed);
  EXPECT_TRUE(contains(stopped_err.str(), "not run\" in the report): grading stopped after 1 failures (--max-failures)\n"))
      << stopped_err.str();

  options.max_failures = 5;
  options.student_budget_seconds = 1e-9;  // spent before the first test
  std::ostringstream spent_err;
  EXPECT_EQ(run_grade(options, {}, out, spent_err), kSomeFailed);
  EXPECT_TRUE(contains(spent_err.str(),
                       "not run\" in the report): the student's time budget (--student-budget) ran out\n"))
      << spent_err.str();
}

// Issue 25: `grade --week 4` said "the suites in ... have problems".
TEST(GradeCommand, AWeekThatDoesNotExistIsNamedWithTheWeeksThatDo) {
  Options options = grade_options(kSuites, "/bin/true");
  options.week = 4;
  options.only.clear();
  std::ostringstream out, err;
  EXPECT_EQ(run_grade(options, {}, out, err), kUsageOrSuiteError);
  EXPECT_TRUE(contains(err.str(), "grade: week 4 does not exist in " + kSuites.string() +
                                      "/weeks.yaml (weeks there: 1, 2, 3); choose one with --week N"))
      << err.str();
  EXPECT_FALSE(contains(err.str(), "have problems")) << err.str();
}

// Issue 25: a student's own start-up mistake was "internal error (not your fault)".
TEST(GradeCommand, AStudentsStartUpMistakeIsItsOwnVerdictWithTheFix) {
  TempDir dir;
  struct Case {
    std::string content, expected;
  };
  for (const Case& c : {Case{"#!/bin/sh\r\nexit 0\r\n", "starts with '#!/bin/sh\\r': Windows line ends; run dos2unix"},
                        Case{"exit 0\n", "has no #! line and is not a compiled program"},
                        Case{"#!/no/such/python3\nexit 0\n", "/no/such/python3 does not exist"}}) {
    const fs::path student = dir.path / "student-uirc";
    std::ofstream(student, std::ios::binary | std::ios::trunc) << c.content;
    fs::permissions(student, fs::perms::owner_all);
    int exit_code = -1;
    Report report = grade_add_i32(student.string(), &exit_code);
    EXPECT_EQ(exit_code, kSomeFailed);
    ASSERT_EQ(report.results.size(), 1u);
    EXPECT_NE(report.results[0].verdict, Verdict::InternalError) << report.results[0].message;
    EXPECT_TRUE(contains(report.results[0].message, c.expected)) << report.results[0].message;
    EXPECT_FALSE(contains(report.results[0].message, "not your fault")) << report.results[0].message;
  }
}

}  // namespace
}  // namespace uirgrade
