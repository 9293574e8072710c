// The ops' own rules, E-BOUNDS through E-VERSION-FORK: for each, programs the spec rejects and a
// close neighbour it accepts, with the intervals and versions worked out by hand.
#include "oracle/op_rules.h"

#include <gtest/gtest.h>

#include <map>

#include "oracle/validator_testing.h"

namespace uir {
namespace {

using testing::lines;
using testing::verdict;
using testing::verdict_at;

// The table says which op has which own rule; spec §3, §4 and §5.1 say it too, written out here.
TEST(OwnRules, TheTableGivesEachOpTheSpecsOwnRulesAndNoOther) {
  auto bit = [](Rule rule) { return 1u << static_cast<unsigned>(rule); };
  std::map<Op, uint32_t> spec = {
      {Op::Shrink, bit(Rule::Bounds)},
      {Op::Idiv, bit(Rule::DivZero)},
      {Op::Mod, bit(Rule::DivZero)},
      {Op::End, bit(Rule::EndTwice) | bit(Rule::EndUnused)},
      {Op::Store, bit(Rule::StoreTwice)},
      {Op::After, bit(Rule::AfterNoStore) | bit(Rule::VersionFork)},
  };
  for (const OpInfo& row : op_table())
    EXPECT_EQ(row.own_rules, spec.count(row.op) ? spec[row.op] : 0u) << row.spelling;
}

TEST(Bounds, ARangesIntervalIsZeroToNMinusOne) {
  // Lesson 3.1: `range 5` over a four-element buffer could reach element 4.
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 5", "%v = shrink %b %i shape=[]"})),
            "E-BOUNDS@3");
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%v = shrink %b %i shape=[]"})), "ok");
  EXPECT_EQ(verdict_at(lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 5", "%v = shrink %b %i shape=[]"})),
            "E-BOUNDS@3:16");  // the offset
}

TEST(Bounds, TheWindowMustFitWholeAndStartAtZeroOrAbove) {
  const char* b = "%b = buffer 4 dtype=i32 slot=0";
  EXPECT_EQ(verdict(lines({b, "%i = range 3", "%v = shrink %b %i shape=[2]"})), "ok");        // 2 + 2 <= 4
  EXPECT_EQ(verdict(lines({b, "%i = range 4", "%v = shrink %b %i shape=[2]"})), "E-BOUNDS@3");  // 3 + 2 > 4
  EXPECT_EQ(verdict(lines({b, "%v = shrink %b 0 shape=[4]"})), "ok");
  EXPECT_EQ(verdict(lines({b, "%v = shrink %b 0 shape=[5]"})), "E-BOUNDS@2");
  EXPECT_EQ(verdict(lines({b, "%v = shrink %b -1 shape=[]"})), "E-BOUNDS@2");
  EXPECT_EQ(verdict(lines({b, "%v = shrink %b 3 shape=[]"})), "ok");
  // A view of a view is checked against the view's own length.
  EXPECT_EQ(verdict(lines({b, "%v = shrink %b 2 shape=[2]", "%w = shrink %v 1 shape=[2]"})), "E-BOUNDS@3");
  EXPECT_EQ(verdict(lines({b, "%v = shrink %b 2 shape=[2]", "%w = shrink %v 1 shape=[1]"})), "ok");
}

TEST(Bounds, LoadedOffsetsNeedClamping) {
  const char* head[] = {"%b = buffer 4 dtype=i32 slot=0", "%v = shrink %b 0 shape=[]", "%x = load %v"};
  // A load is [INT_MIN, INT_MAX]; mod 4 makes it [-3, 3], max 0 then mod 4 makes it [0, 3].
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%w = shrink %b %x shape=[]"})), "E-BOUNDS@4");
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%m = mod %x 4", "%w = shrink %b %m shape=[]"})), "E-BOUNDS@5");
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%p = max %x 0", "%m = mod %p 4", "%w = shrink %b %m shape=[]"})),
            "ok");
}

TEST(Bounds, RowMajorOffsetsOfALoopNest) {
  // Week 3: i*K + k is provably inside a K*N buffer when i < N and k < K (here N = 3, K = 4).
  auto nest = [](std::string_view size) {
    return lines({fmt::format("%b = buffer {} dtype=f32 slot=0", size), "%i = range 3", "%k = range 4",
                  "%ik = mul %i 4", "%o = add %ik %k", "%v = shrink %b %o shape=[]"});
  };
  EXPECT_EQ(verdict(nest("12")), "ok");          // hi = 2*4 + 3 = 11
  EXPECT_EQ(verdict(nest("11")), "E-BOUNDS@6");
}

TEST(DivZero, TheDivisorsIntervalMustExcludeZero) {
  EXPECT_EQ(verdict("%x = idiv 7 0\n"), "E-DIV-ZERO@1");
  EXPECT_EQ(verdict("%x = idiv 7 2\n"), "ok");
  EXPECT_EQ(verdict(lines({"%z = add 1 -1", "%x = mod 7 %z"})), "E-DIV-ZERO@2");  // a constant [0, 0]
  EXPECT_EQ(verdict(lines({"%i = range 4", "%x = idiv 12 %i"})), "E-DIV-ZERO@2");  // [0, 3]
  EXPECT_EQ(verdict(lines({"%i = range 4", "%d = add %i 1", "%x = idiv 12 %d"})), "ok");  // [1, 4]
  EXPECT_EQ(verdict(lines({"%i = range 4", "%d = add %i -2", "%x = mod 12 %d"})), "E-DIV-ZERO@3");  // [-2, 1]
  // A parameter may be anything, 0 included.
  EXPECT_EQ(verdict(lines({"func @f(%d: i32) -> i32 {", "  %q = idiv 10 %d", "  ret %q", "}"})), "E-DIV-ZERO@2");
  EXPECT_EQ(verdict(lines({"func @f(%d: i32) -> i32 {", "  %q = idiv %d 10", "  ret %q", "}"})), "ok");
  EXPECT_EQ(verdict_at(lines({"%i = range 4", "%x = idiv 12 %i"})), "E-DIV-ZERO@2:14");
}

const char* kLoop[] = {"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%v = shrink %b %i shape=[]",
                       "%s = store %v %i"};

TEST(EndTwice, EachRangeHasOneEnd) {
  EXPECT_EQ(verdict(lines({kLoop[0], kLoop[1], kLoop[2], kLoop[3], "%e = end %s %i", "%f = end %s %i"})),
            "E-END-TWICE@6");
  EXPECT_EQ(verdict(lines({kLoop[0], kLoop[1], kLoop[2], kLoop[3], "%e = end %s %i", "%b1 = after %b %e"})), "ok");
  // The second end fails E-END-TWICE first, even if its effect does not use the range either.
  EXPECT_EQ(verdict(lines({kLoop[0], kLoop[1], kLoop[2], kLoop[3], "%j = range 2", "%e = end %s %i",
                           "%f = end %e %i"})),
            "E-END-TWICE@7");
}

TEST(EndUnused, EveryEffectMustHaveTheRangeOpen) {
  // Lesson 3.1's quiz: `%e = end %s %j` when %s does not depend on %j.
  EXPECT_EQ(verdict(lines({kLoop[0], kLoop[1], kLoop[2], kLoop[3], "%j = range 2", "%e = end %s %j"})),
            "E-END-UNUSED@6");
  EXPECT_EQ(verdict(lines({kLoop[0], kLoop[1], kLoop[2], kLoop[3], "%j = range 2", "%e = end %s %i"})), "ok");
  // One effect of several.
  const char* two[] = {"%c = buffer 1 dtype=i32 slot=1", "%w = shrink %c 0 shape=[]", "%t = store %w 5"};
  EXPECT_EQ(verdict_at(lines({kLoop[0], kLoop[1], kLoop[2], kLoop[3], two[0], two[1], two[2], "%e = end %s %t %i"})),
            "E-END-UNUSED@8:13");
}

TEST(StoreTwice, OneStorePerVersion) {
  const char* head[] = {"%b = buffer 2 dtype=i32 slot=0", "%v = shrink %b 0 shape=[]", "%w = shrink %b 1 shape=[]"};
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%s = store %v 1", "%t = store %w 2"})), "E-STORE-TWICE@5");
  // Storing into an older version is always this error.
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%s = store %v 1", "%b1 = after %b %s", "%t = store %w 2"})),
            "E-STORE-TWICE@6");
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%s = store %v 1", "%b1 = after %b %s",
                           "%w1 = shrink %b1 1 shape=[]", "%t = store %w1 2", "%b2 = after %b1 %t"})),
            "ok");
}

