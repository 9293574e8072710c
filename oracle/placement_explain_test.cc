// The placement explanation on the week-3 spec's two accumulators: the load the rule moves into the
// loop, and the load it keeps out; and on a variant whose loads never move, whose placement is
// what a student with that bug builds (the explanation is of the oracle's, so it must differ).
#include "oracle/placement_explain.h"

#include <gtest/gtest.h>

#include "oracle/variant_testing.h"

namespace uir {
namespace {

// suites/week3/accumulator.uir without its headers: %cur moves into %k (line 6 stores into %a).
const char* kAccumulator =
    "%x = buffer 4 dtype=f32 slot=0\n"       // 1
    "%out = buffer 1 dtype=f32 slot=1\n"     // 2
    "%acc = alloc 1 dtype=f32\n"             // 3
    "%k = range 4\n"                         // 4
    "%a = shrink %acc 0 shape=[]\n"          // 5
    "%cur = load %a\n"                       // 6
    "%xv = shrink %x %k shape=[]\n"          // 7
    "%xk = load %xv\n"                       // 8
    "%sum = add %cur %xk\n"                  // 9
    "%s = store %a %sum\n"                   // 10
    "%e = end %s %k\n"                       // 11
    "%acc1 = after %acc %e\n"                // 12
    "%r = shrink %acc1 0 shape=[]\n"         // 13
    "%total = load %r\n"                     // 14
    "%o = shrink %out 0 shape=[]\n"          // 15
    "%so = store %o %total\n"                // 16
    "%out1 = after %out %so\n";              // 17

const FedPlacement* find_line(const Compiled& compiled, const std::vector<FedPlacement>& all, int line) {
  for (const FedPlacement& p : all)
    if (compiled.program.stmts[p.stmt].line == line) return &p;
  return nullptr;
}

TEST(PlacementExplain, TheLoadRuleMovesTheAccumulatorsLoad) {
  Compiled compiled = compile("a.uir", kAccumulator);
  ASSERT_FALSE(compiled.error);
  std::vector<FedPlacement> fed = placements_feeding_slot(compiled, 1);
  const FedPlacement* cur = find_line(compiled, fed, 6);
  ASSERT_NE(cur, nullptr);
  EXPECT_EQ(cur->why, FedPlacement::Why::MovedIn);
  EXPECT_EQ(compiled.program.stmts[cur->loop].name, "%k");
  EXPECT_EQ(cur->other_loop, -1);
  ASSERT_GE(cur->store, 0);
  EXPECT_EQ(compiled.program.stmts[cur->store].line, 10);
  const FedPlacement* xk = find_line(compiled, fed, 8);
  ASSERT_NE(xk, nullptr);
  EXPECT_EQ(xk->why, FedPlacement::Why::WithItsOperands);
  EXPECT_EQ(find_line(compiled, fed, 14)->loop, -1);
  EXPECT_EQ(find_line(compiled, fed, 16)->loop, -1);
  EXPECT_EQ(find_line(compiled, fed, 10)->loop, cur->loop);
  // Slot 0 is only read: nothing stores into it.
  EXPECT_TRUE(placements_feeding_slot(compiled, 0).empty());

  std::string text = explain_placements(compiled, 1);
  EXPECT_NE(text.find("line   6  %cur = load %a"), std::string::npos) << text;
  EXPECT_NE(text.find("runs in loop %k (line 4): moved in by the load rule"), std::string::npos) << text;
  EXPECT_NE(text.find("(line 10)"), std::string::npos) << text;
}

TEST(PlacementExplain, ALoadWithAUseOutsideTheLoopIsKeptOut) {
  // The week-3 spec's pinned load: %cur also feeds an assert outside the loop.
  std::string pinned = kAccumulator;
  pinned.replace(pinned.find("%xv = "), 0, "%dbg = add %cur 1.0\n%ok = cmpeq %dbg 1.0\nassert %ok\n");
  Compiled compiled = compile("p.uir", pinned);
  ASSERT_FALSE(compiled.error) << format_error(compiled.program, *compiled.error);
  std::vector<FedPlacement> fed = placements_feeding_slot(compiled, 1);
  const FedPlacement* cur = find_line(compiled, fed, 6);
  ASSERT_NE(cur, nullptr);
  EXPECT_EQ(cur->loop, -1);
  EXPECT_EQ(cur->why, FedPlacement::Why::KeptOut);
  EXPECT_EQ(compiled.program.stmts[cur->other_loop].name, "%k");
  EXPECT_NE(explain_placements(compiled, 1).find("kept out of loop %k (line 4)"), std::string::npos)
      << explain_placements(compiled, 1);
}

TEST(PlacementExplain, AnotherLoadRulePlacesTheLoadElsewhere) {
  testing::LoadsStay loads_stay;
  Compiled stays = compile("a.uir", kAccumulator, loads_stay);
  ASSERT_FALSE(stays.error);
  std::vector<FedPlacement> fed = placements_feeding_slot(stays, 1);
  ASSERT_NE(find_line(stays, fed, 6), nullptr);
  EXPECT_EQ(find_line(stays, fed, 6)->loop, -1);
}

TEST(PlacementExplain, NothingToSayWithoutLoops) {
  Compiled compiled = compile("s.uir", "%b = buffer 1 dtype=i32 slot=0\n%v = shrink %b 0 shape=[]\n"
                                       "%s = store %v 3\n%b1 = after %b %s\n");
  ASSERT_FALSE(compiled.error);
  EXPECT_EQ(explain_placements(compiled, 0), "");
  EXPECT_FALSE(placements_feeding_slot(compiled, 0).empty());
}

}  // namespace
}  // namespace uir
