// `grade` from options to exit code. The order matters for people reading a CI log: the seed is
// printed before anything else, suite problems (load errors, headers the oracle disagrees with)
// stop the run before any student process starts, and the report is written even when tests failed.
#include "cli/grade_command.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <variant>

#include <fmt/format.h>

#include "base/shard.h"
#include "cli/suites_folder.h"
#include "generators/case_minimize.h"
#include "grader/feedback/display_text.h"
#include "base/file_text.h"
#include "grader/feedback/last_failed.h"
#include "sandbox/private_paths.h"
#include "reports/plural.h"
#include "reports/report_names.h"
#include "reports/report_totals.h"
#include "testcase/suite.h"
#include "grader/student_prepare.h"
#include "grader/suite_check.h"
#include "sandbox/sandbox.h"
#include "sandbox/stop_signal.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

bool matches_any(const std::vector<std::string>& globs, const std::string& name) {
  return std::any_of(globs.begin(), globs.end(), [&](const std::string& glob) { return glob_matches(glob, name); });
}

/// The exit code's question, answered by the same count the reports print as "failed".
bool every_test_passed(const Report& report) { return add_up(report.results).failed() == 0; }

bool is_default_suites_dir(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::equivalent(dir, UIRGRADE_SOURCE_DIR "/suites", ec);
}

/// Gradescope's /autograder (UIRGRADE_AUTOGRADER, as in run_autograder, stands for it in tests):
/// beside the student's own submission it holds the course's files, results.json and
/// submission_metadata.json, every earlier submission's full results with the hidden tests'. Others
/// may search the directory (the namespaces tier reaches the submission by its path) but not list
/// or write it, nor read anything in it but the submission.
std::vector<GuardedPath> gradescope_paths() {
  const char* set = std::getenv("UIRGRADE_AUTOGRADER");
  const std::filesystem::path autograder = set && *set ? set : "/autograder";
  std::error_code ec;
  if (!std::filesystem::is_directory(autograder, ec)) return {};
  std::vector<GuardedPath> guarded = {{autograder.string(), "Gradescope's autograder directory", false}};
  for (const auto& entry : std::filesystem::directory_iterator(autograder, ec))
    if (entry.path().filename() != "submission")
      guarded.push_back({entry.path().string(), "Gradescope's autograder directory"});
  return guarded;
}

}  // namespace

std::string uid_tier_refusal(const Options& options, std::vector<GuardedPath> guarded) {
  for (GuardedPath& path : gradescope_paths()) guarded.push_back(std::move(path));
  guarded.push_back({options.suites_dir, "the suites"});
  std::error_code ec;
  std::filesystem::path grader = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) guarded.push_back({grader.parent_path().string(), "the grader's build directory"});
  for (const ReportOutput& output : options.outputs)
    if (!output.path.empty()) guarded.push_back({std::filesystem::absolute(output.path, ec).string(), "a report"});
  if (!options.keep_dir.empty())
    guarded.push_back({std::filesystem::absolute(options.keep_dir, ec).string(), "the kept cases"});
  std::string error;
  std::optional<UidLease> lease = UidLease::claim(&error);
  if (!lease) return "no uid to check the grader's paths with: " + error;
  std::optional<Exposure> exposed = find_exposed_path(guarded, lease->uid(), lease->gid());
  return exposed ? exposure_message(*exposed, lease->uid()) : "";
}

void print_seed(const Options& options, std::string_view command, std::ostream& err) {
  if (options.seed_is_secret)
    err << command << ": seed drawn at random, written to the JSON report (\"seed\") and Gradescope's extra_data only\n";
  else
    err << fmt::format("{}: seed {} (rerun with --seed {} to grade the same data)\n", command, options.seed, options.seed);
  std::istringstream suites(suites_folder_lines(options));
  for (std::string line; std::getline(suites, line);) err << command << ": " << line << '\n';
}

