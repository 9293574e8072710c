// The commands of the `grade` CLI, on parsed Options: grading a student, merging shard reports,
// checking the suites. grade_main.cc only parses and dispatches; this is what it dispatches to.
#pragma once

#include <iosfwd>

#include "grader/grade.h"
#include "grader/options.h"
#include "grader/report.h"

namespace uirgrade {

/// Exit codes of `grade` (grade --help).
enum GradeExit { kAllPassed = 0, kSomeFailed = 1, kUsageOrSuiteError = 2 };

/// Loads the week, selects (--only, --shard), grades with the real process runner, writes the
/// reports. Progress and problems go to `err`; a text report without --output goes to `out`.
/// `fuzz`: makes the generated programs (the week plan's counts, or --fuzz N); empty: none available.
int run_grade(const Options& options, const FuzzSource& fuzz, std::ostream& out, std::ostream& err);

/// `grade merge`: reads shard JSON reports, merges them, writes the requested reports.
int run_merge(const Options& options, std::ostream& out, std::ostream& err);

/// `grade --check-suites [DIR]`: the suites' self-check (grader/suite_check.h).
int run_check_suites(const Options& options, std::ostream& out);

/// Writes `report` in every requested format (stdout or files); false after printing to `err` when
/// a file cannot be written.
bool write_reports(const Report& report, const std::vector<ReportOutput>& outputs, std::ostream& out,
                   std::ostream& err);

}  // namespace uirgrade
