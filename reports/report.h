// Reports of a grading run: for people (a progress line, failures, a score table) and for CI (JSON,
// JUnit XML, Gradescope results.json), plus `grade merge` of sharded JSON reports.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

#include "grader/result.h"

namespace uirgrade {

struct RunInfo {
  uint64_t seed = 0;
  bool seed_is_secret = false;  // --seed random: the seed only in instructor-facing output
  int week = 0;
  std::string student;    // the path as given
  std::string isolation;  // what the process runner had in force (the reports' first line)
  int shard_index = 0;    // --shard K/N: K (1-based), N; 0/0 when not sharded
  int shard_count = 0;
  double seconds = 0;     // wall time of the whole run
};

struct Report {
  RunInfo info;
  std::vector<TestResult> results;  // sorted by name
};

/// The first line of every report: the isolation the students ran under ("Sandbox: ..."), with the
/// --sandbox none warning when that was it.
std::string sandbox_line(const RunInfo& info);

/// Every test: name, suite, week, mode, verdict, points, time, message (and details).
void write_json(const Report& report, std::ostream& out);
/// Reads what write_json wrote (for `grade merge`); an error message naming the problem otherwise.
std::variant<Report, std::string> read_json(const std::string& text);
/// JUnit XML that CI systems accept (one testsuite per suite, failures with message and details).
void write_junit(const Report& report, std::ostream& out);
/// Gradescope results.json: hidden/after-due-date tests' details withheld as their visibility requires.
void write_gradescope(const Report& report, std::ostream& out);
/// Failures (fresh lines, readable diffs, reproduce commands), then a per-week and per-suite score table.
void write_text(const Report& report, std::ostream& out);
/// Merges shard reports of one run (same seed and week); an error when they don't fit together.
std::variant<Report, std::string> merge_reports(const std::vector<Report>& shards);

/// One status line (done / total, passed, failed, elapsed), overwritten in place on a terminal;
/// on anything else, one plain line per finished test. Failures are printed on fresh lines.
class ProgressPrinter {
 public:
  /// `columns`: the terminal's width; the status line is elided to fit it.
  ProgressPrinter(std::ostream& out, bool is_terminal, int total, size_t columns = 80);
  void test_finished(const TestResult& result);
  void finish();  // clears the status line
 private:
  std::ostream& out_;
  bool is_terminal_;
  int total_;
  int done_ = 0, passed_ = 0, failed_ = 0;
  double start_seconds_ = 0;
  size_t last_width_ = 0;
  size_t columns_ = 80;
};

}  // namespace uirgrade
