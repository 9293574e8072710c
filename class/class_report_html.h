// The class report: one self-contained HTML file (inline CSS and SVG, no script, no fetches) with
// the score histogram, the pass rate of each test (weakest first), the failures grouped by test and
// verdict across the class with one student's message and (minimised) program, the students whose
// failure sets are identical, the catalogued bug each student resembles (with mutant results), and
// a table of students linking to their reports. Every student-controlled byte is escaped.
#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

#include "class/class_run.h"
#include "class/mutant_match.h"

namespace uirgrade {

/// `similarity_section`: the similarity report's section (class/similarity_report.h), or empty.
void write_class_report(const ClassRun& run, const std::vector<MutantKills>& mutants, std::ostream& out,
                        std::string_view similarity_section = "");

}  // namespace uirgrade
