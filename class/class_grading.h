// Grading a class in one run: the oracle's expected results are computed once per test and shared
// by every student; the students' tests run on one pool (student after student, several tests at a
// time), so no student pays any start-up but its own processes. Each student's time budget starts
// with its first test; a hung student costs at most that budget. A student is saved (grader/
// class_state.h) as soon as its last test finishes, so a killed run loses only the students in
// flight, and students saved under the same key are not graded again. A student whose compiler is
// not a folder's student-uirc (a roster row naming an executable) is shown that file alone.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/render/c_compile.h"
#include "class/class_roster.h"
#include "class/class_state.h"
#include "grader/grade.h"

namespace uirgrade {

struct ClassConfig {
  GradeConfig grade;  // what every student shares: week, seed, limits, jobs, minimisation (student fields unset)
  std::optional<double> student_budget_seconds;
  std::string out_dir;  // where reports and state go
  std::function<std::string()> isolation;  // what the runner had in force, for each report (may be empty)
  /// The uid tier: each student is graded from a copy of its submission that only its own processes
  /// can read (a group borrowed for the student; grader/student_prepare.h), made when its first test
  /// starts and removed when its last ends, so that no student reads another's.
  bool private_copies = false;
};

/// How a record came about, for the progress line. Stopped: the run was stopped while the student
/// was in flight (StudentStatus::NotGraded).
enum class StudentSource { Graded, Reused, Stopped };

/// Grades every student (or reuses its saved record) and returns the records in roster order.
/// `on_student` is called (one call at a time) as each student is done. Once the grader is asked
/// to stop (sandbox/stop_signal.h) no test starts; the students not finished by then get a
/// NotGraded record, saved nowhere.
std::vector<StudentRecord> grade_class(
    const std::vector<TestCase>& tests, const std::vector<Submission>& students, const ClassConfig& config,
    CommandRunner& runner, CCompiler& compiler,
    const std::function<void(const StudentRecord&, StudentSource)>& on_student);

}  // namespace uirgrade
