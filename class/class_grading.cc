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
#include "sandbox/sandbox.h"
#include "grader/minimize_failures.h"
#include "grader/startup_check.h"
#include "grader/submission_build.h"
#include "sandbox/stop_signal.h"
#include "sandbox/submission.h"
#include "class/similarity_evidence.h"
#include "class/similarity_sources.h"

namespace uirgrade {
namespace {

/// A student being graded: its config (paths, deadline), its results, how many tests are left.
struct InFlight {
  size_t index = 0;  // in the roster
  std::string key;
  GradeConfig config;
  std::once_flag started;  // the budget's start, and the build or the private copy
  std::optional<UidLease> group;  // whose gid alone may read `copy`
  std::optional<SubmissionCopy> copy;
  std::optional<BuiltSubmission> built;  // sources built by their recipe (Submission::recipe)
  std::string copy_error;  // why no copy (or build) could be made: every test then fails to start
  std::vector<std::optional<TestResult>> results;
  StudentOutputs outputs;  // for the similarity report (class/similarity_evidence.h)
  std::atomic<size_t> left{0};
  std::chrono::steady_clock::time_point start;
};

/// A record for a student that is not graded at all.
StudentRecord not_gradable(const Submission& student, const std::string& key, const ClassConfig& config) {
  StudentRecord record;
  record.id = student.id;
  record.key = key;
  record.status = student.problem.starts_with("missing") ? StudentStatus::Missing : StudentStatus::NotExecutable;
  record.reason = student.problem;
  record.report.info.seed = config.grade.seed;
  record.report.info.week = config.grade.week;
  record.report.info.student = student.compiler;
  return record;
}

/// Makes the student's private copy (ClassConfig::private_copies) and points its config at it.
void make_private_copy(const Submission& student, InFlight& flight) {
  std::string error;
  if (std::optional<UidLease> lease = UidLease::claim(&error)) flight.group.emplace(std::move(*lease));
  if (flight.group)
    if (auto copy = SubmissionCopy::make_private(student.compiler, !student.folder.empty(), flight.group->gid(), &error))
      flight.copy.emplace(std::move(*copy));
  if (!flight.copy) {
    flight.copy_error = "the submission could not be copied for the uid tier: " + error;
    return;
  }
  flight.config.student_path = flight.copy->executable();
  flight.config.submission_dir = student.folder.empty() ? flight.copy->executable() : flight.copy->dir();
  flight.config.submission_group = flight.group->gid();
}

/// Builds a submission handed in as sources (grader/submission_build.h) and points its config at
/// what was built. In the uid tier the build and what it made are for the student's group alone
/// (`group`: classmates are graded at the same time). A failed build is the student's: every test
/// says so with the log; a build that could not be run at all is ours.
void build_sources(const Submission& student, InFlight& flight, CommandRunner& runner, bool uid_tier) {
  std::string error;
  if (uid_tier) {
    if (std::optional<UidLease> lease = UidLease::claim(&error)) flight.group.emplace(std::move(*lease));
    if (!flight.group) {
      flight.copy_error = "no group for the submission's build in the uid tier: " + error;
      return;
    }
  }
  std::optional<gid_t> group = flight.group ? std::optional<gid_t>(flight.group->gid()) : std::nullopt;
  BuildOutcome outcome = build_student_compiler(student.compiler, runner, uid_tier, group);
  if (outcome.status == BuildOutcome::Status::InternalError) {
    flight.copy_error = "the submission could not be built (not the student's fault): " + outcome.message;
  } else if (!outcome.built) {
    flight.config.build_failure = GradeConfig::BuildFailure{outcome.message, outcome.log};
  } else {
    flight.built.emplace(std::move(*outcome.built));
    flight.config.student_path = flight.built->executable();
    flight.config.submission_dir = flight.built->dir();
    if (group) flight.config.submission_group = *group;
  }
}

/// A record for a student the run was stopped before it finished (or started) grading.
StudentRecord not_graded(const Submission& student, const std::string& key, const ClassConfig& config) {
  StudentRecord record;
  record.id = student.id;
  record.key = key;
  record.status = StudentStatus::NotGraded;
  record.reason = "not graded: " + describe_stop() + " before this student was done";
  record.report.info.seed = config.grade.seed;
  record.report.info.week = config.grade.week;
  record.report.info.student = student.compiler;
  return record;
}

/// The result of a test that could not start because the submission could not be copied.
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

}  // namespace

std::vector<StudentRecord> grade_class(
    const std::vector<TestCase>& tests, const std::vector<Submission>& students, const ClassConfig& config,
    CommandRunner& runner, CCompiler& compiler,
    const std::function<void(const StudentRecord&, StudentSource)>& on_student) {
  const std::string tests_key = run_key(tests, config.grade, config.student_budget_seconds);
  std::vector<std::optional<StudentRecord>> records(students.size());
  std::mutex done_mutex;
  auto finish = [&](size_t index, StudentRecord record, StudentSource source) {
    std::lock_guard lock(done_mutex);
    // Not Stopped: a student cut short is graded next time. Reused from a run killed before issue 39,
    // which wrote the text reports last, a student may lack its text report: saved again, the same.
    const bool save = source == StudentSource::Graded ||
                      (source == StudentSource::Reused &&
                       !std::filesystem::exists(student_text_report_path(config.out_dir, record.id)));
    if (save) {
      if (auto error = save_student(config.out_dir, record)) record.reason += (record.reason.empty() ? "" : "; ") + *error;
    }
    keep_summary_only(record);  // saved whole: what the class holds per student is bounded
    if (on_student) on_student(record, source);
    records[index] = std::move(record);
  };

  // Who needs grading: not the unreadable, not those saved under the same key.
  std::vector<std::unique_ptr<InFlight>> flights;
  for (size_t s = 0; s < students.size(); ++s) {
    const Submission& student = students[s];
    std::string key = tests_key + ":" + submission_hash(student);
    if (auto saved = load_student(config.out_dir, student.id, key)) {
      finish(s, std::move(*saved), StudentSource::Reused);
      continue;
    }
    if (!student.problem.empty()) {
      finish(s, not_gradable(student, key, config), StudentSource::Graded);
      continue;
    }
    auto flight = std::make_unique<InFlight>();
    flight->index = s;
    flight->key = key;
    flight->config = config.grade;
    flight->config.student = student.compiler;
    // The student reads its report in its own folder: reproduce lines say ./student-uirc, and no
    // --suites (the instructor's folder, which the student does not have).
    flight->config.reproduce_student = "./" + std::filesystem::path(student.compiler).filename().string();
    flight->config.suites_arg.clear();
    flight->config.student_path = std::filesystem::absolute(student.compiler).string();
    // What the student's processes may read: its folder, or its executable alone (the directory
    // a roster row's executable sits in may hold other students' files).
    flight->config.submission_dir = student.folder.empty() ? flight->config.student_path
                                                           : std::filesystem::absolute(student.folder).string();
    flight->results.resize(tests.size());
    flight->config.on_student_output = [outputs = &flight->outputs](const TestCase& test, const std::string& c,
                                                                    const std::string& out, const std::string& err) {
      outputs->add(test, c, out, err);
    };
    flight->left = tests.size();
    flights.push_back(std::move(flight));
  }
  if (flights.empty() || tests.empty()) {
    std::vector<StudentRecord> all;
    for (auto& record : records) all.push_back(std::move(*record));
    return all;
  }

  // The oracle's side of every test, once for the whole class.
  std::vector<ExpectedOrError> expected(tests.size());
  run_on_pool(tests.size(), config.grade.jobs, nullptr,
              [&](size_t k) { expected[k] = compute_expected(tests[k], config.grade.seed); });
  const std::optional<std::string> similarity_error = save_oracle_renders(config.out_dir, tests, expected);

  auto student_done = [&](InFlight& flight) {
    const Submission& student = students[flight.index];
    flight.config.on_student_output = nullptr;  // the minimiser's smaller programs are not the tests
    if (!stop_requested()) minimize_generated_failures(tests, flight.results, flight.config, runner, compiler);
    flight.copy.reset();  // the copy (and the build) before the group that reads it
    flight.built.reset();
    flight.group.reset();
    // Tests the stop cut short are the stop's: the student is graded again by the next run.
    if (stop_requested()) {
      finish(flight.index, not_graded(student, flight.key, config), StudentSource::Stopped);
      return;
    }
    StudentRecord record;
    record.id = student.id;
    record.key = flight.key;
    record.report.info.seed = config.grade.seed;
    record.report.info.week = config.grade.week;
    record.report.info.student = student.compiler;
    if (config.isolation) record.report.info.isolation = config.isolation();
    record.report.info.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - flight.start).count();
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
    // Its similarity evidence before its state, so that a saved student has it. Not for a broken
    // student: failing every test the same way it says nothing of its code.
    std::optional<std::string> kept = similarity_error;
    if (!kept && record.status == StudentStatus::Graded) {
      std::map<std::string, StudentOutput> outputs = flight.outputs.take();
      kept = save_student_evidence(config.out_dir, student_evidence(record.id, record.report.results, outputs), outputs);
      // Its source files, for the source comparison (class/similarity_sources.h): read from its own
      // folder, no link followed, bounded; a roster row naming an executable alone has none.
      if (!kept && !student.folder.empty())
        kept = save_student_sources(config.out_dir, record.id, read_source_tree(student.folder));
    }
    if (kept) record.reason += (record.reason.empty() ? "" : "; ") + ("similarity evidence: " + *kept);
    finish(flight.index, std::move(record), StudentSource::Graded);
  };

