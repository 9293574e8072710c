// Counting results: the totals every report prints (JSON's totals, the score table, Gradescope's
// summary), computed in one place so that they always agree.
#pragma once

#include <vector>

#include "grader/result.h"

namespace uirgrade {

struct Totals {
  int tests = 0;
  int passed = 0;
  double points = 0;  // earned
  double max_points = 0;

  int failed() const { return tests - passed; }
  double lost() const { return max_points - points; }  // points
  void add(const TestResult& result);
  void add(const Totals& other);
};

Totals add_up(const std::vector<TestResult>& results);

}  // namespace uirgrade
