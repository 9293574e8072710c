// What makes a class run resumable: each graded student leaves OUT/students/<id>.json (the report
// `grade` writes) and then OUT/state/<id>.json (the key it was graded under, its status), written
// by rename so that a run killed at any moment leaves either both or a student to grade again. A
// rerun reuses a student whose key is unchanged: the same tests (programs, manifest entries,
// limits), seed, week, and a submission with the same SHA-256.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "class/class_roster.h"
#include "class/submission_hash.h"
#include "grader/grade_config.h"
#include "reports/report.h"
#include "testcase/case.h"

namespace uirgrade {

enum class StudentStatus {
  Graded,         // every test ran (some may have failed or run out of time)
  Missing,        // no compiler where the roster says
  NotExecutable,  // there, but not executable
  Broken,         // executable, but no test could start it (e.g. an #! line naming no interpreter)
  /// The run was stopped (SIGTERM, SIGINT, SIGHUP) before the student was graded: never saved, so
  /// the next run grades it.
  NotGraded,
};
std::string_view status_name(StudentStatus status);  // "graded", "missing", "not-executable", "broken", "not-graded"

/// One student's outcome in a class run.
struct StudentRecord {
  std::string id;
  StudentStatus status = StudentStatus::Graded;
  std::string reason;  // why the score is 0 (or the time budget ran out); empty otherwise
  std::string key;     // the run key plus the submission's hash
  Report report;       // empty results unless graded
};

/// SHA-256 (hex) of everything the grades depend on besides the submission.
/// `config`'s seed, week, limits and timeout count; the student's paths do not.
std::string run_key(const std::vector<TestCase>& tests, const GradeConfig& config,
                    const std::optional<double>& student_budget);

/// The record saved for `id` when its key is `key` and both files read back; nullopt otherwise.
std::optional<StudentRecord> load_student(const std::string& out_dir, const std::string& id, const std::string& key);

/// Writes the student's reports (JSON and text), then its state; an error message on failure.
std::optional<std::string> save_student(const std::string& out_dir, const StudentRecord& record);

/// OUT/students/<id>.json, where the student's report goes; .txt, its text report.
std::string student_report_path(const std::string& out_dir, const std::string& id);
std::string student_text_report_path(const std::string& out_dir, const std::string& id);

/// What a class keeps of a saved student: its results with each text (message, details, context,
/// minimised program ...) cut to 4 KiB, enough for the gradebook and the class report's examples
/// (the student's reports in OUT/students are written first). So what a class run holds per
/// student is bounded, whatever a student made the grader write.
void keep_summary_only(StudentRecord& record);

}  // namespace uirgrade
