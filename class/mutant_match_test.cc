#include "class/mutant_match.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

const char* kMutants = R"({"week":3,"seed":1,"mutants":[
  {"name":"loads-never-move","description":"accumulator never accumulates","killed_by":["week3/acc","week3/sum","fuzz/3"],"points":1,"max_points":9},
  {"name":"subset-scope","description":"siblings in range-line order","killed_by":["week3/siblings","week3/acc"],"points":5,"max_points":9}],
  "tests":[{"name":"week3/acc","kills":["loads-never-move","subset-scope"]}]})";

TEST(GraderMutantMatch, ClosestByJaccard) {
  auto mutants = std::get<std::vector<MutantKills>>(parse_mutants_json(kMutants));
  ASSERT_EQ(mutants.size(), 2u);
  EXPECT_EQ(mutants[0].description, "accumulator never accumulates");
  // {acc, sum} vs {acc, sum, fuzz/3}: 2/3; vs {siblings, acc}: 1/3.
  auto loads = closest_mutant({"week3/acc", "week3/sum"}, mutants);
  ASSERT_TRUE(loads);
  EXPECT_EQ(loads->mutant->name, "loads-never-move");
  EXPECT_DOUBLE_EQ(loads->similarity, 2.0 / 3);
  auto scope = closest_mutant({"week3/siblings"}, mutants);
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->mutant->name, "subset-scope");
  EXPECT_DOUBLE_EQ(scope->similarity, 0.5);
  EXPECT_FALSE(closest_mutant({"week1/other"}, mutants));
  EXPECT_FALSE(closest_mutant({}, mutants));
}

TEST(GraderMutantMatch, NotAMutantsFile) {
  auto parsed = parse_mutants_json(R"({"week":3})");
  ASSERT_TRUE(std::holds_alternative<std::string>(parsed));
  EXPECT_NE(std::get<std::string>(parsed).find("mutants"), std::string::npos) << std::get<std::string>(parsed);
  EXPECT_TRUE(std::holds_alternative<std::string>(parse_mutants_json("{nope")));
}

}  // namespace
}  // namespace uirgrade
