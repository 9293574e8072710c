#include "cli/class_command.h"

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "class/class_work.h"
#include "class/class_grading.h"
#include "class/class_report_html.h"
#include "reports/plural.h"
#include "reports/report_names.h"
#include "base/file_text.h"
#include "grader/feedback/display_text.h"
#include "cli/grade_command.h"
#include "cli/similarity_command.h"
#include "cli/suites_folder.h"
#include "class/gradebook_csv.h"
#include "class/similarity_evidence.h"
#include "sandbox/private_paths.h"
#include "sandbox/stop_signal.h"
#include "reports/report_totals.h"

namespace uirgrade {
namespace {

/// Writes `text` to OUT/name; false after saying so on `err`.
bool write_output(const std::string& out_dir, const std::string& name, const std::string& text, std::ostream& err) {
  std::filesystem::path path = std::filesystem::path(out_dir) / name;
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file) err << fmt::format("grade class: cannot write {}\n", path.string());
  return static_cast<bool>(file);
}

/// The gradebook and the class report of `run` (each student's own reports were written with its
/// state, class/class_state.h).
int write_class_outputs(const ClassRun& run, const Options& options, std::ostream& err, CommandRunner* runner) {
  std::vector<MutantKills> mutants;
  if (!options.mutant_kills_file.empty()) {
    std::optional<std::string> text = read_file_text(options.mutant_kills_file);
    auto parsed = parse_mutants_json(text.value_or(""));
    if (!text || std::holds_alternative<std::string>(parsed)) {
      err << fmt::format("grade class: --mutants-json {}: {}\n", options.mutant_kills_file,
                         text ? std::get<std::string>(parsed) : "cannot read");
      return kUsageOrSuiteError;
    }
    mutants = std::get<std::vector<MutantKills>>(std::move(parsed));
  }
  // A similarity report that cannot be made (it says why) leaves the grades' outputs to be written.
  std::optional<std::string> similarity_section;
  if (options.similarity)
    similarity_section = write_similarity_outputs(run, options.out_dir, err, runner, options.handout_dir);
  std::ostringstream gradebook, html;
  write_gradebook(run, gradebook);
  write_class_report(run, mutants, html, similarity_section.value_or(""));
  bool ok = write_output(options.out_dir, "gradebook.csv", gradebook.str(), err) &&
            write_output(options.out_dir, "class.html", html.str(), err) &&
            (!options.similarity || similarity_section);
  if (auto error = save_class_manifest(options.out_dir, run)) {
    err << "grade class: " << *error << '\n';
    ok = false;
  }
  for (const WorkDistribution& work : work_distributions(run))
    err << fmt::format("grade class: work of {}: {}\n", work.test, describe_distribution(work));
  err << fmt::format("grade class: {}{}; {}/gradebook.csv, {}/class.html\n", count_of(run.students.size(), "student"),
                     run.incomplete.empty() ? "" : " (incomplete: " + run.incomplete + ")", options.out_dir,
                     options.out_dir);
  return ok ? kAllPassed : kUsageOrSuiteError;
}

/// What the uid tier must keep from every borrowed uid in a class run, besides the grader's own
/// paths: the submissions' originals (each student is shown a private copy of its own only) and
/// the class's outputs (every student's report).
std::vector<GuardedPath> class_paths(const Options& options, const std::vector<Submission>& students) {
  std::error_code ec;
  auto absolute = [&ec](const std::string& path) { return std::filesystem::absolute(path, ec).string(); };
  std::vector<GuardedPath> guarded = {{absolute(options.submissions), "the submissions"},
                                      {absolute(options.out_dir), "the class's outputs"}};
  if (!std::filesystem::is_directory(options.submissions, ec))  // a roster CSV names folders anywhere
    for (const Submission& student : students)
      guarded.push_back({absolute(student.folder.empty() ? student.compiler : student.folder), "a submission"});
  return guarded;
}

/// Why `options.out_dir` cannot hold this class's outputs: inside (or equal to) a submissions
/// folder, the next run would take the report folder for a student (or a student's files for
/// the report). "" when it is fine. Compared on canonical paths, so `subs/./x/..` counts too.
std::string out_inside_submissions(const Options& options) {
  std::error_code ec;
  if (!std::filesystem::is_directory(options.submissions, ec)) return "";  // a roster CSV names its folders
  std::filesystem::path subs = std::filesystem::weakly_canonical(std::filesystem::absolute(options.submissions), ec);
  std::filesystem::path out = std::filesystem::weakly_canonical(std::filesystem::absolute(options.out_dir), ec);
  if (ec) return "";
  auto [end_of_subs, rest] = std::mismatch(subs.begin(), subs.end(), out.begin(), out.end());
  if (end_of_subs != subs.end()) return "";
  return fmt::format("--out {} is inside the submissions folder {}: the next run would grade it as a student; "
                     "choose an --out outside it (e.g. --out {}-report)",
                     printable_line(options.out_dir), printable_line(options.submissions),
                     printable_line(subs.string()));
}

/// The runner sim runs through when a class directory is ranked again (merge, `grade similarity`):
/// the sandbox asked for; without one, the sources are not compared and `err` says why.
std::unique_ptr<ProcessRunner> similarity_runner(const Options& options, const char* command, std::ostream& err) {
  if (!options.similarity) return nullptr;
  std::string error;
  std::unique_ptr<ProcessRunner> runner = make_process_runner(options.sandbox, &error);
  if (!runner) err << fmt::format("{}: the sources are not compared: no sandbox for sim: {}\n", command, error);
  return runner;
}

/// The students to grade, once the roster loads and --out and --handout fit; nullopt (said on
/// `err`) when not.
std::optional<std::vector<Submission>> students_to_grade(const Options& options, std::ostream& err) {
  auto roster = load_roster(options.submissions);
  if (auto* error = std::get_if<std::string>(&roster)) {
    err << "grade class: " << *error << '\n';
    return std::nullopt;
  }
  if (std::string refusal = out_inside_submissions(options); !refusal.empty()) {
    err << "grade class: " << refusal << '\n';
    return std::nullopt;
  }
  if (std::error_code ec; !options.handout_dir.empty() && !std::filesystem::is_directory(options.handout_dir, ec)) {
    err << fmt::format("grade class: --handout {}: not a folder\n", printable_line(options.handout_dir));
    return std::nullopt;
  }
  std::vector<Submission> students = std::get<std::vector<Submission>>(std::move(roster));
  if (options.shard) students = select_student_shard(std::move(students), *options.shard);
  return students;
}

ClassConfig class_config(const Options& options, const WeekTests& week, ProcessRunner& runner) {
  ClassConfig config;
  config.grade = shared_config(options, week.limits);
  config.grade.compile_limits = week.compile_limits;
  config.student_budget_seconds = options.student_budget_seconds;
  config.out_dir = options.out_dir;
  config.isolation = [&runner] { return runner.isolation(); };
  config.private_copies = runner.tier() == Tier::Uid;
  return config;
}

/// Grades the class, saying each student on `err` as it is done.
std::vector<StudentRecord> grade_every_student(const WeekTests& week, const std::vector<Submission>& students,
                                               const ClassConfig& config, ProcessRunner& runner, CCompiler& compiler,
                                               std::ostream& err) {
  size_t done = 0;
  return grade_class(
      week.tests, students, config, runner, compiler, [&](const StudentRecord& record, StudentSource source) {
        Totals totals = add_up(record.report.results);
        if (source == StudentSource::Stopped) {
          err << fmt::format("[-/{}] {}: {}\n", students.size(), printable_line(record.id), record.reason);
          return;
        }
        err << fmt::format("[{}/{}] {} {}: {:g}/{:g}{}\n", ++done, students.size(),
                           source == StudentSource::Reused ? "reused" : "graded", printable_line(record.id), totals.points,
                           totals.max_points, record.reason.empty() ? "" : " (" + record.reason + ")");
      });
}

/// The run as the gradebook and the class report show it.
ClassRun class_run(const Options& options, const WeekTests& week, const ClassConfig& config,
                   std::vector<StudentRecord> records) {
  ClassRun run;
  run.week = options.week;
  run.seed = options.seed;
  run.tests_key = run_key(week.tests, config.grade, config.student_budget_seconds);
  run.shard = options.shard;
  for (const TestCase& test : week.tests) {
    run.tests.push_back(result_naming(test));
    if (!test.about.empty()) run.about_by_test[result_label(run.tests.back())] = test.about;
  }
  run.students = std::move(records);
  run.suites_folder = suites_folder_lines(options).substr(0, suites_folder_lines(options).find('\n'));
  run.graded_at = fmt::format("{:%Y-%m-%d %H:%M} UTC", fmt::gmtime(std::time(nullptr)));
  return run;
}

}  // namespace