  // One pool over (student, test), student after student: the first students finish (and are saved)
  // first, and while one student's slow test runs the other threads go on with the next tests. A
  // student's longest tests (those whose work is counted) come first, so its last ones are short.
  std::vector<size_t> test_order(tests.size());
  for (size_t k = 0; k < tests.size(); ++k) test_order[k] = k;
  std::stable_partition(test_order.begin(), test_order.end(), [&](size_t k) { return counts_work(tests[k]); });
  run_on_pool(flights.size() * tests.size(), config.grade.jobs, [] { return !stop_requested(); }, [&](size_t item) {
    InFlight& flight = *flights[item / tests.size()];
    size_t k = test_order[item % tests.size()];
    std::call_once(flight.started, [&] {
      if (!students[flight.index].recipe.empty())
        build_sources(students[flight.index], flight, runner, config.private_copies);
      else if (config.private_copies)
        make_private_copy(students[flight.index], flight);
      flight.start = std::chrono::steady_clock::now();
      if (config.student_budget_seconds)
        flight.config.deadline = flight.start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                    std::chrono::duration<double>(*config.student_budget_seconds));
    });
    flight.results[k] = flight.copy_error.empty() ? grade_test(tests[k], expected[k], flight.config, runner, compiler)
                                                  : not_started(tests[k], flight.copy_error);
    if (flight.left.fetch_sub(1) == 1) student_done(flight);
  });

  // Stopped: the students whose tests were not all taken have no record yet; their copies and
  // builds go with `flights` as this returns.
  std::vector<StudentRecord> all;
  for (size_t s = 0; s < students.size(); ++s)
    all.push_back(records[s] ? std::move(*records[s]) : not_graded(students[s], "", config));
  return all;
}

}  // namespace uirgrade