/// Week `options.week` is not in weeks.yaml: which weeks are, instead of "the suites have problems".
std::string missing_week_message(const Options& options) {
  PlansLoad plans = load_plans_fully(options.suites_dir);
  if (!plans.errors.empty()) return "";
  std::string weeks;
  for (const WeekPlan& plan : plans.plans) {
    if (plan.week == options.week) return "";
    weeks += (weeks.empty() ? "" : ", ") + std::to_string(plan.week);
  }
  return fmt::format("week {} does not exist in {}/weeks.yaml (weeks there: {}); choose one with --week N, "
                     "or add week {} to weeks.yaml",
                     options.week, printable_line(options.suites_dir), weeks.empty() ? "none" : weeks, options.week);
}

size_t terminal_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

bool write_reports(const Report& report, const std::vector<ReportOutput>& outputs, std::ostream& out,
                   std::ostream& err) {
  bool ok = true;
  for (const ReportOutput& output : outputs) {
    std::ostringstream text;
    switch (output.format) {
      case Format::Text: write_text(report, text); break;
      case Format::Json: write_json(report, text); break;
      case Format::Junit: write_junit(report, text); break;
      case Format::Gradescope: write_gradescope(report, text); break;
    }
    if (output.path.empty()) {
      out << text.str() << std::flush;
      continue;
    }
    std::ofstream file(output.path, std::ios::binary);
    file << text.str();
    file.close();
    if (!file) {
      err << fmt::format("grade: cannot write the {} report to {}\n", format_name(output.format), output.path);
      ok = false;
    }
  }
  return ok;
}

std::optional<WeekTests> load_tests(const Options& options, const FuzzSource& fuzz, std::ostream& err) {
  // Spec §7: a suite whose headers disagree with the oracle is itself wrong, and the grader says
  // so before grading anyone; every problem at once. The check is in-process and takes milliseconds.
  if (std::string missing = missing_week_message(options); !missing.empty()) {
    err << "grade: " << missing << '\n';
    return std::nullopt;
  }
  std::ostringstream check_output;
  SuiteTests checked;
  int problems = check_suites(options.suites_dir, check_output, {}, false, &checked);
  auto loaded = load_week(options.suites_dir, options.week, checked);
  if (problems > 0 || std::holds_alternative<SuiteError>(loaded)) {
    err << check_output.str();
    if (auto* error = std::get_if<SuiteError>(&loaded); error && problems == 0) err << format_suite_error(*error) << '\n';
    err << fmt::format("grade: the suites in {} have problems (listed above): fix them before grading\n",
                       options.suites_dir);
    return std::nullopt;
  }
  LoadedWeek week = std::move(std::get<LoadedWeek>(loaded));
  std::vector<TestCase> tests = std::move(week.tests);

  // Generated programs: the week plan's counts, or --fuzz N (three valid for one invalid).
  std::map<std::string, int> fuzz_counts = week.plan.fuzz_counts;
  if (options.fuzz > 0) fuzz_counts = {{"valid", options.fuzz - options.fuzz / 4}, {"invalid", options.fuzz / 4}};
  int fuzz_total = 0;
  for (const auto& [kind, count] : fuzz_counts) fuzz_total += count;
  if (fuzz_total > 0 && !fuzz) {
    if (options.fuzz > 0) {
      err << "grade: --fuzz: this build has no generators\n";
      return std::nullopt;
    }
    err << fmt::format("grade: note: week {} plans {} generated programs; this build has no generators, "
                       "so only the suites are graded\n",
                       options.week, fuzz_total);
  } else if (fuzz_total > 0) {
    auto generated = fuzz(fuzz_counts, options.seed, options.week);
    if (auto* error = std::get_if<std::string>(&generated)) {
      err << "grade: generated programs: " << *error << '\n';
      return std::nullopt;
    }
    for (TestCase& test : std::get<std::vector<TestCase>>(generated)) {
      test.visibility = week.plan.fuzz_visibility;  // the week's choice, not the generator's default
      test.minimized_shown = week.plan.fuzz_minimized_shown;
      tests.push_back(std::move(test));
    }
  }

  if (!options.only.empty()) {
    // Names are SUITE/TEST: `--only accumulator` means week3/accumulator, which the hint says.
    std::vector<std::string> hints;
    for (const std::string& pattern : options.only)
      if (pattern.find('/') == std::string::npos)
        for (const TestCase& test : tests)
          if (matches_any({"*/" + pattern}, test.name) && hints.size() < 5) hints.push_back(test.name);
    std::erase_if(tests, [&](const TestCase& test) { return !matches_any(options.only, test.name); });
    if (tests.empty()) {
      err << fmt::format("grade: no test of week {} matches --only {}{}\n", options.week, fmt::join(options.only, " "),
                         hints.empty() ? std::string("; test names are SUITE/TEST, e.g. week3/accumulator or 'week3/*'")
                                       : fmt::format("; test names are SUITE/TEST: did you mean --only {}?",
                                                     fmt::join(hints, " ")));
      return std::nullopt;
    }
  }
  return WeekTests{std::move(tests), week.plan.limits, week.plan.compile_limits};
}


