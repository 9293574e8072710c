// The command line of `grade` (its manual: usage_text.h): parsed into Options, or a UsageError that the CLI
// prints with exit code 2.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sandbox/process.h"
#include "base/shard.h"

namespace uirgrade {

/// The seed when --seed is not given: fixed, so that two runs of the same command grade the same
/// data and the same generated programs (docs/decisions/grader.md).
inline constexpr uint64_t kDefaultSeed = 1;

/// What `grade` does: one student with no command word, otherwise the word after `grade`.
enum class Command {
  Grade,        // grade --week N STUDENT [options]
  Merge,        // grade merge FILE... [--format F [--output FILE]]...  or  grade merge --out DIR CLASSDIR...
  Class,        // grade class --week N SUBMISSIONS [--out DIR] [options]
  CheckSuites,  // grade check-suites [DIR]: the suites against the oracle, no student (was --check-suites)
  Mutants,      // grade mutants [all|NAME,...] --week N: the kill matrix of the mutant catalogue (was --mutants)
  Similarity,   // grade similarity CLASS_DIR: the similarity report of a graded class
  Help,         // grade --help, grade COMMAND --help
};

enum class Format { Text, Json, Junit, Gradescope };

/// One report to write: a format and where (empty path: stdout).
struct ReportOutput {
  Format format = Format::Text;
  std::string path;
};

struct Options {
  Command command = Command::Grade;
  int week = 0;
  std::string student;  // the path as given
  std::string suites_dir;
  bool suites_dir_given = false;  // by --suites or `grade check-suites DIR`; false: the built-in default
  int jobs = 1;
  std::optional<double> timeout_seconds;  // --timeout: caps every timeout, the suites' own too
  std::optional<double> student_budget_seconds;  // --student-budget: wall time for all of a student's tests
  uint64_t seed = kDefaultSeed;
  /// `--seed random`: `seed` was drawn afresh for this run, and is written to instructor-facing
  /// output only (the JSON report, Gradescope's extra_data), so that the generated hidden tests
  /// cannot be recomputed from what a student sees (docs/decisions/grader.md).
  bool seed_is_secret = false;
  std::vector<std::string> only;  // globs over test names; a test runs when it matches any
  int max_failures = 0;           // 0: no limit
  std::vector<ReportOutput> outputs;  // never empty after parsing: text on stdout by default
  std::optional<Shard> shard;
  std::string keep_dir;  // empty: keep nothing
  Sandbox sandbox = Sandbox::Auto;
  int fuzz = 0;          // generated programs instead of the week plan's count (0: the plan's)
  std::vector<std::string> merge_files;
  std::string mutants;       // grade mutants LIST: "all" or a comma-separated list of catalogue names
  std::string mutants_json;  // --json FILE: the kill matrix as JSON (grade mutants)
  // grade class (and grade merge --out of class shards):
  std::string submissions;  // a directory of student folders or a roster CSV
  std::string out_dir;      // where the class's reports, gradebook and state go
  std::string mutant_kills_file;                 // --mutants-json FILE: `grade mutants --json` output
  bool similarity = false;  // --similarity: also the similarity report (class/similarity_report.h)
  std::string handout_dir;  // --handout DIR: the instructor's handout code, not evidence of source similarity
  bool coverage = false;     // --coverage (grade check-suites): also the op and rule coverage table
  bool quiet = false;        // --quiet: no progress on stderr, only problems
  bool last_failed = false;  // --last-failed: only the tests that failed in the last run (state file)
  /// Where the failed tests' names are kept between runs: set by parse_options for a grading run
  /// (.uirgrade/last-failed-week<N>.txt in the working directory); empty: no state is read or kept.
  std::string last_failed_file;
  /// Help: the command whose options to print (`grade class --help`); nullopt: every command.
  std::optional<Command> help_for;
  /// What to tell on stderr before the command runs: an old spelling and its new form.
  std::vector<std::string> notes;
};

/// Where `grade class` writes when no --out is given.
inline constexpr const char* kDefaultClassOut = "class-report";

struct UsageError {
  std::string message;
};

/// Parses the arguments after the program name. `default_jobs` and `default_suites_dir` are what
/// the machine and the build provide.
std::variant<Options, UsageError> parse_options(const std::vector<std::string>& args, int default_jobs,
                                                const std::string& default_suites_dir);

/// Shell-style glob (`*`, `?`, `[...]`) over a whole test name; `*` also crosses `/`.
bool glob_matches(const std::string& pattern, const std::string& name);

std::string_view format_name(Format format);

}  // namespace uirgrade
