// Every message a student gets about its submission before any test runs is worded here, once for
// each reader (NamedBy). Where `grade` and `grade class` used to check the same things apart, the
// differences that were not deliberate were settled (issue 37):
//   - the order: a link leading out of the folder is named before the exec bit, since chmod cannot
//     fix it (`grade` used to say "chmod +x" for a link to /proc/kmsg; the class did not);
//   - a link's message is escaped for the terminal as every other shown path is;
//   - a roster row naming an executable not called student-uirc is told to chmod that name;
//   - sources built in the uid tier are graded from the built tree, which the borrowed uids can
//     already read, as a class did: `grade` copied it once more, which refused a build that left
//     more than the copy's 2,000 entries or 256 MiB (the build itself allows 50,000 and 2 GiB);
//   - a class in the uid tier that finds no group for a student says so in one sentence, whether
//     the student is built or copied;
//   - a class's students run from absolute, lexically normal paths, as `grade`'s student did.
// What stays apart on purpose: `grade` names an executable, never a folder; a class takes both,
// and a roster row naming an executable alone is shown that file alone. `grade` stops (exit 2) at
// a student it cannot prepare; a class keeps the student, with the reason as its record's.
// Gradescope's run_autograder answers a submission with nothing to grade in results.json itself.
#include "grader/student_prepare.h"

#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// lexically_normal: "./student-uirc" is "/home/ann/student-uirc", not "/home/ann/./student-uirc".
std::string absolute_path(const std::string& path) {
  std::error_code ec;
  return fs::absolute(path, ec).lexically_normal().string();
}

/// The wordings of handed_in_problem, by reader. `shown` is the executable as it was named.
StudentProblem missing(const HandedIn& student, const std::string& shown) {
  if (student.named_by == NamedBy::CommandLine)
    return {PrepareStatus::Missing,
            fmt::format("{}: no such file (check the path; the compiler is usually ./{})", shown, kStudentCompiler)};
  if (!student.folder.empty())
    return {PrepareStatus::Missing,
            fmt::format("missing: no {} in {}", kStudentCompiler, printable_line(student.folder))};
  return {PrepareStatus::Missing, fmt::format("missing: {} does not exist", shown)};
}

StudentProblem link_out(const HandedIn& student, const std::string& problem) {
  return {PrepareStatus::NotExecutable,
          (student.named_by == NamedBy::CommandLine ? "" : "not executable: ") + printable_line(problem)};
}

StudentProblem a_folder(const HandedIn& student, const std::string& shown) {
  if (student.named_by == NamedBy::CommandLine)
    return {PrepareStatus::NotExecutable,
            fmt::format("{}: a folder, not a program (name the executable inside it, e.g. {}/{})", shown, shown,
                        kStudentCompiler)};
  return {PrepareStatus::NotExecutable, fmt::format("not executable: {} is a folder, not a program", shown)};
}

/// The fix is spelled where the reader stands: in a terminal, the path typed; in a class report,
/// read in the student's own folder, the file's name.
StudentProblem no_exec_bit(const HandedIn& student, const std::string& shown) {
  if (student.named_by == NamedBy::CommandLine)
    return {PrepareStatus::NotExecutable, fmt::format("{}: not executable (run: chmod +x {})", shown, shown)};
  return {PrepareStatus::NotExecutable,
          fmt::format("not executable: {} (run: chmod +x {})", shown,
                      printable_line(fs::path(student.executable).filename().string()))};
}

}  // namespace

HandedIn handed_in_on_command_line(const std::string& executable) {
  const fs::path absolute = absolute_path(executable);
  HandedIn student{executable, absolute.parent_path().string(), "", NamedBy::CommandLine};
  if (absolute.filename() == kStudentCompiler)
    student.recipe = build_recipe(student.folder).value_or("");
  return student;
}

HandedIn handed_in_by_roster(const std::string& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return HandedIn{path, "", "", NamedBy::Roster};
  return HandedIn{(fs::path(path) / kStudentCompiler).string(), path, build_recipe(path).value_or(""), NamedBy::Roster};
}

