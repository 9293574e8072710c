// Loading suites: a week's plan (suites/weeks.yaml), each suite's manifest (suite.yaml) and each test
// file's headers (spec §7) become TestCases. Every problem is a SuiteError naming the file and line.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "grader/process.h"
#include "testcase/test_case.h"
#include "testcase/test_data.h"
#include "testcase/test_headers.h"

namespace uirgrade {

/// What one week grades (suites/weeks.yaml).
struct WeekPlan {
  int week = 0;
  std::vector<std::string> suites;          // e.g. {"week1", "week2", "week3"}
  std::map<std::string, int> fuzz_counts;   // generated programs per kind (e.g. "valid", "invalid")
  ProcessLimits limits;                     // default limits for the week's student commands
};

struct LoadedWeek {
  WeekPlan plan;
  std::vector<TestCase> tests;  // every suite of the plan, in plan order, files sorted by name
};

std::variant<LoadedWeek, SuiteError> load_week(const std::string& suites_dir, int week);
/// Every week's plan in weeks.yaml, in increasing week order (the self-check walks them all).
std::variant<std::vector<WeekPlan>, SuiteError> load_plans(const std::string& suites_dir);
/// One suite folder (its suite.yaml and *.uir files).
std::variant<std::vector<TestCase>, SuiteError> load_suite(const std::string& suite_dir,
                                                            const std::string& suite_name, int week);

}  // namespace uirgrade
