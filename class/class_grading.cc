#include "class/class_grading.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "base/parallel.h"
#include "reports/report_names.h"
#include "grader/feedback/minimize_failures.h"
#include "grader/startup_check.h"
#include "grader/student_prepare.h"
#include "sandbox/stop_signal.h"
#include "class/similarity_evidence.h"
#include "class/similarity_sources.h"

namespace uirgrade {
namespace {

/// A student being graded: its config (paths, deadline), its results, how many tests are left.
struct InFlight {
  size_t index = 0;  // in the roster
  std::string key;
  GradeConfig config;
  std::once_flag started;  // the budget's start, and the student's build or private copy
  /// What grader/student_prepare.h made for the student (a build, a private copy and its group).
  std::optional<PreparedStudent> prepared;
  std::string not_prepared;  // why it could not be prepared (ours): every test then fails to start
  std::vector<std::optional<TestResult>> results;
  StudentOutputs outputs;  // for the similarity report (class/similarity_evidence.h)
  std::atomic<size_t> left{0};
  std::chrono::steady_clock::time_point start;
};

/// A record of `student` with the run's facts and no results yet.
StudentRecord record_of(const Submission& student, const std::string& key, const ClassConfig& config) {
  StudentRecord record;
  record.id = student.id;
  record.key = key;
  record.report.info.seed = config.grade.seed;
  record.report.info.week = config.grade.week;
  record.report.info.student = student.compiler;
  return record;
}

/// A record for a student that is not graded at all.
StudentRecord not_gradable(const Submission& student, const std::string& key, const ClassConfig& config) {
  StudentRecord record = record_of(student, key, config);
  record.status = student.problem.starts_with("missing") ? StudentStatus::Missing : StudentStatus::NotExecutable;
  record.reason = student.problem;
  return record;
}

/// A record for a student the run was stopped before it finished (or started) grading.
StudentRecord not_graded(const Submission& student, const std::string& key, const ClassConfig& config) {
  StudentRecord record = record_of(student, key, config);
  record.status = StudentStatus::NotGraded;
  record.reason = "not graded: " + describe_stop() + " before this student was done";
  return record;
}

/// The records of a run, in roster order, each saved, cut to its summary and announced as it comes
/// (one at a time: students finish on any of the pool's threads).
class ClassRecords {
 public:
  using OnStudent = std::function<void(const StudentRecord&, StudentSource)>;
  ClassRecords(size_t students, const ClassConfig& config, const OnStudent& on_student)
      : records_(students), config_(config), on_student_(on_student) {}

  void finish(size_t index, StudentRecord record, StudentSource source) {
    std::lock_guard lock(mutex_);
    // Not Stopped: a student cut short is graded next time. Reused from a run killed before issue 39,
    // which wrote the text reports last, a student may lack its text report: saved again, the same.
    const bool save = source == StudentSource::Graded ||
                      (source == StudentSource::Reused &&
                       !std::filesystem::exists(student_text_report_path(config_.out_dir, record.id)));
    if (auto error = save ? save_student(config_.out_dir, record) : std::nullopt)
      record.reason += (record.reason.empty() ? "" : "; ") + *error;
    keep_summary_only(record);  // saved whole: what the class holds per student is bounded
    if (on_student_) on_student_(record, source);
    records_[index] = std::move(record);
  }

  /// Every student's record; a student with none (the run was stopped) is not graded.
  std::vector<StudentRecord> take(const std::vector<Submission>& students) {
    std::vector<StudentRecord> all;
    for (size_t s = 0; s < students.size(); ++s)
      all.push_back(records_[s] ? std::move(*records_[s]) : not_graded(students[s], "", config_));
    return all;
  }