TEST(AfterNoStore, AStoreMustWriteIntoTheMemoryItself) {
  const char* head[] = {"%b = buffer 2 dtype=i32 slot=0", "%c = buffer 2 dtype=i32 slot=1",
                        "%v = shrink %b 0 shape=[]", "%s = store %v 1"};
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], head[3], "%c1 = after %c %s"})), "E-AFTER-NO-STORE@5");
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], head[3], "%b1 = after %b %s"})), "ok");
  // A store into a newer version does not make an older one's after: this breaks E-AFTER-NO-STORE,
  // and E-VERSION-FORK too (%b has %b1), which comes after it in the table.
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], head[3], "%b1 = after %b %s", "%w = shrink %b1 1 shape=[]",
                           "%t = store %w 2", "%b2 = after %b %t"})),
            "E-AFTER-NO-STORE@8");
}

TEST(AfterNoStore, ALoopMustStoreIntoTheMemoryOrVersionsBuiltOnItInsideTheLoop) {
  const char* loop[] = {"%b = buffer 4 dtype=i32 slot=0", "%c = buffer 4 dtype=i32 slot=1", "%i = range 4",
                        "%v = shrink %b %i shape=[]", "%s = store %v %i", "%e = end %s %i"};
  auto with = [&](std::string_view last) { return lines({loop[0], loop[1], loop[2], loop[3], loop[4], loop[5], last}); };
  EXPECT_EQ(verdict(with("%b1 = after %b %e")), "ok");
  EXPECT_EQ(verdict(with("%c1 = after %c %e")), "E-AFTER-NO-STORE@7");  // stores nothing into %c

  // The loop stores into %b1 (made before the loop): that is %b1's after, not %b's.
  const char* older[] = {"%b = buffer 4 dtype=i32 slot=0", "%v0 = shrink %b 0 shape=[]", "%s0 = store %v0 7",
                         "%b1 = after %b %s0", "%i = range 4", "%v = shrink %b1 %i shape=[]", "%s = store %v %i",
                         "%e = end %s %i"};
  auto after_older = [&](std::string_view last) {
    return lines({older[0], older[1], older[2], older[3], older[4], older[5], older[6], older[7], last});
  };
  EXPECT_EQ(verdict(after_older("%b2 = after %b %e")), "E-AFTER-NO-STORE@9");
  EXPECT_EQ(verdict(after_older("%b2 = after %b1 %e")), "ok");
}

