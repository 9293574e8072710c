// The similarity report of a class directory (`grade class --similarity`, `grade similarity DIR`):
// DIR/similarity.csv, DIR/similarity.json and the section of class.html (class/similarity_report.h).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "class/class_run.h"
#include "sandbox/process.h"

namespace uirgrade {

/// Ranks the graded students of `run` from the evidence kept in `out_dir`, writes similarity.csv and
/// .json there and returns the class.html section; nullopt after saying why on `err`. With a
/// `runner`, the students' kept sources are compared too (sim runs through it), `handout_dir`'s
/// text excluded; `sim_bin_dir` is where the sim_* programs are.
std::optional<std::string> write_similarity_outputs(const ClassRun& run, const std::string& out_dir, std::ostream& err,
                                                    CommandRunner* runner = nullptr, const std::string& handout_dir = "",
                                                    const std::string& sim_bin_dir = "/usr/bin");

}  // namespace uirgrade