 private:
  std::vector<std::optional<StudentRecord>> records_;
  const ClassConfig& config_;
  const OnStudent& on_student_;
  std::mutex mutex_;
};

/// Student `index`, about to be graded on `tests`.
std::unique_ptr<InFlight> in_flight(const Submission& student, size_t index, std::string key, size_t tests,
                                    const ClassConfig& config) {
  auto flight = std::make_unique<InFlight>();
  flight->index = index;
  flight->key = std::move(key);
  flight->config = config.grade;
  flight->config.student = student.compiler;
  // The student reads its report in its own folder: reproduce lines say ./student-uirc, and no
  // --suites (the instructor's folder, which the student does not have).
  flight->config.reproduce_student = "./" + std::filesystem::path(student.compiler).filename().string();
  flight->config.suites_arg.clear();
  flight->results.resize(tests);
  flight->config.on_student_output = [outputs = &flight->outputs](const TestCase& test, const std::string& c,
                                                                  const std::string& out, const std::string& err) {
    outputs->add(test, c, out, err);
  };
  flight->left = tests;
  return flight;
}

/// Who needs grading: not the unreadable (recorded at once), not those saved under the same key
/// (reused).
std::vector<std::unique_ptr<InFlight>> students_to_grade(const std::vector<TestCase>& tests,
                                                         const std::vector<Submission>& students,
                                                         const ClassConfig& config, ClassRecords& records) {
  const std::string tests_key = run_key(tests, config.grade, config.student_budget_seconds);
  std::vector<std::unique_ptr<InFlight>> flights;
  for (size_t s = 0; s < students.size(); ++s) {
    const Submission& student = students[s];
    std::string key = tests_key + ":" + submission_hash(student);
    if (auto saved = load_student(config.out_dir, student.id, key))
      records.finish(s, std::move(*saved), StudentSource::Reused);
    else if (!student.problem.empty())
      records.finish(s, not_gradable(student, key, config), StudentSource::Graded);
    else
      flights.push_back(in_flight(student, s, std::move(key), tests.size(), config));
  }
  return flights;
}

/// On the student's first test: its build or private copy (grader/student_prepare.h; in the uid
/// tier for its own group alone, since classmates are graded at the same time), and the start of
/// its time budget.
void start_student(const Submission& student, InFlight& flight, CommandRunner& runner, const ClassConfig& config) {
  const HandedIn handed_in{student.compiler, student.folder, student.recipe, NamedBy::Roster};
  flight.prepared.emplace(prepare_student(
      handed_in, runner, config.private_copies ? SubmissionCopyFor::ItsGroupAlone : SubmissionCopyFor::Nobody));
  flight.prepared->apply_to(flight.config);
  if (flight.prepared->status() == PrepareStatus::InternalError) flight.not_prepared = flight.prepared->reason();
  flight.start = std::chrono::steady_clock::now();
  if (config.student_budget_seconds)
    flight.config.deadline = flight.start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                std::chrono::duration<double>(*config.student_budget_seconds));
}

/// The result of a test that could not start because the student could not be prepared.
TestResult not_started(const TestCase& test, const std::string& why) {
  TestResult result = result_naming(test);
  result.verdict = Verdict::InternalError;
  result.message = why;
  return result;
}

/// Broken: an executable that no test could start (every result an internal error, or the
/// student's own start-up mistake, grader/startup_check.h).
bool never_started(const std::vector<TestResult>& results) {
  return !results.empty() && std::all_of(results.begin(), results.end(), [](const TestResult& result) {
    return result.verdict == Verdict::InternalError || result.message.starts_with(kCouldNotStart);
  });
}

/// The record of a student whose every test has a result: its report, and why it scored less than
/// its tests say (broken, its build failed, its budget ran out).
StudentRecord graded_record(const Submission& student, InFlight& flight, const ClassConfig& config) {
  StudentRecord record = record_of(student, flight.key, config);
  if (config.isolation) record.report.info.isolation = config.isolation();
  record.report.info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - flight.start).count();
  int out_of_time = 0;
  for (std::optional<TestResult>& result : flight.results) {
    if (result->verdict == Verdict::NotRun) ++out_of_time;
    record.report.results.push_back(std::move(*result));
  }
  std::sort(record.report.results.begin(), record.report.results.end(), result_order);
  if (never_started(record.report.results)) {
    record.status = StudentStatus::Broken;
    const std::string& why = record.report.results.front().message;
    record.reason = why.starts_with(kCouldNotStart) ? "broken: " + why.substr(kCouldNotStart.size())
                                                    : "broken: no test could start it: " + why;
  } else if (flight.config.build_failure) {
    record.reason = "build failed: " + flight.config.build_failure->message;
  } else if (out_of_time > 0) {
    record.reason = fmt::format("the time budget of {} s ran out; {} tests not run", *config.student_budget_seconds,
                                out_of_time);
  }
  return record;
}