std::optional<StudentProblem> handed_in_problem(const HandedIn& student) {
  if (!student.recipe.empty()) return std::nullopt;  // the build makes student-uirc and checks it
  const std::string shown = printable_line(student.executable);
  const std::string executable = absolute_path(student.executable);
  std::error_code ec;
  if (!fs::exists(executable, ec)) return missing(student, shown);
  // Only a folder handed in shows a link's target as its processes would (not at all when outside).
  if (std::string outside = student.folder.empty() ? "" : link_out_of_submission(student.executable); !outside.empty())
    return link_out(student, outside);
  if (fs::is_directory(executable, ec)) return a_folder(student, shown);
  if (::access(executable.c_str(), X_OK) != 0) return no_exec_bit(student, shown);
  return std::nullopt;
}

void PreparedStudent::apply_to(GradeConfig& config) const {
  config.student_path = executable_;
  config.submission_dir = submission_dir_;
  if (group_) config.submission_group = group_->gid();
  config.build_failure = build_failure_;
}

/// Built in the sandbox (grader/submission_build.h); in the uid tier from a copy, since the
/// original may be private to the grader. A failed build is the student's; a build that could not
/// be run at all is ours. What was built is graded where it is: the borrowed uids (or, with a
/// group, the group alone) can read it already.
void PreparedStudent::build_sources(const HandedIn& student, CommandRunner& runner, SubmissionCopyFor copy_for) {
  std::optional<gid_t> group = group_ ? std::optional<gid_t>(group_->gid()) : std::nullopt;
  BuildOutcome outcome = build_student_compiler(executable_, runner, copy_for != SubmissionCopyFor::Nobody, group);
  build_line_ = fmt::format("{} from {} in the sandbox: {} ({:.1f} s)", outcome.built ? "built" : "building",
                            student.recipe, outcome.built ? kStudentCompiler : outcome.message, outcome.seconds);
  if (outcome.status == BuildOutcome::Status::InternalError) {
    status_ = PrepareStatus::InternalError;
    reason_ = student.named_by == NamedBy::CommandLine
                  ? fmt::format("cannot build {} (not the student's fault): {}", printable_line(student.executable),
                                outcome.message)
                  : "the submission could not be built (not the student's fault): " + outcome.message;
  } else if (!outcome.built) {
    status_ = PrepareStatus::BuildFailed;
    reason_ = outcome.message;
    build_failure_ = GradeConfig::BuildFailure{outcome.message, outcome.log};
  } else {
    built_.emplace(std::move(*outcome.built));
    executable_ = built_->executable();
    submission_dir_ = built_->dir();
  }
}

void PreparedStudent::copy_submission(const HandedIn& student) {
  std::string error;
  std::optional<SubmissionCopy> made = group_ ? SubmissionCopy::make_private(executable_, !student.folder.empty(),
                                                                             group_->gid(), &error)
                                              : SubmissionCopy::make(executable_, &error);
  if (!made) {
    status_ = PrepareStatus::InternalError;
    reason_ = student.named_by == NamedBy::CommandLine
                  ? error
                  : "the submission could not be copied for the uid tier: " + error;
    return;
  }
  copy_.emplace(std::move(*made));
  executable_ = copy_->executable();
  submission_dir_ = student.folder.empty() ? copy_->executable() : copy_->dir();
}

PreparedStudent prepare_student(const HandedIn& student, CommandRunner& runner, SubmissionCopyFor copy_for) {
  PreparedStudent prepared;
  prepared.executable_ = absolute_path(student.executable);
  // What the student's processes may read: its folder, or its executable alone (the directory a
  // roster row's executable sits in may hold other students' files).
  prepared.submission_dir_ = student.folder.empty() ? prepared.executable_ : absolute_path(student.folder);
  if (copy_for == SubmissionCopyFor::ItsGroupAlone) {
    std::string error;
    if (std::optional<UidLease> lease = UidLease::claim(&error)) prepared.group_.emplace(std::move(*lease));
    if (!prepared.group_) {
      prepared.status_ = PrepareStatus::InternalError;
      prepared.reason_ = "the submission could not be copied for the uid tier: " + error;
      return prepared;
    }
  }
  if (!student.recipe.empty())
    prepared.build_sources(student, runner, copy_for);
  else if (copy_for != SubmissionCopyFor::Nobody)
    prepared.copy_submission(student);
  return prepared;
}

}  // namespace uirgrade
