// The gradebook of a class as CSV for a spreadsheet or an LMS import: one header row, then one row
// per student: student, status, score, max, percent, then score and max per week and per suite,
// then how many tests earned each verdict, the reason for a 0 and the student's report file.
#pragma once

#include <iosfwd>

#include "class/class_run.h"

namespace uirgrade {

void write_gradebook(const ClassRun& run, std::ostream& out);

}  // namespace uirgrade
