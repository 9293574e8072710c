// The class's work figures (issue 26): for each `# render: work` test, the distribution of the
// graded students' ratios to the oracle's instructions, and the students far above the oracle.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "class/class_run.h"

namespace uirgrade {

/// A ratio at or above this is "far above the oracle" when the week scores no limit: half as much
/// work again as the oracle's kernel, far more than any difference of spelling (issue 39: honest
/// spellings read 0.89x to 1.00x) or one statement moved one loop deeper (1.11x to 1.19x on week
/// 3's work tests).
inline constexpr double kFarAboveOracle = 1.5;

struct WorkDistribution {
  std::string test;                 // its label (result_label)
  std::vector<double> ratios;       // every measured ratio, ascending
  int not_measured = 0;             // graded students whose kernel passed but was not counted
  double threshold = kFarAboveOracle;  // the week's work limit when it scores one
  std::vector<std::pair<std::string, double>> far_above;  // (student id, ratio), highest first
};

/// One entry per work test of the run that any student's report measured, in test order.
std::vector<WorkDistribution> work_distributions(const ClassRun& run);

/// "min 1.00, median 1.00, max 3.41 over 12 students; far above the oracle (>= 1.5x): s07 3.41x, s02 1.72x".
std::string describe_distribution(const WorkDistribution& work);

/// The class report's section "Work per test" (nothing when the run has no work test).
void write_work_section_html(const ClassRun& run, std::ostream& out);

}  // namespace uirgrade
