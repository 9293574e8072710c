// The work figure of `# render: work` tests (issue 26) in every report: the ratio to the oracle's
// instructions, advisory or scored, and the hot lines, in words that are the same in the text,
// JUnit and Gradescope reports (the JSON report holds the numbers, report_json.cc).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "grader/result.h"
#include "reports/report.h"

namespace uirgrade {

/// The figure and its hot lines, one line each (the student's C quoted under each hot line), for a
/// result the student may see; the figure alone for one they may not (hidden tests show no code).
/// Empty for a result without a work figure.
std::vector<std::string> work_lines(const TestResult& result);

/// The text report's section "Work (instructions executed inside kernel ...)": one entry per work
/// test of the report; nothing when there is none.
void write_work_section(const Report& report, std::ostream& out);

}  // namespace uirgrade
