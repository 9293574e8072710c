// The structural part of `grade check-suites --coverage` (issue 36): for every cell of week 3's
// shape table (testcase/shapes.h: a shape with an outcome, valid or a rule of spec §8), how many
// hand-written tests and how many generated tests of the plans (seed 1) hit it. A cell hit by fewer
// than two tests is a problem: one test is one point a compiler with that bug loses.
#pragma once

#include <iosfwd>
#include <vector>

#include "testcase/suite.h"

namespace uirgrade {

/// Prints the table when some plan has loops (week 3 or later); returns the number of cells hit by
/// fewer than two tests. `hand_written`: one TestCase per test file.
int print_shape_coverage(std::ostream& out, const std::vector<TestCase>& hand_written,
                         const std::vector<WeekPlan>& plans);

}  // namespace uirgrade
