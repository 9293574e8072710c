// The commands of the `grade` CLI, on parsed Options: grading a student, merging shard reports,
// checking the suites. grade_main.cc only parses and dispatches; this is what it dispatches to.
#pragma once

#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <optional>
#include <vector>

#include "grader/grade.h"
#include "cli/options.h"
#include "sandbox/private_paths.h"
#include "reports/report.h"

namespace uirgrade {

/// The run's first line: the seed, or that it is secret (--seed random).
void print_seed(const Options& options, std::string_view command, std::ostream& err);

/// The uid tier's precondition (sandbox/private_paths.h): what the grader reads and writes (the
/// suites, its build directory, the reports and kept cases) and `guarded` are not reachable by a
/// borrowed uid. Returns the refusal, or "" when all is private.
std::string uid_tier_refusal(const Options& options, std::vector<GuardedPath> guarded = {});

/// The width of the terminal on stderr (80 when it is not one), for the progress line.
size_t terminal_columns();

/// Exit codes of `grade` (grade --help).
enum GradeExit { kAllPassed = 0, kSomeFailed = 1, kUsageOrSuiteError = 2 };

/// The tests of a run: the week's suites, the generated programs, narrowed by --only (not by
/// --shard); and the week's default limits.
struct WeekTests {
  std::vector<TestCase> tests;
  ProcessLimits limits;
  CompileLimits compile_limits;
};

/// Loads the week's suites (refusing suites whose headers disagree with the oracle) and generated
/// programs, and applies --only; nullopt after printing the problem to `err`.
std::optional<WeekTests> load_tests(const Options& options, const FuzzSource& fuzz, std::ostream& err);

/// What every student of a run shares: week, seed, jobs, limits, sandbox, timeout, minimising.
GradeConfig shared_config(const Options& options, const ProcessLimits& limits);

/// Loads the week, selects (--only, --shard), grades with the real process runner, writes the
/// reports. Progress and problems go to `err`; a text report without --output goes to `out`.
/// `fuzz`: makes the generated programs (the week plan's counts, or --fuzz N); empty: none available.
int run_grade(const Options& options, const FuzzSource& fuzz, std::ostream& out, std::ostream& err);

/// `grade merge`: reads shard JSON reports, merges them, writes the requested reports.
int run_merge(const Options& options, std::ostream& out, std::ostream& err);

/// `grade check-suites [DIR]`: the suites' self-check (grader/suite_check.h).
int run_check_suites(const Options& options, std::ostream& out);

/// Writes `report` in every requested format (stdout or files); false after printing to `err` when
/// a file cannot be written.
bool write_reports(const Report& report, const std::vector<ReportOutput>& outputs, std::ostream& out,
                   std::ostream& err);

}  // namespace uirgrade
