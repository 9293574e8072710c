// `grade class` and `grade merge --out DIR` of class shards, from parsed Options to an exit code:
// 0 when the class was graded (whatever the students scored), 2 for a usage, roster or suite
// problem. The outputs (OUT/students/, gradebook.csv, class.html, class.json) are described in
// docs/instructors.md.
#pragma once

#include <iosfwd>

#include "grader/grade.h"
#include "cli/options.h"

namespace uirgrade {

int run_class(const Options& options, const FuzzSource& fuzz, std::ostream& err);

/// `grade merge --out DIR SHARD_DIR...`: the shards' students in one gradebook and class report.
int run_class_merge(const Options& options, std::ostream& err);

/// `grade similarity CLASS_DIR`: the similarity report of a graded class (and class.html again,
/// with its section).
int run_similarity(const Options& options, std::ostream& err);

}  // namespace uirgrade