GradeConfig shared_config(const Options& options, const ProcessLimits& limits) {
  GradeConfig config;
  config.week = options.week;
  config.seed = options.seed;
  config.seed_is_secret = options.seed_is_secret;
  config.jobs = options.jobs;
  config.timeout_seconds = options.timeout_seconds;
  config.limits = limits;
  config.max_failures = options.max_failures;
  if (!is_default_suites_dir(options.suites_dir)) config.suites_arg = options.suites_dir;
  config.fuzz_count = options.fuzz;
  // Each minimisation may run the student a few hundred times: bounded in attempts and wall time.
  config.minimize = [seed = options.seed](const TestCase& failing,
                                          const std::function<bool(const TestCase&)>& still_fails, double max_seconds) {
    uirgen::MinimizeLimits budget = uirgen::kGradeMinimizeLimits;
    budget.max_seconds = std::min(budget.max_seconds, max_seconds);
    return uirgen::minimize_generated_test(failing, still_fails, seed, budget, nullptr, "grade");
  };
  return config;
}

namespace {

/// The tests that failed in the last run (--last-failed's state file); none without one.
std::set<std::string> failed_last_time(const Options& options) {
  if (options.last_failed_file.empty()) return {};
  return read_last_failed(options.last_failed_file).value_or(std::set<std::string>{});
}

/// The week's tests narrowed by --last-failed (when any failed last time) and --shard.
std::vector<TestCase> select_tests(const Options& options, std::vector<TestCase> tests,
                                   const std::set<std::string>& failed_before, std::ostream& progress_out,
                                   std::ostream& err) {
  if (options.last_failed) {
    if (failed_before.empty()) {
      err << "grade: --last-failed: no test failed in the last run; grading them all\n";
    } else {
      std::erase_if(tests, [&](const TestCase& test) { return !failed_before.contains(test.name); });
      progress_out << fmt::format("grade: --last-failed: {} failed in the last run\n", count_of(failed_before.size(), "test"));
    }
  }
  if (options.shard)
    tests = deal_shard(std::move(tests), *options.shard, [](const TestCase& test) { return test.name; });
  return tests;
}

/// The runner of --sandbox, said on `progress_out`, with the uid tier's check of the grader's own
/// paths; nullptr after saying on `err` why the run cannot go on.
std::unique_ptr<ProcessRunner> start_sandbox(const Options& options, std::ostream& progress_out, std::ostream& err) {
  std::string error;
  std::unique_ptr<ProcessRunner> runner = make_process_runner(options.sandbox, &error);
  if (!runner) {
    err << "grade: cannot isolate student processes: " << error << '\n';
    return nullptr;
  }
  progress_out << "grade: sandbox: " << runner->isolation() << '\n';
  if (runner->tier() == Tier::Uid) {
    if (std::string refusal = uid_tier_refusal(options); !refusal.empty()) {
      err << "grade: " << refusal << '\n';
      return nullptr;
    }
  }
  return runner;
}

/// The student built or copied for the runner's tier (grader/student_prepare.h), or the exit status
/// of a run that cannot go on: stopped during the build, or a failure of ours. A build the student
/// got wrong is graded: every test says so.
std::variant<PreparedStudent, int> prepare_for_grade(const HandedIn& handed_in, ProcessRunner& runner,
                                                     std::ostream& progress_out, std::ostream& err) {
  PreparedStudent prepared = prepare_student(
      handed_in, runner, runner.tier() == Tier::Uid ? SubmissionCopyFor::EveryUid : SubmissionCopyFor::Nobody);
  const bool built = !prepared.build_line().empty();
  if (built && stop_requested()) return stopped_exit_status(stop_signal());  // the build was stopped, not failed
  if (built) progress_out << "grade: " << prepared.build_line() << '\n';
  if (prepared.status() == PrepareStatus::InternalError) {
    err << "grade: " << prepared.reason() << '\n';
    return kUsageOrSuiteError;
  }
  return prepared;
}

/// The config of `grade STUDENT`: what every run shares, the week's compile limits, the prepared
/// student, its time budget counted from `start`, and --keep.
GradeConfig student_config(const Options& options, const WeekTests& week, const PreparedStudent& student,
                           std::chrono::steady_clock::time_point start) {
  GradeConfig config = shared_config(options, week.limits);
  config.compile_limits = week.compile_limits;
  config.student = options.student;
  student.apply_to(config);
  if (options.student_budget_seconds)
    config.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(*options.student_budget_seconds));
  config.keep_dir = options.keep_dir;
  return config;
}

