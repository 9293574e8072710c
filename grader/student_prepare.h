// Preparing a student: from what it handed in to an executable its processes can run, the one way
// for `grade STUDENT`, `grade class` and Gradescope's run_autograder (which calls `grade`). Two
// steps, since a class learns at load time who is gradable (its record, its key) and `grade`
// refuses before any sandbox starts:
//   1. handed_in_problem: no process, nothing made: is there an executable (or a build recipe), is
//      it one, does a link lead out of the submission;
//   2. prepare_student: the build of a folder handed in as sources (grader/submission_build.h),
//      in the sandbox; in the uid tier a copy the borrowed uids can read (sandbox/submission.h),
//      for one student's group alone in a class, since classmates run at the same time.
// What is prepared owns what it made (the copy, the built tree, the group) and removes it with
// itself. Whether the student's executable starts is told per test (grader/startup_check.h): the
// process's own failure is what says so. The run's uid-tier check of the grader's own paths
// (`uid_tier_refusal`, cli/grade_command.h) comes before any student is prepared.
#pragma once

#include <optional>
#include <string>

#include "grader/grade_config.h"
#include "grader/submission_build.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "sandbox/submission.h"

namespace uirgrade {

/// The file name of a student's compiler inside the student's folder.
inline constexpr const char* kStudentCompiler = "student-uirc";

/// Who named the submission, which decides how its problems are worded: `grade`'s command line is
/// read in a terminal ("grade: PATH: problem (the fix)"); a class's roster becomes a record's
/// reason, read in the gradebook and the student's report, which starts with what the student's
/// status is ("missing: ...", "not executable: ...").
enum class NamedBy { CommandLine, Roster };

/// What a student handed in, before anything is made of it.
struct HandedIn {
  std::string executable;  // the compiler that is graded, as it was named (the build makes it anew)
  std::string folder;      // all of the submission (the executable's folder); empty: the executable alone
  /// The folder's build recipe (grader/submission_build.h): its sources are built before grading,
  /// so `executable` need not exist yet. Empty: graded as it is.
  std::string recipe;
  NamedBy named_by = NamedBy::CommandLine;
};

/// `grade STUDENT`: the executable, whose whole directory is the submission (a script may have its
/// modules beside it); built first when it is named student-uirc and its folder holds a recipe, so
/// that a compiler named otherwise beside a build system's own Makefile (a CMake build directory)
/// is graded as it is.
HandedIn handed_in_on_command_line(const std::string& executable);

/// A class's roster entry: a folder holding student-uirc (or a recipe to build it), or an
/// executable named alone, which is then all the student's processes are shown.
HandedIn handed_in_by_roster(const std::string& path);

enum class PrepareStatus {
  Ready,          // runnable
  Missing,        // nothing to run and nothing to build it from
  NotExecutable,  // something there, but not a program the student's processes may run
  BuildFailed,    // the student's build failed: every test says so with its log, unrun
  InternalError,  // ours (the copy, the build's machinery, no uid to spare): not the student's fault
};

/// Why a student cannot be prepared, worded for whoever named it (NamedBy).
struct StudentProblem {
  PrepareStatus status = PrepareStatus::Missing;
  std::string reason;
};

/// Missing or NotExecutable, checked in that order: no executable (and no recipe), a link leading
/// out of the folder (its processes would not see the target), a folder, no exec bit. nullopt
/// when it looks runnable, or a recipe will make it.
std::optional<StudentProblem> handed_in_problem(const HandedIn& student);

/// The copy of the submission its processes run from in the uid tier, where the original may be
/// private to the grader (/autograder/submission).
enum class SubmissionCopyFor {
  Nobody,         // no copy: the original is shown read-only (the namespaces tier, or none)
  EveryUid,       // readable by every borrowed uid: one student graded alone
  ItsGroupAlone,  // readable by a group borrowed for this student alone: a class
};

/// A prepared student: Ready with the executable to run and the directory its processes may read;
/// BuildFailed with the build's message and log; or InternalError with the reason. Owns the copy,
/// the built tree and the group it made, removed with it (the copy and the tree first).
class PreparedStudent {
 public:
  PreparedStudent(PreparedStudent&&) = default;
  PreparedStudent& operator=(PreparedStudent&&) = delete;

  PrepareStatus status() const { return status_; }
  /// BuildFailed: the build's one-line message; InternalError: what failed, worded for NamedBy.
  const std::string& reason() const { return reason_; }
  const std::string& executable() const { return executable_; }  // absolute
  const std::string& submission_dir() const { return submission_dir_; }
  /// When sources were built: "built from RECIPE in the sandbox: student-uirc (S s)", or "building
  /// from RECIPE in the sandbox: WHY (S s)" when it did not; empty when nothing was built.
  const std::string& build_line() const { return build_line_; }
  /// Points the config's student_path, submission_dir, submission_group and build_failure at it.
  void apply_to(GradeConfig& config) const;

 private:
  friend PreparedStudent prepare_student(const HandedIn&, CommandRunner&, SubmissionCopyFor);
  PreparedStudent() = default;
  void build_sources(const HandedIn& student, CommandRunner& runner, SubmissionCopyFor copy_for);
  void copy_submission(const HandedIn& student);

  PrepareStatus status_ = PrepareStatus::Ready;
  std::string reason_;
  std::string executable_, submission_dir_;
  std::string build_line_;
  std::optional<GradeConfig::BuildFailure> build_failure_;
  std::optional<UidLease> group_;  // declared first, removed last: it reads the copy and the tree
  std::optional<SubmissionCopy> copy_;
  std::optional<BuiltSubmission> built_;
};

/// Prepares a student that handed_in_problem passed: builds its sources when it has a recipe (in
/// the sandbox, from a copy for `copy_for` in the uid tier), else copies it for `copy_for`.
PreparedStudent prepare_student(const HandedIn& student, CommandRunner& runner, SubmissionCopyFor copy_for);

}  // namespace uirgrade