/// The student's similarity evidence, saved before its state so that a saved student has it; what
/// went wrong, if anything. Not for a broken student: failing every test the same way it says
/// nothing of its code.
std::optional<std::string> keep_similarity_evidence(const Submission& student, const StudentRecord& record,
                                                    InFlight& flight, const ClassConfig& config) {
  if (record.status != StudentStatus::Graded) return std::nullopt;
  std::map<std::string, StudentOutput> outputs = flight.outputs.take();
  std::optional<std::string> error =
      save_student_evidence(config.out_dir, student_evidence(record.id, record.report.results, outputs), outputs);
  // Its source files, for the source comparison (class/similarity_sources.h): read from its own
  // folder, no link followed, bounded; a roster row naming an executable alone has none.
  if (!error && !student.folder.empty())
    error = save_student_sources(config.out_dir, record.id, read_source_tree(student.folder));
  return error;
}

/// The order a student's tests are taken in: those whose work is counted (the longest) first, so
/// that its last tests are short.
std::vector<size_t> longest_first(const std::vector<TestCase>& tests) {
  std::vector<size_t> order(tests.size());
  for (size_t k = 0; k < tests.size(); ++k) order[k] = k;
  std::stable_partition(order.begin(), order.end(), [&](size_t k) { return counts_work(tests[k]); });
  return order;
}

}  // namespace

std::vector<StudentRecord> grade_class(
    const std::vector<TestCase>& tests, const std::vector<Submission>& students, const ClassConfig& config,
    CommandRunner& runner, CCompiler& compiler,
    const std::function<void(const StudentRecord&, StudentSource)>& on_student) {
  ClassRecords records(students.size(), config, on_student);
  std::vector<std::unique_ptr<InFlight>> flights = students_to_grade(tests, students, config, records);
  if (flights.empty() || tests.empty()) return records.take(students);

  // The oracle's side of every test, once for the whole class.
  std::vector<ExpectedOrError> expected(tests.size());
  run_on_pool(tests.size(), config.grade.jobs, nullptr,
              [&](size_t k) { expected[k] = compute_expected(tests[k], config.grade.seed); });
  const std::optional<std::string> similarity_error = save_oracle_renders(config.out_dir, tests, expected);

  auto student_done = [&](InFlight& flight) {
    const Submission& student = students[flight.index];
    flight.config.on_student_output = nullptr;  // the minimiser's smaller programs are not the tests
    if (!stop_requested()) minimize_generated_failures(tests, flight.results, flight.config, runner, compiler);
    flight.prepared.reset();  // its copy, its build and the group that reads them
    // Tests the stop cut short are the stop's: the student is graded again by the next run.
    if (stop_requested()) {
      records.finish(flight.index, not_graded(student, flight.key, config), StudentSource::Stopped);
      return;
    }
    StudentRecord record = graded_record(student, flight, config);
    std::optional<std::string> kept =
        similarity_error ? similarity_error : keep_similarity_evidence(student, record, flight, config);
    if (kept) record.reason += (record.reason.empty() ? "" : "; ") + ("similarity evidence: " + *kept);
    records.finish(flight.index, std::move(record), StudentSource::Graded);
  };

  // One pool over (student, test), student after student: the first students finish (and are saved)
  // first, and while one student's slow test runs the other threads go on with the next tests.
  const std::vector<size_t> test_order = longest_first(tests);
  run_on_pool(flights.size() * tests.size(), config.grade.jobs, [] { return !stop_requested(); }, [&](size_t item) {
    InFlight& flight = *flights[item / tests.size()];
    size_t k = test_order[item % tests.size()];
    std::call_once(flight.started, [&] { start_student(students[flight.index], flight, runner, config); });
    flight.results[k] = flight.not_prepared.empty() ? grade_test(tests[k], expected[k], flight.config, runner, compiler)
                                                    : not_started(tests[k], flight.not_prepared);
    if (flight.left.fetch_sub(1) == 1) student_done(flight);
  });

  // Stopped: the students whose tests were not all taken have no record yet; what was made for
  // them goes with `flights` as this returns.
  return records.take(students);
}

}  // namespace uirgrade