/// Grades `tests` with the progress line on `progress_out` (overwritten on a terminal), then says on
/// `err` which tests were not run and why.
GradeRun grade_with_progress(const std::vector<TestCase>& tests, const GradeConfig& config, ProcessRunner& runner,
                             const Options& options, std::ostream& progress_out, std::ostream& err) {
  CCompiler compiler(runner, config.limits.memory_bytes >> 20);
  progress_out << fmt::format("grade: week {}, {}{}, {} jobs\n", options.week, count_of(tests.size(), "test"),
                              options.shard ? fmt::format(" (shard {}/{})", options.shard->index, options.shard->count)
                                            : "",
                              options.jobs);
  ProgressPrinter progress(progress_out, !options.quiet && isatty(STDERR_FILENO) != 0,
                           static_cast<int>(tests.size()), terminal_columns());
  GradeRun graded = grade_tests(tests, config, runner, compiler,
                                [&](const TestResult& result) { progress.test_finished(result); });
  progress.finish();
  if (graded.not_run > 0)
    err << fmt::format("grade: {} not run (failed, marked \"not run\" in the report): {}\n", count_of(graded.not_run, "test"),
                       describe_run_stop(graded.stopped_by, config.max_failures));
  return graded;
}

/// --last-failed's state for the next run: what failed now, and what failed before and was not run.
void save_last_failed(const Options& options, const std::set<std::string>& failed_before,
                      const std::vector<TestResult>& results, std::ostream& err) {
  if (options.last_failed_file.empty()) return;
  if (auto error = write_last_failed(options.last_failed_file, next_last_failed(failed_before, results)))
    err << "grade: note: --last-failed state not saved: " << *error << '\n';
}

