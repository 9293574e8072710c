// The submission a student's processes run from: the directory holding the student's executable
// (a script may have its own modules beside it). In the uid tier it is copied into a fresh
// directory readable by every borrowed uid, so that the original place (/autograder/submission)
// can stay private; the copy is removed with this object. A class graded in the uid tier copies
// each student privately instead: readable by one group only, which that student's processes
// alone run with (ProcessRequest::extra_group), so that no student reads another's submission.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace uirgrade {

class SubmissionCopy {
 public:
  /// Copies the directory of `executable` (files, directories and links; at most 2,000 entries
  /// and 256 MiB), or returns nullopt with *error naming what is wrong.
  static std::optional<SubmissionCopy> make(const std::string& executable, std::string* error);
  /// The same copy owned by root and `group`, with nothing for others (directories 0750, files
  /// 0640 or 0750). `whole_directory` false copies the executable alone (a roster row naming an
  /// executable in a directory that is not the student's own).
  static std::optional<SubmissionCopy> make_private(const std::string& executable, bool whole_directory,
                                                    gid_t group, std::string* error);
  SubmissionCopy(SubmissionCopy&& other) noexcept : dir_(std::move(other.dir_)), executable_(std::move(other.executable_)) {
    other.dir_.clear();
  }
  SubmissionCopy& operator=(SubmissionCopy&&) = delete;
  ~SubmissionCopy();
  const std::string& dir() const { return dir_; }
  const std::string& executable() const { return executable_; }  // inside dir()

 private:
  SubmissionCopy(std::string dir, std::string executable) : dir_(std::move(dir)), executable_(std::move(executable)) {}
  static std::optional<SubmissionCopy> create(const std::string& executable, bool whole_directory,
                                            std::optional<gid_t> group, std::string* error);
  std::string dir_;
  std::string executable_;
};

/// Why `executable` cannot be handed in as it is, or "": when it is a symbolic link, followed to its
/// end it must stay inside the directory that holds it (the submission), since that directory is
/// all a sandbox shows of it (a link such as student-uirc -> build/uirc is fine).
std::string link_out_of_submission(const std::string& executable);

}  // namespace uirgrade