int run_class(const Options& options, const FuzzSource& fuzz, std::ostream& err) {
  print_seed(options, "grade class", err);
  std::optional<std::vector<Submission>> students = students_to_grade(options, err);
  if (!students) return kUsageOrSuiteError;
  std::optional<WeekTests> week = load_tests(options, fuzz, err);
  if (!week) return kUsageOrSuiteError;
  if (stop_requested()) return stopped_exit_status(stop_signal());  // nothing made yet

  std::string runner_error;
  std::unique_ptr<ProcessRunner> runner_owner = make_process_runner(options.sandbox, &runner_error);
  if (!runner_owner) {
    err << "grade class: cannot isolate student processes: " << runner_error << '\n';
    return kUsageOrSuiteError;
  }
  ProcessRunner& runner = *runner_owner;
  err << "grade class: sandbox: " << runner.isolation() << '\n';
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(options.out_dir) / "students", ec);
  if (runner.tier() == Tier::Uid) {
    // (A root grader's umask makes a new class directory its own.)
    if (std::string refusal = uid_tier_refusal(options, class_paths(options, *students)); !refusal.empty()) {
      err << "grade class: " << refusal << '\n';
      return kUsageOrSuiteError;
    }
  }

  ClassConfig config = class_config(options, *week, runner);
  CCompiler compiler(runner, config.grade.limits.memory_bytes >> 20);
  err << fmt::format("grade class: week {}, {}{}, {}, {} jobs\n", options.week, count_of(students->size(), "student"),
                     options.shard ? fmt::format(" (shard {}/{})", options.shard->index, options.shard->count) : "",
                     count_of(week->tests.size(), "test"), options.jobs);
  std::vector<StudentRecord> records = grade_every_student(*week, *students, config, runner, compiler, err);
  ClassRun run = class_run(options, *week, config, std::move(records));
  if (stop_requested()) {
    // Stopped: the gradebook and the class report of the students graded so far, marked
    // incomplete; the run's processes are gone and what it made goes as this returns.
    const size_t graded = static_cast<size_t>(std::count_if(run.students.begin(), run.students.end(), [](const auto& s) {
      return s.status != StudentStatus::NotGraded;
    }));
    if (graded < run.students.size())
      run.incomplete = fmt::format("{} after {} of {}", describe_stop(), graded, count_of(run.students.size(), "student"));
    int written = write_class_outputs(run, options, err, &runner);
    return written == kAllPassed ? stopped_exit_status(stop_signal()) : written;
  }
  return write_class_outputs(run, options, err, &runner);
}