/// The run's report: its facts (seed, week, student, isolation, shard, time since `start`) and the
/// results in report order.
Report grade_report(const Options& options, const std::string& isolation, std::chrono::steady_clock::time_point start,
                    std::vector<TestResult> results) {
  Report report;
  report.info.seed = options.seed;
  report.info.seed_is_secret = options.seed_is_secret;
  report.info.week = options.week;
  report.info.student = options.student;
  report.info.isolation = isolation;
  if (options.shard) {
    report.info.shard_index = options.shard->index;
    report.info.shard_count = options.shard->count;
  }
  report.info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.results = std::move(results);
  std::sort(report.results.begin(), report.results.end(), result_order);
  return report;
}

}  // namespace

int run_grade(const Options& options, const FuzzSource& fuzz, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  std::ostringstream discarded;
  std::ostream& progress_out = options.quiet ? discarded : err;  // --quiet: problems only
  print_seed(options, "grade", progress_out);
  std::optional<WeekTests> week = load_tests(options, fuzz, err);
  if (!week) return kUsageOrSuiteError;
  if (stop_requested()) return stopped_exit_status(stop_signal());  // nothing made yet
  const std::set<std::string> failed_before = failed_last_time(options);
  const std::vector<TestCase> tests = select_tests(options, std::move(week->tests), failed_before, progress_out, err);
  const HandedIn handed_in = handed_in_on_command_line(options.student);
  if (std::optional<StudentProblem> problem = handed_in_problem(handed_in)) {
    err << "grade: " << problem->reason << '\n';
    return kUsageOrSuiteError;
  }
  std::unique_ptr<ProcessRunner> runner = start_sandbox(options, progress_out, err);
  if (!runner) return kUsageOrSuiteError;
  std::variant<PreparedStudent, int> prepared = prepare_for_grade(handed_in, *runner, progress_out, err);
  if (const int* exit_status = std::get_if<int>(&prepared)) return *exit_status;
  const GradeConfig config = student_config(options, *week, std::get<PreparedStudent>(prepared), start);
  GradeRun graded = grade_with_progress(tests, config, *runner, options, progress_out, err);
  save_last_failed(options, failed_before, graded.results, err);
  Report report = grade_report(options, runner->isolation(), start, std::move(graded.results));
  if (!write_reports(report, options.outputs, out, err)) return kUsageOrSuiteError;
  // Stopped: the reports say which tests were not run and why; the exit status says it was stopped.
  // What the run made (run directories, the student's copy or build) goes with the objects that
  // own them as this returns (the compiler's as the grading ends).
  if (graded.stopped_by == RunStop::Stopped) return stopped_exit_status(stop_signal());
  return graded.not_run == 0 && every_test_passed(report) ? kAllPassed : kSomeFailed;
}

int run_merge(const Options& options, std::ostream& out, std::ostream& err) {
  std::vector<Report> shards;
  for (const std::string& path : options.merge_files) {
    std::optional<std::string> text = read_file_text(path);
    if (!text) {
      err << fmt::format("grade merge: cannot read {}\n", path);
      return kUsageOrSuiteError;
    }
    auto report = read_json(*text);
    if (auto* error = std::get_if<std::string>(&report)) {
      err << fmt::format("grade merge: {}: {}\n", path, *error);
      return kUsageOrSuiteError;
    }
    shards.push_back(std::move(std::get<Report>(report)));
  }
  auto merged = merge_reports(shards);
  if (auto* error = std::get_if<std::string>(&merged)) {
    err << "grade merge: " << *error << '\n';
    return kUsageOrSuiteError;
  }
  const Report& report = std::get<Report>(merged);
  err << fmt::format("grade merge: seed {}, {} shards, {} tests\n", report.info.seed, shards.size(),
                     report.results.size());
  if (!write_reports(report, options.outputs, out, err)) return kUsageOrSuiteError;
  return every_test_passed(report) ? kAllPassed : kSomeFailed;
}

int run_check_suites(const Options& options, std::ostream& out) {
  out << suites_folder_lines(options);
  return check_suites(options.suites_dir, out, {}, options.coverage) == 0 ? kAllPassed : kUsageOrSuiteError;
}

}  // namespace uirgrade
