// The order of sibling loops (spec §5.3: range-line order when nothing orders them; a read through a
// sibling's end, or a load that must run before a sibling's store, opens that sibling first) and
// E-LOAD-ORDER (spec §4.1) when no order keeps every edge. order_loops() is called directly on the
// stages before it, run as linearize.cc runs them; expected orders are worked out from the text.
#include "oracle/loop_order.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "oracle/linearize_stages_testing.h"
#include "oracle/linearize_testing.h"
#include "oracle/variant_testing.h"

namespace uir {
namespace {

/// order_loops() on a program that passes every rule before E-LOAD-ORDER.
struct Ordered {
  testing::StagesBeforeLoopOrder stages;
  std::optional<Error> error;
  LoopOrder order;
};

Ordered order_of(std::string_view text, bool by_range_line = false) {
  Ordered out{testing::StagesBeforeLoopOrder(text), std::nullopt, {}};
  const testing::StagesBeforeLoopOrder& s = out.stages;
  const testing::SiblingsInRangeLineOrder attempt_b;
  out.error = order_loops(s.compiled.program, s.tree, s.live, s.placement,
                          by_range_line ? attempt_b : OracleVariant::reference(), &out.order);
  return out;
}

using Loops = std::vector<int32_t>;
using testing::kReadThroughEnd;

TEST(LoopOrder, UnorderedSiblingsOpenInRangeLineOrder) {
  // %j's range line comes first, although %i's body comes first in the file and the buffer %j writes
  // is declared before the one %i writes (so %i's loop is the last one whose operands are ready).
  Ordered result = order_of(
      "%B  = buffer 4 dtype=i32 slot=1\n"  // 0
      "%A  = buffer 4 dtype=i32 slot=0\n"  // 1
      "%j  = range 4\n"                    // 2
      "%i  = range 4\n"                    // 3
      "%va = shrink %A %i shape=[]\n"
      "%sa = store %va 1\n"
      "%ea = end %sa %i\n"
      "%A1 = after %A %ea\n"
      "%vb = shrink %B %j shape=[]\n"
      "%sb = store %vb 2\n"
      "%eb = end %sb %j\n"
      "%B1 = after %B %eb\n");
  ASSERT_FALSE(result.error.has_value());
  EXPECT_EQ(result.order.inside(kTopLevel), (Loops{2, 3}));
  EXPECT_TRUE(result.order.inside(2).empty());
  EXPECT_TRUE(result.order.inside(3).empty());
}

TEST(LoopOrder, ASiblingReadThroughItsEndOpensFirst) {
  Ordered result = order_of(kReadThroughEnd);
  ASSERT_FALSE(result.error.has_value());
  EXPECT_EQ(result.order.inside(kTopLevel), (Loops{3, 2}));
}

TEST(LoopOrder, PlantedRangeLineOrderIgnoresWhatSiblingsRead) {
  // The book's attempt (b): file order of the range lines, whatever the loops read.
  Ordered result = order_of(kReadThroughEnd, /*by_range_line=*/true);
  ASSERT_FALSE(result.error.has_value());
  EXPECT_EQ(result.order.inside(kTopLevel), (Loops{2, 3}));
}

TEST(LoopOrder, ALoadOpensItsLoopBeforeTheSiblingThatOverwrites) {
  // Loop %j loads the first version of A; loop %i stores into that version. Nothing else orders them,
  // so without the load edge %i (range line first) would open first.
  Ordered result = order_of(
      "%A  = buffer 4 dtype=i32 slot=0\n"  // 0
      "%O  = buffer 4 dtype=i32 slot=1\n"  // 1
      "%i  = range 4\n"                    // 2
      "%j  = range 4\n"                    // 3
      "%va = shrink %A %i shape=[]\n"
      "%sa = store %va 7\n"
      "%ea = end %sa %i\n"
      "%A1 = after %A %ea\n"
      "%ra = shrink %A %j shape=[]\n"
      "%x  = load %ra\n"
      "%vo = shrink %O %j shape=[]\n"
      "%so = store %vo %x\n"
      "%eo = end %so %j\n"
      "%O1 = after %O %eo\n");
  ASSERT_FALSE(result.error.has_value());
  EXPECT_EQ(result.order.inside(kTopLevel), (Loops{3, 2}));
}

TEST(LoopOrder, NestedLoopsAreListedInsideTheirParent) {
  Ordered result = order_of(
      "%A  = buffer 16 dtype=i32 slot=0\n"  // 0
      "%o  = range 4\n"                     // 1
      "%k  = range 4\n"                     // 2
      "%m  = mul %o 4\n"
      "%f  = add %m %k\n"
      "%v  = shrink %A %f shape=[]\n"
      "%s  = store %v 1\n"
      "%ek = end %s %k\n"
      "%eo = end %ek %o\n"
      "%A1 = after %A %eo\n");
  ASSERT_FALSE(result.error.has_value());
  EXPECT_EQ(result.order.inside(kTopLevel), (Loops{1}));
  EXPECT_EQ(result.order.inside(1), (Loops{2}));
  EXPECT_TRUE(result.order.inside(2).empty());
}

TEST(LoopOrder, ALoadThatDependsOnTheOverwritingStore) {
  // %x reads version %A at an offset computed from A1, which exists only after %sa overwrote %A.
  Ordered result = order_of(testing::kLoadDependsOnStore);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->rule, Rule::LoadOrder);
  EXPECT_EQ(result.error->line, 11);
  EXPECT_EQ(result.error->message, "load %x depends on the store %sa (line 4) that overwrites the version it reads");
}

TEST(LoopOrder, SiblingsThatMustRunBothWaysNameTheLoad) {
  // Loop %j loads the old A (so %j before %i, which overwrites A) and C1 (so %i before %j).
  Ordered result = order_of(
      "%A  = buffer 4 dtype=i32 slot=0\n"
      "%C  = buffer 4 dtype=i32 slot=1\n"
      "%O  = buffer 4 dtype=i32 slot=2\n"
      "%i  = range 4\n"
      "%va = shrink %A %i shape=[]\n"
      "%sa = store %va 1\n"  // line 6
      "%vc = shrink %C %i shape=[]\n"
      "%sc = store %vc 2\n"
      "%ei = end %sa %sc %i\n"
      "%A1 = after %A %ei\n"
      "%C1 = after %C %ei\n"
      "%j  = range 4\n"
      "%ra = shrink %A %j shape=[]\n"
      "%x  = load %ra\n"  // line 14
      "%rc = shrink %C1 %j shape=[]\n"
      "%y  = load %rc\n"
      "%s  = add %x %y\n"
      "%vo = shrink %O %j shape=[]\n"
      "%so = store %vo %s\n"
      "%ej = end %so %j\n"
      "%O1 = after %O %ej\n");
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->rule, Rule::LoadOrder);
  EXPECT_EQ(result.error->line, 14);
  EXPECT_EQ(result.error->message,
            "load %x must run before the store %sa (line 6) that overwrites the version it reads, but no "
            "order of the loops keeps that together with what the loops read and the loads before it");
}

}  // namespace
}  // namespace uir
