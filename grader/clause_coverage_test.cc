// The clause table counts a hand-written test under its week and a plan's generated tests under
// theirs, and reports (and counts) every clause no test covers.
#include "grader/clause_coverage.h"

#include <gtest/gtest.h>

#include <sstream>

namespace uirgrade {
namespace {

TestCase hand_written(const std::string& source, int week) {
  TestCase t;
  t.name = "t";
  t.path = "t.uir";
  t.week = week;
  t.source = source;
  return t;
}

std::string row(const std::string& table, const std::string& clause) {
  size_t at = table.find("  " + clause + " ");
  return at == std::string::npos ? "" : table.substr(at, table.find('\n', at) - at);
}

TEST(ClauseCoverage, CountsHandWrittenTestsAndReportsTheRest) {
  std::ostringstream out;
  int uncovered = print_clause_coverage(
      out, {hand_written("%b = buffer 6 dtype=i32 slot=0\n%i = range 4\n%m = mul %i -2\n%o = add %m 5\n"
                         "%v = shrink %b %o shape=[]\n", 3)},
      {});
  std::string table = out.str();
  EXPECT_NE(row(table, "E-BOUNDS/through-mul-negative").find(" 1"), std::string::npos) << table;
  EXPECT_EQ(row(table, "E-BOUNDS/through-mul-negative").find("no test covers it"), std::string::npos);
  EXPECT_NE(row(table, "E-BOUNDS/above").find("no test covers it"), std::string::npos) << table;
  EXPECT_GT(uncovered, 10);
}

TEST(ClauseCoverage, GeneratedTestsOfThePlanCoverWhatNoHandWrittenTestDoes) {
  WeekPlan plan;
  plan.week = 3;
  plan.fuzz_counts = {{"valid", 20}, {"invalid", 10}, {"probe", 40}};
  std::ostringstream without, with;
  int alone = print_clause_coverage(without, {}, {});
  int generated = print_clause_coverage(with, {}, {plan});
  EXPECT_LT(generated, alone) << with.str();
  EXPECT_EQ(row(with.str(), "linearizer/siblings-ordered-by-load-store-edge").find("no test covers it"),
            std::string::npos)
      << with.str();
}

}  // namespace
}  // namespace uirgrade
