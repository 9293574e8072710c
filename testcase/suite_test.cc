// Manifests: suite.yaml and weeks.yaml into TestCases and WeekPlans, and every way they can be
// wrong (fixtures in testcase/testdata/bad_suites/, one folder per mistake).
#include "testcase/suite.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

const std::string kTestdata = std::string(UIRGRADE_SOURCE_DIR) + "/testcase/testdata";

SuiteError suite_error(const std::string& bad_suite, int week = 0) {
  auto loaded = load_suite(kTestdata + "/bad_suites/" + bad_suite, bad_suite, week);
  if (std::holds_alternative<std::vector<TestCase>>(loaded)) ADD_FAILURE() << bad_suite << " was accepted";
  return std::holds_alternative<SuiteError>(loaded) ? std::get<SuiteError>(loaded) : SuiteError{};
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

TEST(Suite, ManifestSettingsBecomeTestCases) {
  auto loaded = load_suite(kTestdata + "/good_suite/suite", "suite", 2);
  ASSERT_TRUE(std::holds_alternative<std::vector<TestCase>>(loaded))
      << format_suite_error(std::get<SuiteError>(loaded));
  const std::vector<TestCase>& tests = std::get<std::vector<TestCase>>(loaded);
  // Files sorted by name; `both` graded in two modes, run first whatever the manifest's order.
  ASSERT_EQ(tests.size(), 5u);
  EXPECT_EQ(tests[0].name, "suite/both");
  EXPECT_EQ(tests[0].mode, Mode::Run);
  EXPECT_EQ(tests[1].name, "suite/both");
  EXPECT_EQ(tests[1].mode, Mode::Render);
  EXPECT_EQ(tests[2].name, "suite/empty_entry");
  EXPECT_EQ(tests[3].name, "suite/hidden");
  EXPECT_EQ(tests[4].name, "suite/unlisted");
  for (const TestCase& t : tests) {
    EXPECT_EQ(t.suite, "suite");
    EXPECT_EQ(t.week, 2);
    EXPECT_EQ(t.tolerance.rtol, 0.001) << t.name;  // the suite's default
  }
  EXPECT_EQ(tests[1].points, 5);
  EXPECT_EQ(tests[1].tolerance.atol, 0.5);
  EXPECT_EQ(tests[1].timeout_seconds, 3);
  EXPECT_EQ(tests[1].render_loops, 0);
  EXPECT_EQ(tests[1].visibility, Visibility::AfterDueDate);
  EXPECT_EQ(tests[3].visibility, Visibility::Hidden);
  // An empty entry and an unlisted file both get the defaults.
  for (size_t k : {2u, 4u}) {
    EXPECT_EQ(tests[k].points, 2) << tests[k].name;
    EXPECT_EQ(tests[k].visibility, Visibility::AfterDueDate);
    EXPECT_EQ(tests[k].tolerance.atol, 1e-6);
    EXPECT_FALSE(tests[k].timeout_seconds);
    EXPECT_EQ(tests[k].mode, Mode::Run);
  }
}

TEST(Suite, DefaultModesApplyToEveryTestAnEntryDoesNotOverride) {
  auto loaded = load_suite(kTestdata + "/good_suite/default_modes", "default_modes", 2);
  ASSERT_TRUE(std::holds_alternative<std::vector<TestCase>>(loaded))
      << format_suite_error(std::get<SuiteError>(loaded));
  const std::vector<TestCase>& tests = std::get<std::vector<TestCase>>(loaded);
  ASSERT_EQ(tests.size(), 3u);
  EXPECT_EQ(tests[0].name, "default_modes/both");
  EXPECT_EQ(tests[0].mode, Mode::Run);
  EXPECT_EQ(tests[1].name, "default_modes/both");
  EXPECT_EQ(tests[1].mode, Mode::Render);
  EXPECT_EQ(tests[2].name, "default_modes/run_only");
  EXPECT_EQ(tests[2].mode, Mode::Run);
}

TEST(Suite, WeekPlanAndLimits) {
  auto loaded = load_week(kTestdata + "/good_suite", 2);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(loaded)) << format_suite_error(std::get<SuiteError>(loaded));
  const LoadedWeek& week = std::get<LoadedWeek>(loaded);
  EXPECT_EQ(week.plan.week, 2);
  EXPECT_EQ(week.plan.suites, std::vector<std::string>{"suite"});
  EXPECT_EQ(week.plan.fuzz_counts.at("valid"), 4);
  EXPECT_EQ(week.plan.fuzz_counts.at("invalid"), 3);
  EXPECT_EQ(week.plan.fuzz_visibility, Visibility::AfterDueDate);
  EXPECT_FALSE(week.plan.fuzz_minimized_shown);
  EXPECT_EQ(week.plan.limits.wall_seconds, 7);  // the week's own limit beats the file's default (5)
  EXPECT_EQ(week.plan.limits.memory_bytes, 512ull << 20);
  EXPECT_EQ(week.plan.limits.cpu_seconds, ProcessLimits{}.cpu_seconds);  // not given: the built-in default
  EXPECT_EQ(week.tests.size(), 5u);
  EXPECT_TRUE(std::holds_alternative<SuiteError>(load_week(kTestdata + "/good_suite", 1)));
}