TEST(AfterNoStore, VersionsBuiltInsideTheLoopCountAndSoDoNestedLoops) {
  // Per iteration: reset b[i], then store into the version after the reset (both have %i open).
  const char* chain[] = {"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%v = shrink %b %i shape=[]",
                         "%s0 = store %v 0", "%bi = after %b %s0", "%w = shrink %bi %i shape=[]", "%s1 = store %w %i",
                         "%e = end %s1 %i"};
  auto chained = [&](std::string_view last) {
    return lines({chain[0], chain[1], chain[2], chain[3], chain[4], chain[5], chain[6], chain[7], last});
  };
  EXPECT_EQ(verdict(chained("%b1 = after %b %e")), "ok");
  // %bi's after: the loop's store %s0 writes into %b, which is not %bi nor built on it.
  EXPECT_EQ(verdict(chained("%b1 = after %bi %e")), "E-AFTER-NO-STORE@9");

  // Stores in a loop nested inside count for the outer end.
  const char* nest[] = {"%b = buffer 12 dtype=i32 slot=0", "%i = range 3", "%j = range 4", "%i4 = mul %i 4",
                        "%o = add %i4 %j", "%v = shrink %b %o shape=[]", "%s = store %v %o", "%ej = end %s %j",
                        "%ei = end %ej %i"};
  auto nested = [&](std::string_view last) {
    return lines({nest[0], nest[1], nest[2], nest[3], nest[4], nest[5], nest[6], nest[7], nest[8], last});
  };
  EXPECT_EQ(verdict(nested("%b1 = after %b %ei")), "ok");
  EXPECT_EQ(verdict(nested("%b1 = after %b %ej")), "ok");  // an after inside loop i
}

