// Each shape is read off a hand-written program known to have it (and not its neighbours), so a
// classifier that confuses positions, pairs or depths fails here.
#include "testcase/shapes.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::set<std::string> of(const std::string& text) { return shape_cells_of(uir::compile("t.uir", text)); }

TEST(Shapes, TheTableListsEachCellOnce) {
  std::vector<std::string> cells = all_shape_cells();
  std::set<std::string> unique(cells.begin(), cells.end());
  EXPECT_EQ(unique.size(), cells.size());
  EXPECT_TRUE(unique.count("depth-3 x E-VERSION-FORK"));
  EXPECT_TRUE(unique.count("end-offending-2-of-3 x E-END-UNUSED"));
  EXPECT_FALSE(unique.count("end-offending-2-of-3 x valid"));  // an offending effect is never valid
}

// An end of three effects whose second does not use the range: the offending position is 2 of 3,
// one loop deep; the same end with the effect first is 1 of 3.
TEST(Shapes, TheOffendingEffectOfAnEndByPosition) {
  std::string head = "%b = buffer 2 dtype=i32 slot=0\n%c = buffer 1 dtype=i32 slot=1\n%d = buffer 2 dtype=i32 slot=2\n"
                     "%i = range 2\n%v = shrink %b %i shape=[]\n%s = store %v %i\n%w = shrink %c 0 shape=[]\n"
                     "%t = store %w 7\n%x = shrink %d %i shape=[]\n%u = store %x 1\n";
  auto second = of(head + "%e = end %s %t %u %i\n");
  EXPECT_TRUE(second.count("end-offending-2-of-3 x E-END-UNUSED"));
  EXPECT_TRUE(second.count("depth-1 x E-END-UNUSED"));
  EXPECT_FALSE(second.count("end-offending-1-of-3 x E-END-UNUSED"));
  auto first = of(head + "%e = end %t %s %u %i\n");
  EXPECT_TRUE(first.count("end-offending-1-of-3 x E-END-UNUSED"));
  EXPECT_FALSE(first.count("end-offending-2-of-3 x E-END-UNUSED"));
}

// Two stores into one version from sibling loops inside an outer loop: a sibling pair, two deep.
TEST(Shapes, TwoStoresIntoOneVersionFromSiblingLoops) {
  auto cells = of("%b = buffer 4 dtype=i32 slot=0\n%i = range 2\n%j = range 2\n%k = range 2\n%i2 = mul %i 2\n"
                  "%o1 = add %i2 %j\n%v1 = shrink %b %o1 shape=[]\n%s1 = store %v1 1\n%o2 = add %i2 %k\n"
                  "%v2 = shrink %b %o2 shape=[]\n%s2 = store %v2 2\n%ej = end %s1 %j\n%ek = end %s2 %k\n"
                  "%ei = end %ej %ek %i\n%b1 = after %b %ei\n");
  EXPECT_TRUE(cells.count("pair-siblings x E-STORE-TWICE"));
  EXPECT_TRUE(cells.count("depth-2 x E-STORE-TWICE"));
  EXPECT_FALSE(cells.count("pair-in-one-loop x E-STORE-TWICE"));
  // The same two stores in one loop body.
  auto same = of("%b = buffer 4 dtype=i32 slot=0\n%i = range 2\n%v1 = shrink %b %i shape=[]\n%s1 = store %v1 1\n"
                 "%s2 = store %v1 2\n");
  EXPECT_TRUE(same.count("pair-in-one-loop x E-STORE-TWICE"));
  EXPECT_TRUE(same.count("depth-1 x E-STORE-TWICE"));
}