TEST(Suite, RealWeeksGradeEarlierWeeksToo) {
  const std::string suites = std::string(UIRGRADE_SOURCE_DIR) + "/suites";
  auto week3 = load_week(suites, 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(week3)) << format_suite_error(std::get<SuiteError>(week3));
  const LoadedWeek& loaded = std::get<LoadedWeek>(week3);
  EXPECT_EQ(loaded.plan.suites, (std::vector<std::string>{"week1", "week2", "week3"}));
  EXPECT_GT(loaded.plan.fuzz_counts.at("valid"), 0);
  EXPECT_EQ(loaded.plan.fuzz_visibility, Visibility::Hidden);
  EXPECT_TRUE(loaded.plan.fuzz_minimized_shown);
  auto week1 = load_week(suites, 1);  // says neither: the defaults are the same
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(week1));
  EXPECT_EQ(std::get<LoadedWeek>(week1).plan.fuzz_visibility, Visibility::Hidden);
  EXPECT_TRUE(std::get<LoadedWeek>(week1).plan.fuzz_minimized_shown);
  // Plan order: every week-1 test before any week-2 test before any week-3 test.
  EXPECT_TRUE(std::is_sorted(loaded.tests.begin(), loaded.tests.end(),
                             [](const TestCase& a, const TestCase& b) { return a.week < b.week; }));
  // At least 30 test files per week.
  for (int w : {1, 2, 3}) {
    std::set<std::string> files;
    for (const TestCase& t : loaded.tests)
      if (t.week == w) files.insert(t.path);
    EXPECT_GE(files.size(), 30u) << "week " << w;
  }
  auto plans = load_plans(suites);
  ASSERT_TRUE(std::holds_alternative<std::vector<WeekPlan>>(plans));
  EXPECT_EQ(std::get<std::vector<WeekPlan>>(plans).size(), 3u);
}

// uirgen's suites are suites like any other (generators/uirgen_test.cc checks what it writes).
TEST(Suite, AUirgenSuiteLoadsHidden) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("uirgen_suite_" + std::to_string(getpid()));
  std::string command = std::string(UIRGRADE_BINARY_DIR) + "/uirgen --week 3 --count 12 --seed 5 --out " +
                        dir.string() + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  auto loaded = load_suite(dir.string(), "hidden", 3);
  ASSERT_TRUE(std::holds_alternative<std::vector<TestCase>>(loaded))
      << format_suite_error(std::get<SuiteError>(loaded));
  int invalid = 0;
  for (const TestCase& test : std::get<std::vector<TestCase>>(loaded)) {
    EXPECT_EQ(test.visibility, Visibility::Hidden);
    invalid += test.expect_exit == 2 ? 1 : 0;
  }
  EXPECT_EQ(std::get<std::vector<TestCase>>(loaded).size(), 12u);
  EXPECT_EQ(invalid, 3);  // 25% by default
  std::filesystem::remove_all(dir);
}

