// Loading suites: a week's plan (suites/weeks.yaml), each suite's manifest (suite.yaml) and each test
// file's headers (spec §7) become TestCases. Every problem is a SuiteError naming the file and line.
// The same format is written by testcase/suite_write.h: a key read here is written there.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sandbox/process.h"
#include "testcase/case.h"
#include "testcase/case_data.h"
#include "testcase/case_headers.h"
#include "testcase/compile_limits.h"

namespace uirgrade {

/// What a manifest entry, or the suite's `defaults:`, says about a test (suite.yaml).
struct TestSettings {
  double points = 1.0;
  Visibility visibility = Visibility::Visible;
  Tolerance tolerance;                      // `rtol`, `atol`
  std::optional<double> timeout_seconds;    // `timeout`
  std::optional<std::vector<Mode>> modes;   // nullopt: the file's `# render` header decides
};

/// What one week grades (suites/weeks.yaml).
struct WeekPlan {
  int week = 0;
  std::vector<std::string> suites;          // e.g. {"week1", "week2", "week3"}
  std::map<std::string, int> fuzz_counts;   // generated programs per kind (e.g. "valid", "invalid")
  Visibility fuzz_visibility = Visibility::Hidden;  // `fuzz_visibility`: who sees the generated tests
  bool fuzz_minimized_shown = true;  // `fuzz_minimized`: a student sees a non-visible failure's minimised program
  ProcessLimits limits;                     // default limits for the week's student commands
  CompileLimits compile_limits;             // `compile_seconds`, `compile_memory_mb`: compiling a rendered kernel
  /// `work_limit` and `work_points`: the week scores the work of its `# render: work` tests (a
  /// kernel within work_limit times the oracle's instructions earns work_points more). Unset:
  /// work is advisory, reported and worth nothing (grader/work/work_measure.h).
  std::optional<double> work_limit;
  double work_points = 0;
};

struct LoadedWeek {
  WeekPlan plan;
  std::vector<TestCase> tests;  // every suite of the plan, in plan order, files sorted by name
};

/// The tests of suites already loaded, by suite folder name.
using SuiteTests = std::map<std::string, std::vector<TestCase>>;

/// Week `week`'s plan and tests. A suite found in `loaded` is taken from there (the self-check's,
/// so the tests graded are the ones checked); any other is read from its folder.
std::variant<LoadedWeek, SuiteError> load_week(const std::string& suites_dir, int week,
                                               const SuiteTests& loaded = {});
/// Every week's plan in weeks.yaml that loads, and the errors of those that do not.
struct PlansLoad {
  std::vector<WeekPlan> plans;  // in increasing week order
  std::vector<SuiteError> errors;
};
PlansLoad load_plans_fully(const std::string& suites_dir);
/// Every week's plan in weeks.yaml, in increasing week order (the self-check walks them all).
std::variant<std::vector<WeekPlan>, SuiteError> load_plans(const std::string& suites_dir);
/// One suite folder with every problem of it: a manifest entry or a test file that is broken is
/// reported and skipped, the rest still loads (so the self-check reports every mistake in one run).
struct SuiteLoad {
  std::vector<TestCase> tests;      // those that loaded
  std::vector<SuiteError> errors;   // in file order: the manifest's, then each test file's
  std::vector<SuiteError> warnings; // comments that look like misspelt headers
};
SuiteLoad load_suite_fully(const std::string& suite_dir, const std::string& suite_name, int week);
/// One suite folder (its suite.yaml and *.uir files), or its first error.
std::variant<std::vector<TestCase>, SuiteError> load_suite(const std::string& suite_dir,
                                                            const std::string& suite_name, int week);

}  // namespace uirgrade
