// The list scheduler (book §5.6, spec §5.3), called directly with the stages before it run as
// linearize.cc runs them, so a test can hand it a loop order of its own. Every expected list is a
// hand trace of the three steps (emit at the current place in file order; open the next loop of the
// given order; close the current loop) over the program text.
#include "oracle/schedule.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "oracle/linearize_stages_testing.h"
#include "oracle/variant_testing.h"

namespace uir {
namespace {

/// Everything schedule() takes, computed from `text` by the stages before it.
struct Stages : testing::StagesBeforeLoopOrder {
  LoopOrder order;
};

Stages stages_of(std::string_view text, bool loops_by_range_line = false) {
  Stages out{testing::StagesBeforeLoopOrder(text), {}};
  const testing::SiblingsInRangeLineOrder attempt_b;
  EXPECT_FALSE(order_loops(out.compiled.program, out.tree, out.live, out.placement,
                           loops_by_range_line ? attempt_b : OracleVariant::reference(), &out.order)
                   .has_value());
  return out;
}

struct Item {
  int32_t stmt;
  Step step;
  int depth;
  bool operator==(const Item&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Item& item) {
  const char* step = item.step == Step::Emit ? "emit" : item.step == Step::Open ? "open" : "close";
  return os << "{" << item.stmt << " " << step << " depth " << item.depth << "}";
}

std::vector<Item> items_of(const std::vector<Placed>& placed) {
  std::vector<Item> out;
  for (const Placed& p : placed) out.push_back({p.stmt, p.step, p.depth});
  return out;
}

std::vector<Item> schedule_items(const Stages& s, bool nest_into_siblings = false) {
  std::vector<Placed> placed;
  std::optional<Error> error = schedule(s.compiled.program, s.tree, s.live, s.users, s.placement, s.order,
                                        nest_into_siblings, &placed);
  EXPECT_FALSE(error.has_value()) << (error ? error->message : "");
  return items_of(placed);
}

constexpr Step E = Step::Emit, O = Step::Open, C = Step::Close;

TEST(Schedule, WhatDependsOnNoRangeRunsBeforeTheLoopOpens) {
  // %two comes after the range line but depends on no range: it is emitted before %i opens.
  Stages s = stages_of(
      "%A  = buffer 4 dtype=i32 slot=0\n"  // 0
      "%i  = range 4\n"                    // 1
      "%two = const 2\n"                   // 2
      "%v  = shrink %A %i shape=[]\n"      // 3
      "%m  = mul %i %two\n"                // 4
      "%s  = store %v %m\n"                // 5
      "%e  = end %s %i\n"                  // 6
      "%A1 = after %A %e\n");              // 7
  EXPECT_EQ(schedule_items(s), (std::vector<Item>{{0, E, 0}, {2, E, 0}, {1, O, 1}, {3, E, 1}, {4, E, 1},
                                                  {5, E, 1}, {6, C, 0}, {7, E, 0}}));
}

TEST(Schedule, AStoreWaitsForTheLoadsOfTheVersionItOverwrites) {
  // %x (line 7) reads the first version of A, which %sa (line 4) overwrites: %sa runs after %x, and
  // the rest at the top level in file order as it becomes ready.
  Stages s = stages_of(
      "%A  = buffer 2 dtype=i32 slot=0\n"  // 0
      "%O  = buffer 1 dtype=i32 slot=1\n"  // 1
      "%va = shrink %A 0 shape=[]\n"       // 2
      "%sa = store %va 5\n"                // 3
      "%A1 = after %A %sa\n"               // 4
      "%rv = shrink %A 1 shape=[]\n"       // 5
      "%x  = load %rv\n"                   // 6
      "%vo = shrink %O 0 shape=[]\n"       // 7
      "%so = store %vo %x\n"               // 8
      "%O1 = after %O %so\n");             // 9
  std::vector<Item> expected;
  for (int32_t stmt : {0, 1, 2, 5, 6, 3, 4, 7, 8, 9}) expected.push_back({stmt, E, 0});
  EXPECT_EQ(schedule_items(s), expected);
}

// Two independent loops: %i writes A, %j writes B.
constexpr std::string_view kIndependentSiblings =
    "%A  = buffer 4 dtype=i32 slot=0\n"  // 0
    "%B  = buffer 4 dtype=i32 slot=1\n"  // 1
    "%i  = range 4\n"                    // 2
    "%j  = range 4\n"                    // 3
    "%va = shrink %A %i shape=[]\n"      // 4
    "%sa = store %va 1\n"                // 5
    "%ea = end %sa %i\n"                 // 6
    "%A1 = after %A %ea\n"               // 7
    "%vb = shrink %B %j shape=[]\n"      // 8
    "%sb = store %vb 2\n"                // 9
    "%eb = end %sb %j\n"                 // 10
    "%B1 = after %B %eb\n";              // 11

TEST(Schedule, OpensSiblingsInTheGivenOrder) {
  Stages s = stages_of(kIndependentSiblings);
  EXPECT_EQ(schedule_items(s), (std::vector<Item>{{0, E, 0}, {1, E, 0}, {2, O, 1}, {4, E, 1}, {5, E, 1},
                                                  {6, C, 0}, {7, E, 0}, {3, O, 1}, {8, E, 1}, {9, E, 1},
                                                  {10, C, 0}, {11, E, 0}}));
  // Handed the other order, it follows it; %B1 is ready once %j closes and runs before %i opens.
  s.order.children[kTopLevel + 1] = {3, 2};
  EXPECT_EQ(schedule_items(s), (std::vector<Item>{{0, E, 0}, {1, E, 0}, {3, O, 1}, {8, E, 1}, {9, E, 1},
                                                  {10, C, 0}, {11, E, 0}, {2, O, 1}, {4, E, 1}, {5, E, 1},
                                                  {6, C, 0}, {7, E, 0}}));
}

// Loop %i (range line first) reads B1, which only loop %j's end makes.
constexpr std::string_view kReadThroughEnd =
    "%A  = buffer 4 dtype=i32 slot=0\n"  // 0
    "%B  = buffer 4 dtype=i32 slot=1\n"  // 1
    "%i  = range 4\n"                    // 2
    "%j  = range 4\n"                    // 3
    "%vb = shrink %B %j shape=[]\n"      // 4
    "%sb = store %vb 5\n"                // 5
    "%eb = end %sb %j\n"                 // 6
    "%B1 = after %B %eb\n"               // 7
    "%rb = shrink %B1 %i shape=[]\n"     // 8
    "%x  = load %rb\n"                   // 9
    "%va = shrink %A %i shape=[]\n"      // 10
    "%sa = store %va %x\n"               // 11
    "%ea = end %sa %i\n"                 // 12
    "%A1 = after %A %ea\n";              // 13

TEST(Schedule, AnOrderThatOpensAReaderFirstGetsStuckWithENest) {
  // With %i first, the scheduler opens %i, emits %va, and then nothing fits: %j's work can't run
  // inside %i and %i can't close. Unplaced live statements from %j (line 4) on are listed.
  Stages s = stages_of(kReadThroughEnd, /*loops_by_range_line=*/true);
  ASSERT_EQ(s.order.inside(kTopLevel), (std::vector<int32_t>{2, 3}));
  std::vector<Placed> placed;
  std::optional<Error> error = schedule(s.compiled.program, s.tree, s.live, s.users, s.placement, s.order, false, &placed);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->rule, Rule::Nest);
  EXPECT_EQ(error->line, 4);
  EXPECT_EQ(error->message, "can't schedule; open loops [%i], stuck at [line 4, line 5, line 6, line 7, line 8]");
}

TEST(Schedule, PlantedNestIntoSiblingsOpensTheWriterInsideTheReader) {
  // The book's attempt (b): stuck inside %i, it opens %j inside %i, then emits the top-level %B1
  // inside %i too.
  Stages s = stages_of(kReadThroughEnd, /*loops_by_range_line=*/true);
  EXPECT_EQ(schedule_items(s, /*nest_into_siblings=*/true),
            (std::vector<Item>{{0, E, 0}, {1, E, 0}, {2, O, 1}, {10, E, 1}, {3, O, 2}, {4, E, 2}, {5, E, 2},
                               {6, C, 1}, {7, E, 1}, {8, E, 1}, {9, E, 1}, {11, E, 1}, {12, C, 0},
                               {13, E, 0}}));
}

}  // namespace
}  // namespace uir
