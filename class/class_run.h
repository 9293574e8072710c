// A class run as a whole: what was graded (week, seed, the tests with their points) and every
// student's record. OUT/class.json lists it, so that `grade merge --out DIR SHARD...` can join the
// shards of a class (each graded a different set of students) into one gradebook and report.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "class/class_state.h"
#include "grader/result.h"
#include "base/shard.h"

namespace uirgrade {

struct ClassRun {
  int week = 0;
  uint64_t seed = 0;
  std::string tests_key;     // run_key(): shards of one class have the same
  std::optional<Shard> shard;
  std::vector<TestResult> tests;  // every test of the run: name, suite, week, mode, max_points
  /// A test's label (result_label) -> its `# about:` line (the spec section or book pitfall it is
  /// about): the class report groups failures by it. Tests without one are not listed.
  std::map<std::string, std::string> about_by_test;
  std::vector<StudentRecord> students;  // sorted by id
  // Shown at the top of class.html (not saved in class.json: a merged run leaves them empty).
  std::string suites_folder;  // "suites: /abs/path (built-in)"
  std::string graded_at;      // "2026-12-03 10:58 UTC"
  /// Why the run ended before every student was graded ("the grader was stopped (SIGTERM)");
  /// empty when it did not. Saved in class.json: such a directory is resumed, not merged.
  std::string incomplete;
};

/// Writes OUT/class.json (the run and each student's id and key; the records are in state/).
std::optional<std::string> save_class_manifest(const std::string& out_dir, const ClassRun& run);

/// Reads a class directory written by `grade class`; an error naming the file otherwise, also for
/// a run that was stopped before every student was graded (ClassRun::incomplete).
std::variant<ClassRun, std::string> load_class_dir(const std::string& dir);

/// Joins shards of one class: the same tests key, seed and week, each K of 1..N once, no student
/// twice; an error naming what does not fit.
std::variant<ClassRun, std::string> merge_class_shards(const std::vector<ClassRun>& shards);

}  // namespace uirgrade