int run_class_merge(const Options& options, std::ostream& err) {
  std::vector<ClassRun> shards;
  for (const std::string& dir : options.merge_files) {
    auto loaded = load_class_dir(dir);
    if (auto* error = std::get_if<std::string>(&loaded)) {
      err << "grade merge: " << *error << '\n';
      return kUsageOrSuiteError;
    }
    shards.push_back(std::get<ClassRun>(std::move(loaded)));
  }
  auto merged = merge_class_shards(shards);
  if (auto* error = std::get_if<std::string>(&merged)) {
    err << "grade merge: " << *error << '\n';
    return kUsageOrSuiteError;
  }
  ClassRun& run = std::get<ClassRun>(merged);
  // The merged directory holds every student's report and state, so it resumes and links like a run,
  // and their similarity evidence, so that --similarity and `grade similarity` rank the whole class.
  if (auto error = merge_evidence(options.merge_files, options.out_dir)) {
    err << "grade merge: " << *error << '\n';
    return kUsageOrSuiteError;
  }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(options.out_dir) / "students", ec);
  for (const StudentRecord& student : run.students) {
    if (auto error = save_student(options.out_dir, student)) {
      err << "grade merge: " << *error << '\n';
      return kUsageOrSuiteError;
    }
  }
  return write_class_outputs(run, options, err, similarity_runner(options, "grade merge", err).get());
}

int run_similarity(const Options& options, std::ostream& err) {
  auto loaded = load_class_dir(options.out_dir);
  if (auto* error = std::get_if<std::string>(&loaded)) {
    err << "grade similarity: " << *error << '\n';
    return kUsageOrSuiteError;
  }
  return write_class_outputs(std::get<ClassRun>(loaded), options, err, similarity_runner(options, "grade similarity", err).get());
}

}  // namespace uirgrade
