// The uid tier's precondition: with no mount namespace, a student under a borrowed uid sees the
// whole file system with the rights of "others", so the grader's own paths (the suites, its build
// directory, the reports and kept cases) must give "others" nothing. Checked, before grading, by
// asking the kernel as that uid, for every file and directory below each path.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace uirgrade {

struct GuardedPath {
  std::string path;  // a file or directory (need not exist: then its nearest existing parent counts)
  std::string what;  // for the message: "the suites", "the report", ...
  /// false: the path itself only, not what is below it (a directory others may search but must
  /// not list or write, such as /autograder, which holds the student's own submission).
  bool whole_tree = true;
};

struct Exposure {
  std::string path;    // what the uid could read or write
  std::string access;  // "read" or "write"
  std::string what;    // the GuardedPath it is in
  std::string top;     // that GuardedPath's path (what to chmod)
  bool whole_tree = true;  // that GuardedPath's
};

/// The first path below `guarded` that `uid`/`gid` could read (a file, or list a directory) or
/// write (a file, or create in a directory), or nullopt when none. A path that does not exist yet
/// (a report to be written) counts as its parent directory, for writing.
std::optional<Exposure> find_exposed_path(const std::vector<GuardedPath>& guarded, uid_t uid, gid_t gid);

/// The refusal for an exposure: what was found and the fix (`chmod -R go-rwx ...`).
std::string exposure_message(const Exposure& exposure, uid_t uid);

}  // namespace uirgrade