// The accumulator of spec §4.1: `%C1 = after %C %reset` inside loops, `%C2 = after %C %end_i` outside.
const char* kAccumulator[] = {
    "%C = buffer 4 dtype=i32 slot=0",  // 1
    "%i = range 4",                    // 2
    "%vc = shrink %C %i shape=[]",     // 3
    "%reset = store %vc 0",            // 4
    "%C1 = after %C %reset",           // 5: open {i}
    "%k = range 3",                    // 6
    "%vk = shrink %C1 %i shape=[]",    // 7
    "%cur = load %vk",                 // 8
    "%sum = add %cur %k",              // 9
    "%acc = store %vk %sum",           // 10: into %C1, open {i, k}
    "%end_k = end %acc %k",            // 11
    "%end_i = end %end_k %i",          // 12
};

TEST(VersionFork, OneAfterPerVersionAmongAftersWithTheSameOpenRanges) {
  auto accumulate = [](std::string_view last) {
    const char** a = kAccumulator;
    return lines({a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], last});
  };
  EXPECT_EQ(verdict(accumulate("%C2 = after %C %end_i")), "ok");  // not a fork: other open ranges
  const char* head[] = {"%b = buffer 2 dtype=i32 slot=0", "%v = shrink %b 0 shape=[]", "%s = store %v 1"};
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%b1 = after %b %s", "%b2 = after %b %s"})), "E-VERSION-FORK@5");
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%b1 = after %b %s", "%b2 = after %b1 %s"})),
            "E-AFTER-NO-STORE@5");  // %s does not store into %b1
  EXPECT_EQ(verdict_at(lines({head[0], head[1], head[2], "%b1 = after %b %s", "%b2 = after %b %s"})),
            "E-VERSION-FORK@5:13");
}

// A version with afters at two loop levels: a third after matching the first (not the latest) is
// the fork, and the message points at the first.
TEST(VersionFork, AnyEarlierAfterOnTheVersionWithTheSameOpenRangesIsFound) {
  const char** a = kAccumulator;
  std::string text = lines({a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
                            "%C2 = after %C %end_i", "%C3 = after %C %reset"});  // open {i}, like %C1
  EXPECT_EQ(verdict(text), "E-VERSION-FORK@14");
  std::optional<Error> error = testing::check_text(text).error;
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("on line 5"), std::string::npos) << error->message;
}

TEST(VersionFork, TwoAftersInsideOneLoopOnOneVersion) {
  const char* loop[] = {"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%v = shrink %b %i shape=[]",
                        "%s = store %v 0", "%b1 = after %b %s"};
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], loop[4], "%b2 = after %b %s"})), "E-VERSION-FORK@6");
}

}  // namespace
}  // namespace uir
