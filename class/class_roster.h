// Who is in a class (`grade class SUBMISSIONS`): a directory with one folder per student (the
// folder's name is the student id, the compiler is `student-uirc` inside it), or a roster CSV of
// `id,path` rows (path: a folder holding student-uirc, or the executable itself; relative paths are
// relative to the CSV). A student whose compiler is missing or not executable stays in the class
// with the problem named: it scores 0 with that reason, it is never dropped.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "base/shard.h"

namespace uirgrade {

struct Submission {
  std::string id;        // the student id (a folder name or the roster's first column)
  std::string compiler;  // the path of the executable that is graded
  std::string folder;    // the student's folder, all of which is the submission; empty: just `compiler`
  std::string problem;   // empty: looks gradable; else why it scores 0 ("no student-uirc in ...")
  /// The folder's build recipe (grader/submission_build.h): its sources are built, in the sandbox,
  /// before it is graded, so `compiler` need not exist yet. Empty: graded as it is.
  std::string recipe = {};
};

/// Why `id` cannot name a student (it becomes a file name of the class report): empty, `.`, `..`,
/// a `/`; nullopt when it is fine. Anything else (spaces, `<script>`, non-ASCII) is allowed and
/// escaped wherever it is shown.
std::optional<std::string> invalid_student_id(std::string_view id);

/// The id a folder name or roster id is graded under: control characters, C1 controls and bidi
/// overrides spelled out as escapes (`\x1b`, `\u009b`, `\u202e`, display_text.h), invalid UTF-8
/// as U+FFFD, at most 200 bytes. So the id is safe to print, to put in gradebook.csv and
/// class.json, and to use as a file name, while the folder itself is read by its real name.
std::string student_id_from_name(std::string_view name);

/// The students of a directory or roster CSV, sorted by id; an error naming the file (and line).
std::variant<std::vector<Submission>, std::string> load_roster(const std::string& submissions);

/// Shard K of N of a class, by student (deterministic: the same split on every machine).
std::vector<Submission> select_student_shard(std::vector<Submission> students, const Shard& shard);

}  // namespace uirgrade
