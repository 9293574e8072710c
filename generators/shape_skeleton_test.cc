// The writer's text for a one-loop skeleton is spelt out by hand; each twist is shown taking a small
// nest to the rule it is for (or keeping it valid), as the oracle judges it.
#include "generators/shape_skeleton.h"

#include <gtest/gtest.h>

#include "oracle/oracle.h"

namespace uirgen {
namespace {

Skeleton nest(std::vector<int> parent, std::vector<unsigned> uses, Twist twist = Twist::None, int a = -1, int b = -1) {
  Skeleton s;
  s.parent = std::move(parent);
  s.uses = std::move(uses);
  s.twist = twist;
  s.a = a;
  s.b = b;
  return s;
}

std::string outcome(const Skeleton& s) {
  std::string text = skeleton_text(s);
  if (text.empty()) return "does not apply";
  uir::Compiled c = uir::compile("s.uir", text);
  return c.error ? std::string(uir::rule_info(c.error->rule).id) : "valid";
}

TEST(ShapeSkeleton, OneLoopIsWrittenAsSpelt) {
  Skeleton s = nest({-1}, {1});
  s.value_ops = 2;
  EXPECT_EQ(skeleton_text(s),
            "%in = buffer 12 dtype=i32 slot=0\n"
            "%b0 = buffer 12 dtype=i32 slot=1\n"
            "%r0 = range 3\n"
            "%v0.1 = add %r0 1\n"
            "%v0.2 = mul %v0.1 3\n"
            "%w0 = shrink %b0 %r0 shape=[]\n"
            "%s0 = store %w0 %v0.2\n"
            "%e0 = end %s0 %r0\n"
            "%b0.out = after %b0 %e0\n");
}

// i > j > k where k's store uses j and k only: k's buffer cannot be an output through i's end.
TEST(ShapeSkeleton, ANestThreeDeepListsEachEndInItsParent) {
  Skeleton s = nest({-1, 0, 1}, {0b001, 0b011, 0b110});
  EXPECT_EQ(outcome(s), "E-AFTER-NO-STORE");
  s.afters_only_when_complete = true;  // then k's buffer changes in place, and i encloses k only through j
  EXPECT_EQ(outcome(s), "valid");
  std::string text = skeleton_text(s);
  EXPECT_NE(text.find("%e1 = end %s1 %e2 %r1"), std::string::npos) << text;
  EXPECT_NE(text.find("%e0 = end %s0 %e1 %r0"), std::string::npos) << text;
}

TEST(ShapeSkeleton, EachTwistReachesItsRule) {
  std::vector<int> chain = {-1, 0};
  std::vector<unsigned> full = {0b01, 0b11};
  EXPECT_EQ(outcome(nest(chain, full)), "valid");
  EXPECT_EQ(outcome(nest(chain, full, Twist::OwnStoreUnused, 1)), "E-END-UNUSED");
  EXPECT_EQ(outcome(nest(chain, {0b01, 0b10})), "E-END-UNUSED");  // the inner store does not use i
  EXPECT_EQ(outcome(nest(chain, full, Twist::ShareVersion, 0, 1)), "E-STORE-TWICE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::TopStore, 1)), "E-STORE-TWICE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::SecondStore, 0)), "E-STORE-TWICE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::TopStore, -1)), "valid");
  EXPECT_EQ(outcome(nest(chain, full, Twist::Fork, 1)), "E-VERSION-FORK");
  EXPECT_EQ(outcome(nest(chain, full, Twist::ResetInLoop, 1)), "valid");
  EXPECT_EQ(outcome(nest(chain, full, Twist::ResetForChild, 0, 1)), "valid");
  EXPECT_EQ(outcome(nest(chain, full, Twist::AfterWrongBuffer, 1)), "E-AFTER-NO-STORE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::DeadStore, 1)), "E-DEAD-EFFECT");
  EXPECT_EQ(outcome(nest(chain, full, Twist::BoundFromParent, 1)), "E-OPEN-RANGE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::AssertInLoop, 1)), "E-OPEN-RANGE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::EndTwice, 1)), "E-END-TWICE");
  EXPECT_EQ(outcome(nest(chain, full, Twist::LoadConstant, 0, 1)), "valid");
  EXPECT_EQ(outcome(nest(chain, full, Twist::BoundFromParent, 0)), "does not apply");  // a top loop has no parent
  // Two top loops: the second reads the first's buffer before and after its loop.
  EXPECT_EQ(outcome(nest({-1, -1}, {0b01, 0b10}, Twist::LoadBoth, 1, 0)), "E-LOAD-ORDER");
  EXPECT_EQ(outcome(nest({-1, -1}, {0b01, 0b10}, Twist::LoadConstant, 1, 0)), "valid");
}

// Listed by use, an inner end that does not have its parent's range open hangs from the loop it
// does use: no E-END-UNUSED, a transitively enclosed or a separate loop instead.
TEST(ShapeSkeleton, EndsListedByUseFollowTheRangesTheyHaveOpen) {
  Skeleton s = nest({-1, 0, 1}, {0b001, 0b011, 0b101});  // k uses i and k, not j
  EXPECT_EQ(outcome(s), "E-END-UNUSED");
  s.ends_by_use = true;
  EXPECT_EQ(outcome(s), "valid");
  EXPECT_NE(skeleton_text(s).find("%e0 = end %s0 %e1 %e2 %r0"), std::string::npos) << skeleton_text(s);
}

}  // namespace
}  // namespace uirgen
