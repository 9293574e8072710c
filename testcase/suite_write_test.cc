// The writer against the reader: a manifest and a weeks.yaml with every key set are written, loaded
// back with load_suite and load_plans, and compared; and the exact text of the kill suite's files
// (generators/kill_suite.cc), which `uirgen --kill-mutants` has always written.
#include "testcase/suite_write.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPassingTest = "# expect: exit 0\n%c = cmpeq 1 1\nassert %c\n";

/// A fresh folder for one test, removed with it.
struct ScratchDir {
  fs::path path;
  explicit ScratchDir(const std::string& name)
      : path(fs::temp_directory_path() / ("uirgrade-suite-write-" + std::to_string(getpid()) + "-" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchDir() { fs::remove_all(path); }
};

/// A suite folder `dir` with a passing test file per stem.
void write_test_files(const fs::path& dir, const std::vector<std::string>& stems) {
  fs::create_directories(dir);
  for (const std::string& stem : stems) std::ofstream(dir / (stem + ".uir")) << kPassingTest;
}

void expect_settings(const TestCase& test, const TestSettings& settings) {
  EXPECT_EQ(test.points, settings.points) << test.name;
  EXPECT_EQ(test.visibility, settings.visibility) << test.name;
  EXPECT_EQ(test.tolerance.rtol, settings.tolerance.rtol) << test.name;
  EXPECT_EQ(test.tolerance.atol, settings.tolerance.atol) << test.name;
  EXPECT_EQ(test.timeout_seconds, settings.timeout_seconds) << test.name;
}

TEST(SuiteWrite, AManifestReadsBackAsWritten) {
  ScratchDir scratch("manifest");
  const fs::path suite = scratch.path / "s";
  // `null` and a name with a blank and a quote are not plain YAML: written quoted, read as named.
  write_test_files(suite, {"as_defaults", "every_key", "null", "say \"hi\""});
  SuiteManifest manifest;
  manifest.heading = "Written by: a test\nof the writer";
  manifest.week = 2;
  manifest.defaults.points = 2;
  manifest.defaults.visibility = Visibility::AfterDueDate;
  manifest.defaults.tolerance = {0.001, 0.5};
  manifest.defaults.timeout_seconds = 3;
  TestSettings every_key;
  every_key.points = 0.25;
  every_key.visibility = Visibility::Hidden;
  every_key.tolerance = {0, 1e-9};
  every_key.timeout_seconds = 0.5;
  every_key.modes = std::vector<Mode>{Mode::Run, Mode::Render};
  TestSettings visible = manifest.defaults;
  visible.visibility = Visibility::Visible;
  manifest.tests = {{"as_defaults", manifest.defaults}, {"every_key", every_key}, {"null", visible},
                    {"say \"hi\"", visible}};
  ASSERT_EQ(write_suite_manifest(suite.string(), manifest), std::nullopt);

  auto loaded = load_suite(suite.string(), "s", 2);
  ASSERT_TRUE(std::holds_alternative<std::vector<TestCase>>(loaded))
      << format_suite_error(std::get<SuiteError>(loaded)) << "\n" << suite_manifest_text(manifest);
  const std::vector<TestCase>& tests = std::get<std::vector<TestCase>>(loaded);
  ASSERT_EQ(tests.size(), 5u);  // every_key in both modes
  EXPECT_EQ(tests[0].name, "s/as_defaults");
  expect_settings(tests[0], manifest.defaults);
  EXPECT_EQ(tests[1].name, "s/every_key");
  EXPECT_EQ(tests[1].mode, Mode::Run);
  expect_settings(tests[1], every_key);
  EXPECT_EQ(tests[2].name, "s/every_key");
  EXPECT_EQ(tests[2].mode, Mode::Render);
  expect_settings(tests[2], every_key);
  EXPECT_EQ(tests[3].name, "s/null");
  expect_settings(tests[3], visible);
  EXPECT_EQ(tests[4].name, "s/say \"hi\"");
  expect_settings(tests[4], visible);
}

TEST(SuiteWrite, AWeekPlanReadsBackAsWritten) {
  ScratchDir scratch("weeks");
  SuiteManifest manifest;
  manifest.week = 1;
  write_test_files(scratch.path / "w1", {"t"});
  ASSERT_EQ(write_suite_manifest((scratch.path / "w1").string(), manifest), std::nullopt);
  manifest.week = 3;
  write_test_files(scratch.path / "week 3", {"t"});
  ASSERT_EQ(write_suite_manifest((scratch.path / "week 3").string(), manifest), std::nullopt);

  WeekPlan plain;  // only its suites: every other key left out, read back as the default
  plain.week = 1;
  plain.suites = {"w1"};
  WeekPlan every_key;
  every_key.week = 3;
  every_key.suites = {"w1", "week 3"};
  every_key.fuzz_counts = {{"valid", 4}, {"invalid", 3}, {"probe", 0}, {"shape", 5}};
  every_key.fuzz_visibility = Visibility::Visible;
  every_key.fuzz_minimized_shown = false;
  every_key.limits.wall_seconds = 7.5;
  every_key.limits.cpu_seconds = 3;
  every_key.limits.memory_bytes = 512ull << 20;
  every_key.limits.stdout_cap_bytes = 3ull << 19;  // 1.5 MiB
  every_key.limits.stderr_cap_bytes = 2ull << 20;
  every_key.limits.file_size_bytes = 5ull << 20;
  every_key.compile_limits.seconds = 4;
  every_key.compile_limits.memory_bytes = 700ull << 20;
  every_key.work_limit = 1.5;
  every_key.work_points = 2;
  // Written with week 3 first: the reader sorts them.
  ASSERT_EQ(write_weeks(scratch.path.string(), "Written by: a test", {every_key, plain}), std::nullopt);

  auto loaded = load_plans(scratch.path.string());
  ASSERT_TRUE(std::holds_alternative<std::vector<WeekPlan>>(loaded))
      << format_suite_error(std::get<SuiteError>(loaded)) << "\n" << weeks_text("", {every_key, plain});
  const std::vector<WeekPlan>& plans = std::get<std::vector<WeekPlan>>(loaded);
  ASSERT_EQ(plans.size(), 2u);
  const WeekPlan defaults;
  EXPECT_EQ(plans[0].week, 1);
  EXPECT_EQ(plans[0].suites, plain.suites);
  EXPECT_TRUE(plans[0].fuzz_counts.empty());
  EXPECT_EQ(plans[0].fuzz_visibility, defaults.fuzz_visibility);
  EXPECT_EQ(plans[0].fuzz_minimized_shown, defaults.fuzz_minimized_shown);
  EXPECT_EQ(plans[0].limits.wall_seconds, defaults.limits.wall_seconds);
  EXPECT_EQ(plans[0].compile_limits.seconds, defaults.compile_limits.seconds);
  EXPECT_FALSE(plans[0].work_limit);

  const WeekPlan& read = plans[1];
  EXPECT_EQ(read.week, 3);
  EXPECT_EQ(read.suites, every_key.suites);
  EXPECT_EQ(read.fuzz_counts, every_key.fuzz_counts);
  EXPECT_EQ(read.fuzz_visibility, every_key.fuzz_visibility);
  EXPECT_EQ(read.fuzz_minimized_shown, every_key.fuzz_minimized_shown);
  EXPECT_EQ(read.limits.wall_seconds, every_key.limits.wall_seconds);
  EXPECT_EQ(read.limits.cpu_seconds, every_key.limits.cpu_seconds);
  EXPECT_EQ(read.limits.memory_bytes, every_key.limits.memory_bytes);
  EXPECT_EQ(read.limits.stdout_cap_bytes, every_key.limits.stdout_cap_bytes);
  EXPECT_EQ(read.limits.stderr_cap_bytes, every_key.limits.stderr_cap_bytes);
  EXPECT_EQ(read.limits.file_size_bytes, every_key.limits.file_size_bytes);
  EXPECT_EQ(read.compile_limits.seconds, every_key.compile_limits.seconds);
  EXPECT_EQ(read.compile_limits.memory_bytes, every_key.compile_limits.memory_bytes);
  EXPECT_EQ(read.work_limit, every_key.work_limit);
  EXPECT_EQ(read.work_points, every_key.work_points);

  // And the week loads whole: both suites' tests, in plan order.
  auto week = load_week(scratch.path.string(), 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(week)) << format_suite_error(std::get<SuiteError>(week));
  ASSERT_EQ(std::get<LoadedWeek>(week).tests.size(), 2u);
  EXPECT_EQ(std::get<LoadedWeek>(week).tests[1].name, "week 3/t");
}

// What `uirgen --kill-mutants` writes, byte for byte (it wrote these by hand before the writer).
TEST(SuiteWrite, TheKillSuitesFiles) {
  SuiteManifest manifest;
  manifest.heading = "Written by: uirgen --kill-mutants --week 3 --seed 1 --candidates 400";
  manifest.week = 3;
  manifest.defaults.visibility = Visibility::Hidden;
  manifest.defaults.tolerance = {0, 0};
  manifest.tests = {{"kill_01", manifest.defaults}, {"kill_02", manifest.defaults}};
  EXPECT_EQ(suite_manifest_text(manifest),
            "# Written by: uirgen --kill-mutants --week 3 --seed 1 --candidates 400\n"
            "week: 3\ndefaults:\n  visibility: hidden\n  rtol: 0\n  atol: 0\ntests:\n  kill_01: {}\n  kill_02: {}\n");
  WeekPlan plan;
  plan.week = 3;
  plan.suites = {"kill"};
  EXPECT_EQ(weeks_text("Written by uirgen --kill-mutants: the kill suite alone.", {plan}),
            "# Written by uirgen --kill-mutants: the kill suite alone.\nweeks:\n  3:\n    suites: [kill]\n");
}

TEST(SuiteWrite, AFolderThatCannotBeWrittenIsAnError) {
  std::optional<std::string> error = write_suite_manifest("/nonexistent/uirgrade/suite", SuiteManifest{});
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("/nonexistent/uirgrade/suite/suite.yaml"), std::string::npos) << *error;
}

}  // namespace
}  // namespace uirgrade