// i encloses k only through j (the end of k has only j open); %k3 uses k alone.
TEST(Shapes, ALoopEnclosedOnlyTransitively) {
  std::string text = "%c = buffer 4 dtype=i32 slot=0\n%t = alloc 2 dtype=i32\n%i = range 2\n%j = range 2\n%k = range 2\n"
                     "%tv = shrink %t %k shape=[]\n%k3 = mul %k 3\n%tk = add %k3 %j\n%sk = store %tv %tk\n%ek = end %sk %k\n"
                     "%tj = after %t %ek\n%t0 = shrink %tj 0 shape=[]\n%x = load %t0\n%xi = add %x %i\n%i2 = mul %i 2\n"
                     "%ij = add %i2 %j\n%cv = shrink %c %ij shape=[]\n%sc = store %cv %xi\n%ej = end %sc %j\n"
                     "%ei = end %ej %i\n%c1 = after %c %ei\n";
  auto cells = of(text);
  EXPECT_TRUE(cells.count("enclosed-only-transitively x valid"));
  EXPECT_TRUE(cells.count("depth-3 x valid"));
  EXPECT_TRUE(cells.count("siblings-at-top x valid") == 0);
  EXPECT_TRUE(cells.count("after-in-its-innermost-range x valid"));
  EXPECT_TRUE(cells.count("end-listing-an-inner-end x valid"));
  EXPECT_TRUE(cells.count("end-with-1-effect x valid"));
  EXPECT_TRUE(cells.count("statement-needs-transitive-enclosure x valid"));  // %k3, %tv: {k}, and j from k's end
  // The same nest where k's store also uses i: i encloses k directly.
  auto direct = of("%c = buffer 8 dtype=i32 slot=0\n%i = range 2\n%j = range 2\n%k = range 2\n%i4 = mul %i 4\n"
                   "%j2 = mul %j 2\n%ij = add %i4 %j2\n%o = add %ij %k\n%v = shrink %c %o shape=[]\n%s = store %v %o\n"
                   "%ek = end %s %k\n%ej = end %ek %j\n%ei = end %ej %i\n%c1 = after %c %ei\n");
  EXPECT_FALSE(direct.count("enclosed-only-transitively x valid"));
  EXPECT_FALSE(direct.count("statement-needs-transitive-enclosure x valid"));
  EXPECT_TRUE(direct.count("value-outside-an-inner-loop-using-it x valid"));  // %i4 is computed in i, used in k
}

// A load with no ranges whose use is in loop i, while the store into its version is in j inside i:
// the load moves into i (a loop it does not use), the store is deeper than the load.
TEST(Shapes, ALoadWhoseVersionIsStoredDeeper) {
  auto cells = of("%b = buffer 1 dtype=i32 slot=0\n%o = buffer 2 dtype=i32 slot=1\n%i = range 2\n"
                  "%h = shrink %b 0 shape=[]\n%x = load %h\n%ov = shrink %o %i shape=[]\n%so = store %ov %x\n"
                  "%j = range 2\n%ij = add %i %j\n%v = add %ij 10\n%sj = store %h %v\n%ej = end %sj %j\n"
                  "%ei = end %ej %so %i\n%b1 = after %b %ei\n%o1 = after %o %ei\n");
  EXPECT_TRUE(cells.count("pair-second-deeper x valid"));
  EXPECT_TRUE(cells.count("load-in-a-loop-it-does-not-use x valid"));
  EXPECT_TRUE(cells.count("load-moved-by-a-store-nested-deeper x valid"));
  EXPECT_FALSE(cells.count("load-moved-by-a-store-in-that-loop x valid"));
  EXPECT_TRUE(cells.count("shrink-outside-an-inner-loop-using-it x valid"));
  EXPECT_TRUE(cells.count("end-with-2-effects x valid"));
  EXPECT_FALSE(cells.count("pair-in-one-loop x valid"));
  EXPECT_FALSE(cells.count("load-at-top x valid"));
}

TEST(Shapes, ValuesByTheirDistanceFromARange) {
  auto cells = of("%b = buffer 4 dtype=i32 slot=0\n%i = range 4\n%a = add %i 1\n%m = mul %a 2\n%c = add %m -1\n"
                  "%v = shrink %b %i shape=[]\n%s = store %v %c\n%e = end %s %i\n%b1 = after %b %e\n");
  EXPECT_TRUE(cells.count("value-from-range-through-1-op x valid"));
  EXPECT_TRUE(cells.count("value-from-range-through-2-ops x valid"));
  EXPECT_TRUE(cells.count("value-from-range-through-3-ops x valid"));
  EXPECT_TRUE(cells.count("depth-1 x valid"));
  EXPECT_FALSE(cells.count("depth-2 x valid"));
  EXPECT_TRUE(cells.count("store-in-its-innermost-range x valid"));
  EXPECT_TRUE(cells.count("after-at-top x valid"));
}

}  // namespace
}  // namespace uirgrade
