// One graded test as the loader (testcase/suite.cc) makes it from a suite's manifest and a .uir file's
// headers (spec §7), and as the grader runs it. Generated programs (fuzz/<n>) become TestCases too.
// The test-case layer (testcase/) sits on the oracle and below both the generators and the grader.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data.h"

namespace uirgrade {

enum class Mode { Run, Render };
enum class Visibility { Visible, AfterDueDate, Hidden };

/// The spellings of a manifest (suite.yaml), which the reports and Gradescope use too.
std::string_view mode_name(Mode mode);  // "run", "render"
std::optional<Mode> mode_from_name(std::string_view name);
std::string_view visibility_name(Visibility visibility);  // "visible", "after_due_date", "hidden"
std::optional<Visibility> visibility_from_name(std::string_view name);

/// A `# data S:` header.
struct DataSpec {
  enum class Kind { Explicit, Random, RandomRange, Zeros, Iota };
  Kind kind = Kind::Random;
  std::vector<std::string> values;  // Explicit: the values as written
  double lo = 0, hi = 0;            // RandomRange
  int line = 0;                     // the header's line
};

struct Tolerance {
  double rtol = 1e-5;
  double atol = 1e-6;
};

/// A problem in a suite or test file: the file, its line (0: the file as a whole) and a message.
struct SuiteError {
  std::string file;
  int line = 0;
  std::string message;
};
/// "FILE:LINE: suite error: message"
std::string format_suite_error(const SuiteError& error);
/// "FILE:LINE: warning: message" (a SuiteError used for a warning, such as a misspelt header)
std::string format_suite_warning(const SuiteError& warning);

struct TestCase {
  std::string name;   // "week3/accumulator", "fuzz/17"
  std::string suite;  // "week3"
  int week = 0;       // the week whose suite it belongs to
  std::string path;   // the .uir file (empty for generated programs held in memory)
  std::string source; // the program text
  Mode mode = Mode::Run;  // a file with `# render` is a render test
  int expect_exit = 0;    // `# expect: exit N`
  std::optional<int> expect_assert_line;         // `# expect assert: L`
  std::optional<std::string> expect_error_rule;  // `# error: E-...`
  std::map<int, std::vector<std::string>> expect_slots;  // `# expect S: ...` (values as written)
  std::map<int, DataSpec> data;                  // `# data S: ...`; slots without one are Random
  std::optional<std::vector<int>> check_slots;   // `# check: ...`; nullopt: all slots
  std::optional<int> render_loops;               // `# render: loops=N`
  bool render_work = false;                      // `# render: work`: the kernel's work is counted (grader/work/work_counter.h)
  /// From the week's plan (weeks.yaml `work_limit`, `work_points`): a work test whose kernel may
  /// execute at most this many times the oracle's instructions to earn `work_points` more. Unset:
  /// work is advisory (reported, worth nothing).
  std::optional<double> work_limit;
  double work_points = 0;
  /// The line of each header, keyed by its name as written without the colon and with the slot in
  /// decimal: "expect", "expect assert", "expect 1", "data 0", "check", "error", "render". For
  /// messages that point at the header a check disagrees with (grader/suite_check.h).
  std::map<std::string, int> header_lines;
  /// The free text of the leading comment block (every comment line before the first statement
  /// that is not a header), lines joined by '\n': what the test is about, shown with its failures.
  std::string description;
  std::string about;  // `# about: ...`: the spec section or book pitfall the test is about
  // From the manifest:
  double points = 1.0;
  Visibility visibility = Visibility::Visible;
  /// A generated test the student cannot see: whether the student still sees the minimised program of
  /// its failure (weeks.yaml `fuzz_minimized`). The instructor's reports always hold it.
  bool minimized_shown = true;
  Tolerance tolerance;
  std::optional<double> timeout_seconds;
};

/// Whether grading `test` counts its kernel's work (a render test marked `# render: work`).
inline bool counts_work(const TestCase& test) { return test.mode == Mode::Render && test.render_work; }

}  // namespace uirgrade
