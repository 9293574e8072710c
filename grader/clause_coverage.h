// The clause part of `grade check-suites --coverage` (issue 23): which rule clauses, near misses
// and linearizer decisions (testcase/clauses.h) the hand-written tests of each week exercise, and
// which the generated tests of each week's plan exercise at its counts (seed 1). A clause that no
// test, hand-written or generated, exercises is a problem.
#pragma once

#include <iosfwd>
#include <vector>

#include "testcase/suite.h"

namespace uirgrade {

/// Prints the table; returns the number of clauses no test covers. `hand_written`: one TestCase
/// per test file.
int print_clause_coverage(std::ostream& out, const std::vector<TestCase>& hand_written,
                          const std::vector<WeekPlan>& plans);

}  // namespace uirgrade
