// Building a submission handed in as sources (docs/students.md, "Handing in sources"): a folder
// with `build.sh` or a Makefile is built before it is graded, as the student's own work, in the
// student's sandbox (the same tier, a borrowed uid, limits of its own, no network in the
// namespaces tier), never as the grader. The sandboxed run copies the folder into its working
// directory, runs `sh ./build.sh` (else `make`), checks that it made `student-uirc`, and archives
// the whole tree (ustar_extract.h says why the grader unpacks it itself). What is graded is that
// tree, in a fresh directory of the grader's; the student's folder is never written.
#pragma once

#include <optional>
#include <string>

#include "sandbox/process.h"

namespace uirgrade {

/// The recipe a folder holds, in the order looked for: "build.sh", "Makefile", "makefile",
/// "GNUmakefile"; nullopt when it has none (the submission is graded as it is).
std::optional<std::string> build_recipe(const std::string& folder);

/// The build's limits: a C++ or Rust compiler of a few thousand lines builds in well under a minute
/// with room to spare in these.
ProcessLimits build_limits();

/// A built submission's directory: removed with this object.
class BuiltSubmission {
 public:
  explicit BuiltSubmission(std::string dir) : dir_(std::move(dir)) {}
  BuiltSubmission(BuiltSubmission&& other) noexcept : dir_(std::move(other.dir_)) { other.dir_.clear(); }
  BuiltSubmission& operator=(BuiltSubmission&&) = delete;
  ~BuiltSubmission();
  const std::string& dir() const { return dir_; }
  std::string executable() const { return dir_ + "/student-uirc"; }

 private:
  std::string dir_;
};

struct BuildOutcome {
  enum class Status { Built, Failed, InternalError };
  Status status = Status::InternalError;
  std::optional<BuiltSubmission> built;  // Built
  /// Failed: one line saying why (the recipe's exit, a limit, no student-uirc made), for the
  /// student; InternalError: what failed on our side.
  std::string message;
  std::string log;  // what the recipe printed (stdout, then stderr), cut to its last 8 KiB
  double seconds = 0;
};

/// Builds the submission in `folder` (which holds a recipe) with `runner`. `folder` must be
/// readable by the runner's borrowed uids (in the uid tier, a SubmissionCopy of it). With
/// `group` (a class in the uid tier, where other students run at the same time), the build runs
/// with that supplementary group and what it made is reachable by that group alone.
BuildOutcome build_submission(const std::string& folder, CommandRunner& runner,
                              std::optional<gid_t> group = std::nullopt);

/// build_submission for the compiler `executable` (student-uirc, beside its recipe): in the uid
/// tier (`copy_first`) from a copy of its folder that the borrowed uids can read (the original
/// may be private, /autograder/submission), or only `group` can when given. A student-uirc that
/// cannot be run is a failed build.
BuildOutcome build_student_compiler(const std::string& executable, CommandRunner& runner, bool copy_first,
                                    std::optional<gid_t> group = std::nullopt);

}  // namespace uirgrade
