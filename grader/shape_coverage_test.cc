// The shape table counts hand-written and generated tests per cell and reports every cell hit fewer
// than twice; the week's plan with its enumerated programs leaves none.
#include "grader/shape_coverage.h"

#include <gtest/gtest.h>

#include <sstream>

namespace uirgrade {
namespace {

TestCase hand_written(const std::string& source) {
  TestCase t;
  t.name = "t";
  t.path = "t.uir";
  t.week = 3;
  t.source = source;
  return t;
}

std::string row(const std::string& table, const std::string& cell) {
  size_t at = table.find("  " + cell + " ");
  return at == std::string::npos ? "" : table.substr(at, table.find('\n', at) - at);
}

WeekPlan week3(std::map<std::string, int> counts) {
  WeekPlan plan;
  plan.week = 3;
  plan.fuzz_counts = std::move(counts);
  return plan;
}

TEST(ShapeCoverage, CountsATestPerCellAndReportsCellsHitFewerThanTwice) {
  std::string one_loop = "%b = buffer 4 dtype=i32 slot=0\n%i = range 4\n%v = shrink %b %i shape=[]\n"
                         "%s = store %v %i\n%e = end %s %i\n%b1 = after %b %e\n";
  std::ostringstream once, twice;
  int short_once = print_shape_coverage(once, {hand_written(one_loop)}, {week3({})});
  int short_twice = print_shape_coverage(twice, {hand_written(one_loop), hand_written(one_loop)}, {week3({})});
  EXPECT_NE(row(once.str(), "depth-1 x valid").find("one test only"), std::string::npos) << once.str();
  EXPECT_EQ(row(twice.str(), "depth-1 x valid").find("<-"), std::string::npos) << twice.str();
  EXPECT_NE(row(twice.str(), "depth-3 x E-END-UNUSED").find("no test hits it"), std::string::npos);
  EXPECT_NE(row(once.str(), "store-in-its-innermost-range x valid").find("one test only"), std::string::npos);
  EXPECT_EQ(row(twice.str(), "store-in-its-innermost-range x valid").find("<-"), std::string::npos);
  EXPECT_LT(short_twice, short_once);
}

TEST(ShapeCoverage, TheEnumeratedProgramsOfThePlanHitEveryCellTwice) {
  std::ostringstream without, with;
  EXPECT_GT(print_shape_coverage(without, {}, {week3({{"probe", 5}})}), 20) << without.str();
  EXPECT_EQ(print_shape_coverage(with, {}, {week3({{"shape", 120}})}), 0) << with.str();
}

TEST(ShapeCoverage, NoTableWithoutLoops) {
  std::ostringstream out;
  WeekPlan plan;
  plan.week = 2;
  EXPECT_EQ(print_shape_coverage(out, {}, {plan}), 0);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace uirgrade
