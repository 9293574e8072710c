#include "reports/report_totals.h"

namespace uirgrade {

void Totals::add(const TestResult& result) {
  ++tests;
  if (result.verdict == Verdict::Pass) ++passed;
  points += result.points;
  max_points += result.max_points;
}

void Totals::add(const Totals& other) {
  tests += other.tests;
  passed += other.passed;
  points += other.points;
  max_points += other.max_points;
}

Totals add_up(const std::vector<TestResult>& results) {
  Totals totals;
  for (const TestResult& result : results) totals.add(result);
  return totals;
}

}  // namespace uirgrade
