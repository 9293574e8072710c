// The enumeration is checked against the bound it claims (the forests of up to 4 loops, 3 deep: the
// Catalan numbers 1, 2, 5, 14 less the one chain of 4), against the oracle (every kept program is
// what the oracle says it is), and for its goal: every cell of the table hit twice.
#include "generators/enumerate_shapes.h"

#include <gtest/gtest.h>

#include "oracle/oracle.h"
#include "testcase/shapes.h"

namespace uirgen {
namespace {

TEST(EnumerateShapes, TheSpaceHoldsEveryForestOfTheBound) {
  std::set<std::vector<int>> forests;
  for (const Skeleton& s : all_skeletons()) forests.insert(s.parent);
  EXPECT_EQ(forests.size(), 1u + 2u + 5u + 13u);
  EXPECT_TRUE(forests.count({-1, 0, 1}));
  EXPECT_TRUE(forests.count({-1, 0, 0, -1}));
  EXPECT_FALSE(forests.count({-1, 0, 1, 2}));  // four deep
}

TEST(EnumerateShapes, EveryCellIsHitTwiceAndEveryProgramIsWhatTheOracleSays) {
  ShapeEnumeration e = enumerate_shape_programs(1, 1000);
  std::printf("seed 1: %zu programs kept after %d of %d skeletons\n", e.kept.size(), e.walked, e.skeletons);
  for (const auto& [cell, hits] : e.hits) EXPECT_GE(hits, 2) << cell;
  for (const ShapeProgram& p : e.kept) {
    uir::Compiled c = uir::compile("again.uir", p.text);
    ASSERT_EQ(c.error.has_value(), p.rule.has_value()) << p.text;
    if (c.error) {
      EXPECT_EQ(c.error->rule, *p.rule);
      EXPECT_EQ(c.error->line, p.line);
    }
    EXPECT_EQ(uirgrade::shape_cells_of(c), p.cells) << p.text;
  }
}

TEST(EnumerateShapes, TheSeedOrdersTheWalkAndTheSameSeedGivesTheSamePrograms) {
  ShapeEnumeration a = enumerate_shape_programs(7, 10), again = enumerate_shape_programs(7, 10),
                   other = enumerate_shape_programs(8, 10);
  ASSERT_EQ(a.kept.size(), 10u);
  for (size_t k = 0; k < a.kept.size(); ++k) EXPECT_EQ(a.kept[k].text, again.kept[k].text);
  EXPECT_NE(a.kept[0].text, other.kept[0].text);
  EXPECT_NE(a.kept[0].text.find("# uirgen-shapes: seed=7 "), std::string::npos);
}

}  // namespace
}  // namespace uirgen
