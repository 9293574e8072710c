// Each clause is read off a hand-written program known to take that way (and not the neighbouring
// ways), so a classifier that mixes up sides, ops or sibling reasons fails here.
#include "testcase/clauses.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::set<std::string> of(const std::string& text) { return clauses_of(uir::compile("t.uir", text)); }

TEST(Clauses, BoundsSideOpAndNesting) {
  auto below = of("%b = buffer 6 dtype=i32 slot=0\n%i = range 4\n%m = mul %i -2\n%o = add %m 5\n"
                  "%v = shrink %b %o shape=[]\n");
  EXPECT_TRUE(below.count("E-BOUNDS/below"));
  EXPECT_TRUE(below.count("E-BOUNDS/through-mul-negative"));
  EXPECT_FALSE(below.count("E-BOUNDS/above"));
  EXPECT_FALSE(below.count("E-BOUNDS/view-of-view"));
  auto window = of("%b = buffer 8 dtype=i32 slot=0\n%w = shrink %b 2 shape=[4]\n%i = range 4\n%o = add %i 1\n"
                   "%v = shrink %w %o shape=[]\n");
  EXPECT_TRUE(window.count("E-BOUNDS/above"));
  EXPECT_TRUE(window.count("E-BOUNDS/view-of-view"));
  EXPECT_FALSE(window.count("E-BOUNDS/through-mul-negative"));
}

TEST(Clauses, AfterOfAnotherVersionOfTheSameBuffer) {
  auto same = of("%b = buffer 2 dtype=i32 slot=0\n%v0 = shrink %b 0 shape=[]\n%s0 = store %v0 1\n"
                 "%b1 = after %b %s0\n%b2 = after %b1 %s0\n");
  EXPECT_TRUE(same.count("E-AFTER-NO-STORE/other-version-same-buffer"));
  EXPECT_FALSE(same.count("E-AFTER-NO-STORE/other-buffer"));
  auto other = of("%b = buffer 2 dtype=i32 slot=0\n%a = alloc 1 dtype=i32\n%v0 = shrink %a 0 shape=[]\n"
                  "%s0 = store %v0 1\n%b1 = after %b %s0\n");
  EXPECT_TRUE(other.count("E-AFTER-NO-STORE/other-buffer"));
  EXPECT_FALSE(other.count("E-AFTER-NO-STORE/other-version-same-buffer"));
}

TEST(Clauses, StoreIntoOlderVersion) {
  auto older = of("%b = buffer 2 dtype=i32 slot=0\n%v0 = shrink %b 0 shape=[]\n%s0 = store %v0 1\n"
                  "%b1 = after %b %s0\n%v1 = shrink %b 1 shape=[]\n%s1 = store %v1 2\n");
  EXPECT_TRUE(older.count("E-STORE-TWICE/older-version"));
  EXPECT_TRUE(older.count("E-STORE-TWICE/outside-loops"));
  auto same = of("%b = buffer 2 dtype=i32 slot=0\n%v0 = shrink %b 0 shape=[]\n%s0 = store %v0 1\n"
                 "%s1 = store %v0 2\n");
  EXPECT_FALSE(same.count("E-STORE-TWICE/older-version"));
}

const char* kSiblingsByEdge =
    "%x = buffer 4 dtype=i32 slot=0\n%y = buffer 4 dtype=i32 slot=1\n%w = range 4\n%r = range 4\n"
    "%xw = shrink %x %w shape=[]\n%sw = store %xw %w\n%ew = end %sw %w\n%x1 = after %x %ew\n"
    "%xr = shrink %x %r shape=[]\n%old = load %xr\n%yr = shrink %y %r shape=[]\n%sr = store %yr %old\n"
    "%er = end %sr %r\n%y1 = after %y %er\n";

TEST(Clauses, SiblingsByLoadStoreEdgeAndByEnd) {
  auto edge = of(kSiblingsByEdge);
  EXPECT_TRUE(edge.count("linearizer/siblings-ordered-by-load-store-edge"));
  EXPECT_FALSE(edge.count("linearizer/siblings-ordered-by-end"));
  // The same loops, the reader reading the version after the writer: a data path through the end.
  std::string through_end = kSiblingsByEdge;
  through_end.replace(through_end.find("%xr = shrink %x "), 16, "%xr = shrink %x1 ");
  auto data = of(through_end);
  EXPECT_FALSE(data.count("linearizer/siblings-ordered-by-load-store-edge"));
  EXPECT_FALSE(data.count("linearizer/siblings-ordered-by-end"));  // in range order: w opens first anyway
  EXPECT_TRUE(data.count("linearizer/siblings-in-range-order"));
}

TEST(Clauses, MovedLoadWithADeadUse) {
  auto acc = of("%in = buffer 4 dtype=i32 slot=0\n%acc = buffer 1 dtype=i32 slot=1\n%i = range 4\n"
                "%av = shrink %acc 0 shape=[]\n%cur = load %av\n%twice = mul %cur 2\n%iv = shrink %in %i shape=[]\n"
                "%x = load %iv\n%sum = add %cur %x\n%s = store %av %sum\n%e = end %s %i\n%acc1 = after %acc %e\n");
  EXPECT_TRUE(acc.count("linearizer/load-moved-into-loop"));
  EXPECT_TRUE(acc.count("linearizer/dead-use-of-moved-load"));
  EXPECT_FALSE(acc.count("linearizer/load-pinned"));
}

TEST(Clauses, EveryClauseIsListed) {
  std::set<std::string> listed(all_clauses().begin(), all_clauses().end());
  for (const std::string& c : of(kSiblingsByEdge)) EXPECT_TRUE(listed.count(c)) << c;
}

}  // namespace
}  // namespace uirgrade