TEST(Suite, BadYamlNamesFileAndLine) {
  SuiteError e = suite_error("bad_yaml");
  EXPECT_TRUE(ends_with(e.file, "bad_yaml/suite.yaml")) << e.file;
  EXPECT_GT(e.line, 0);
  EXPECT_NE(format_suite_error(e).find("suite.yaml:"), std::string::npos);
}

TEST(Suite, UnknownKeyNamesItsLine) {
  SuiteError e = suite_error("unknown_key");
  EXPECT_EQ(e.line, 4);
  EXPECT_NE(e.message.find("'point'"), std::string::npos) << e.message;
}

TEST(Suite, ManifestEntryWithoutAFile) {
  SuiteError e = suite_error("missing_file");
  EXPECT_EQ(e.line, 4);
  EXPECT_NE(e.message.find("ghost"), std::string::npos) << e.message;
}

TEST(Suite, BadHeaderIsReportedInTheTestFile) {
  SuiteError e = suite_error("bad_header");
  EXPECT_TRUE(ends_with(e.file, "bad_header/a.uir")) << e.file;
  EXPECT_EQ(e.line, 2);
}

TEST(Suite, BadValuesAndMissingWeek) {
  EXPECT_EQ(suite_error("bad_value").line, 4);
  EXPECT_NE(suite_error("no_week").message.find("week"), std::string::npos);
  EXPECT_NE(suite_error("loops_without_render_mode").message.find("loops"), std::string::npos);
  // Loading a suite as another week than its manifest says.
  auto wrong_week = load_suite(kTestdata + "/good_suite/suite", "suite", 3);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(wrong_week));
  EXPECT_EQ(std::get<SuiteError>(wrong_week).line, 1);
}

TEST(Suite, BadWeeksFiles) {
  auto fuzz = load_week(kTestdata + "/bad_suites/weeks_unknown_fuzz_kind", 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(fuzz));
  EXPECT_EQ(std::get<SuiteError>(fuzz).line, 4);
  EXPECT_NE(std::get<SuiteError>(fuzz).message.find("invlaid"), std::string::npos);
  auto shape = load_week(kTestdata + "/bad_suites/weeks_shape_before_week_3", 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(shape));
  EXPECT_EQ(std::get<SuiteError>(shape).line, 4);
  EXPECT_NE(std::get<SuiteError>(shape).message.find("'shape' is for week 3 on"), std::string::npos);
  auto minimized = load_week(kTestdata + "/bad_suites/weeks_bad_fuzz_minimized", 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(minimized));
  EXPECT_EQ(std::get<SuiteError>(minimized).line, 4);
  EXPECT_NE(std::get<SuiteError>(minimized).message.find("'maybe' is not shown or hidden"), std::string::npos);
  // The key's old name is refused with its new one, not taken for an unknown key.
  auto old_key = load_week(kTestdata + "/bad_suites/weeks_old_fuzz_key", 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(old_key));
  EXPECT_EQ(std::get<SuiteError>(old_key).line, 4);
  EXPECT_EQ(std::get<SuiteError>(old_key).message, "'fuzz_shrunk' in week 1 is now called 'fuzz_minimized' (same values)");
  auto missing = load_week(kTestdata + "/bad_suites/weeks_missing_suite", 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(missing));
  EXPECT_EQ(std::get<SuiteError>(missing).line, 3);
  auto no_file = load_week(kTestdata + "/bad_suites/no_such_folder", 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(no_file));
  EXPECT_EQ(std::get<SuiteError>(no_file).line, 0);
}

TEST(Suite, FormatSuiteError) {
  EXPECT_EQ(format_suite_error({"s/a.uir", 3, "bad"}), "s/a.uir:3: suite error: bad");
  EXPECT_EQ(format_suite_error({"s/suite.yaml", 0, "cannot read the file"}),
            "s/suite.yaml: suite error: cannot read the file");
}

}  // namespace
}  // namespace uirgrade
