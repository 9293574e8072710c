// The similarity report of a class directory (`grade class --similarity`, `grade similarity DIR`):
// DIR/similarity.csv, DIR/similarity.json and the section of class.html (class/similarity_report.h).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "class/class_run.h"

namespace uirgrade {

/// Ranks the graded students of `run` from the evidence kept in `out_dir`, writes similarity.csv and
/// .json there and returns the class.html section; nullopt after saying why on `err`.
std::optional<std::string> write_similarity_outputs(const ClassRun& run, const std::string& out_dir, std::ostream& err);

}  // namespace uirgrade
