// Test helpers for the report tests: a report with every verdict, student text full of odd bytes,
// and hidden / after-due-date tests whose text carries marker strings, plus a way to run python3 as
// an independent checker of the JSON and XML we write.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "reports/report.h"
#include "reports/report_names.h"

namespace uirgrade::report_fixture {

// Planted in the message and details of hidden / after-due-date tests: must never reach a place
// students see.
inline constexpr const char* kHiddenMarker = "HIDDEN-PROGRAM-7f3a";
inline constexpr const char* kHiddenMessageMarker = "HIDDEN-MESSAGE-c41d";
inline constexpr const char* kAfterDueMarker = "AFTER-DUE-DATA-92be";

// Student bytes that every writer must survive.
inline const std::string kOddText = std::string("quote \" apostrophe ' lt < gt > amp & ]]>\n") + "NUL [" +
                                    std::string(1, '\0') + "] bell \a CR \r tab \t\n" +
                                    "ANSI \x1b[31mred\x1b[0m C1 \xc2\x9b DEL \x7f\n" +
                                    "invalid \xff\xfe \xc3\x28 \xed\xa0\x80 truncated \xe2\x82";

inline TestResult make_result(std::string name, Verdict verdict, double points, double max_points) {
  TestResult result;
  result.suite = name.substr(0, name.find('/'));
  result.name = std::move(name);
  result.week = result.suite == "week1" ? 1 : result.suite == "week2" ? 2 : 3;
  result.verdict = verdict;
  result.points = points;
  result.max_points = max_points;
  result.seconds = 0.25;
  if (verdict != Verdict::Pass) {
    result.message = "what happened in " + result.name;
    result.details = "expected: 1 2 3\n     got: 1 2 4\n";
    result.reproduce = "grade --week 3 --seed 42 --only " + result.name + " ./student-uirc";
  }
  return result;
}

/// 17 tests in suites week1, week2, week3 and fuzz: every verdict at least once, one test full of odd
/// bytes (in its name too), one file graded in both modes, two hidden tests and one after-due-date
/// test. Sorted by name, then mode. Weeks: week1 (2 tests, 1 passed, 1.5/3 points), week2 (3 tests,
/// 1 passed, 1/3), week3 + fuzz (12 tests, 3 passed, 3.5/14). In all: 17 tests, 5 passed, 6/20.
inline Report sample_report() {
  Report report;
  report.info.seed = 18446744073709551557ull;  // above 2^53: must survive JSON exactly
  report.info.week = 3;
  report.info.student = "/home/s\"tudent/uirc <1>";
  report.info.isolation = "rlimits, uid 65534";
  report.info.seconds = 12.5;

  std::vector<TestResult>& r = report.results;
  r.push_back(make_result("week1/add", Verdict::Pass, 1.5, 1.5));
  r.push_back(make_result("week1/odd \"<&>\" é", Verdict::WrongExit, 0, 1.5));
  r.back().message = kOddText;
  r.back().details = kOddText;
  r.back().reproduce = kOddText;
  r.push_back(make_result("week2/buffer", Verdict::WrongBuffer, 0, 1));
  r.push_back(make_result("week2/buffer", Verdict::Pass, 1, 1));  // the same file, graded in both modes
  r.back().mode = Mode::Render;
  r.push_back(make_result("week2/malformed", Verdict::MalformedOutput, 0, 1));
  r.push_back(make_result("week3/timeout", Verdict::Timeout, 0, 1));
  r.back().visibility = Visibility::AfterDueDate;
  r.back().message = std::string("timed out on ") + kAfterDueMarker;
  r.back().details = std::string("# data 0: 1 2 3 ") + kAfterDueMarker;
  r.push_back(make_result("week3/crash", Verdict::Crash, 0, 1));
  r.push_back(make_result("week3/memory", Verdict::MemoryLimit, 0, 1));
  r.push_back(make_result("week3/output", Verdict::OutputLimit, 0, 1));
  r.push_back(make_result("week3/render_cc", Verdict::CompileError, 0, 1));
  r.push_back(make_result("week3/render_ubsan", Verdict::SanitizerError, 0, 1));
  r.push_back(make_result("week3/render_loops", Verdict::ForbiddenConstruct, 0, 1));
  r.push_back(make_result("week3/internal", Verdict::InternalError, 0, 1));
  r.push_back(make_result("week3/hidden_fail", Verdict::WrongBuffer, 0, 2));
  r.back().visibility = Visibility::Hidden;
  r.back().message = std::string("slot 0 differs ") + kHiddenMessageMarker;
  r.back().details = std::string("%b = buffer 4 dtype=i32 slot=0  # ") + kHiddenMarker;
  r.push_back(make_result("week3/hidden_pass", Verdict::Pass, 1, 1));
  r.back().visibility = Visibility::Hidden;
  r.back().details = kHiddenMarker;  // a pass with details: must stay hidden as well
  r.push_back(make_result("fuzz/1", Verdict::Pass, 1, 1));
  r.push_back(make_result("fuzz/2", Verdict::Pass, 1.5, 2));  // partial credit, still a pass
  for (TestResult& result : r) {
    if (result.name.find("render") != std::string::npos) result.mode = Mode::Render;
  }
  std::sort(r.begin(), r.end(), result_order);
  return report;
}

inline void expect_same_result(const TestResult& actual, const TestResult& expected) {
  SCOPED_TRACE(expected.name);
  EXPECT_EQ(actual.name, expected.name);
  EXPECT_EQ(actual.suite, expected.suite);
  EXPECT_EQ(actual.week, expected.week);
  EXPECT_EQ(actual.mode, expected.mode);
  EXPECT_EQ(actual.visibility, expected.visibility);
  EXPECT_EQ(actual.verdict, expected.verdict);
  EXPECT_EQ(actual.points, expected.points);
  EXPECT_EQ(actual.max_points, expected.max_points);
  EXPECT_EQ(actual.seconds, expected.seconds);
  EXPECT_EQ(actual.message, expected.message);
  EXPECT_EQ(actual.details, expected.details);
  EXPECT_EQ(actual.reproduce, expected.reproduce);
  EXPECT_EQ(actual.minimized_shown, expected.minimized_shown);
}

/// What one report writer (write_text, write_json, write_junit, write_gradescope) writes for `report`.
inline std::string written_by(void (*write)(const Report&, std::ostream&), const Report& report) {
  std::ostringstream out;
  write(report, out);
  return out.str();
}

/// Writes `content` to a fresh temporary file and returns its path.
inline std::string write_temp_file(const std::string& content) {
  char path[] = "/tmp/uirgrade_report_XXXXXX";
  const int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  close(fd);
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

inline bool have_python3() { return std::system("python3 -c 0 >/dev/null 2>&1") == 0; }

/// Runs `python3 -c script file` and returns its stdout; *exit_code gets its exit status.
inline std::string run_python(const std::string& script, const std::string& file, int* exit_code) {
  const std::string script_path = write_temp_file(script);
  const std::string command = "python3 " + script_path + " " + file + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  *exit_code = pclose(pipe);
  std::remove(script_path.c_str());
  return output;
}

}  // namespace uirgrade::report_fixture
