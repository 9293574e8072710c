// The whole-program rules of spec §8 (E-NEST, E-DEAD-EFFECT, E-LOAD-ORDER): each rejected, a close
// neighbour accepted, and the order §8 checks them in.
#include <gtest/gtest.h>

#include "oracle/linearize_testing.h"

namespace uir {
namespace {

using testing::error_at;
using testing::error_of;
using testing::line_of;
using testing::Loops;
using testing::Trace;

// --- E-NEST: a range enclosing itself -------------------------------------------------------------

// i encloses j (the end of j has i open) and j encloses i (the end of i has j open). Its effects can
// never reach an after outside every loop either, but §8 checks E-NEST first.
constexpr std::string_view kCrossedEnds = R"(
%b = buffer 4 dtype=i32 slot=0
%c = buffer 4 dtype=i32 slot=1
%i = range 2
%j = range 2
%o = add %i %j
%v = shrink %b %o shape=[]
%s1 = store %v 1
%ej = end %s1 %j
%w = shrink %c %o shape=[]
%s2 = store %w 2
%ei = end %s2 %i
%b1 = after %b %ej
)";

TEST(WholeProgramRules, RangeEnclosingItselfIsNestBeforeDeadEffect) {
  Error e = error_at(kCrossedEnds, Rule::Nest, "%i = range");
  EXPECT_NE(e.message.find("%i encloses itself"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("%j"), std::string::npos) << e.message;
}

TEST(WholeProgramRules, ProperlyNestedEndsAreAccepted) {
  Trace t(R"(
%b = buffer 4 dtype=i32 slot=0
%i = range 2
%j = range 2
%o = add %i %j
%v = shrink %b %o shape=[]
%s1 = store %v 1
%ej = end %s1 %j
%ei = end %ej %i
%b1 = after %b %ei
)");
  EXPECT_EQ(t.loops("%j"), Loops{"%i"});
}

// --- E-DEAD-EFFECT --------------------------------------------------------------------------------

TEST(WholeProgramRules, StoreNothingMakesVisibleIsDeadEffect) {
  constexpr std::string_view text = R"(
%b = buffer 2 dtype=i32 slot=0
%v = shrink %b 0 shape=[]
%s = store %v 1
%w = shrink %b 1 shape=[]
%x = load %w
%t = cmpeq %x 0
assert %t
)";
  Error e = error_at(text, Rule::DeadEffect, "%s = store");
  // The neighbour: the same store made visible by an after outside every loop.
  Trace t(std::string(text) + "%b1 = after %b %s\n");
  EXPECT_TRUE(t.placed("%s"));
}

TEST(WholeProgramRules, DeadEffectNamesTheRangeNoEndCloses) {
  constexpr std::string_view text = R"(
%b = buffer 4 dtype=i32 slot=0
%i = range 4
%v = shrink %b %i shape=[]
%s = store %v 1
%b1 = after %b %s
)";
  Error e = error_at(text, Rule::DeadEffect, "%s = store");
  EXPECT_NE(e.message.find("%i"), std::string::npos) << e.message;
}

TEST(WholeProgramRules, DeadEffectIsTheFirstInFileOrder) {
  // The end with no after is dead, and so is the store it repeats; the store comes first.
  constexpr std::string_view text = R"(
%b = buffer 4 dtype=i32 slot=0
%c = buffer 1 dtype=i32 slot=1
%i = range 4
%v = shrink %b %i shape=[]
%s = store %v 1
%e = end %s %i
%cv = shrink %c 0 shape=[]
%sc = store %cv 2
%c1 = after %c %sc
)";
  Error e = error_at(text, Rule::DeadEffect, "%s = store");
  EXPECT_EQ(e.message.find("never closed"), std::string::npos) << e.message;
}

// --- E-LOAD-ORDER ---------------------------------------------------------------------------------

TEST(WholeProgramRules, LoadThatDependsOnTheStoreIntoItsVersion) {
  // %y reads %b, which %s overwrites, but %y's offset comes from %b1, the version after %s.
  constexpr std::string_view text = R"(
%b = buffer 2 dtype=i32 slot=0
%v0 = shrink %b 0 shape=[]
%s = store %v0 5
%b1 = after %b %s
%v1 = shrink %b1 1 shape=[]
%x = load %v1
%c = cmplt %x 1
%o = where %c 0 1
%w = shrink %b %o shape=[]
%y = load %w
%t = cmpeq %y 5
assert %t
)";
  Error e = error_at(text, Rule::LoadOrder, "%y = load");
  EXPECT_NE(e.message.find("depends on"), std::string::npos) << e.message;
  // The neighbour reads the version after the store.
  std::string fixed(text);
  fixed.replace(fixed.find("%w = shrink %b %o"), 17, "%w = shrink %b1 %o");
  Trace t(fixed);
  EXPECT_LT(t.pos("%s"), t.pos("%y"));
}

TEST(WholeProgramRules, LoopThatMustRunBothBeforeAndAfterTheStore) {
  // Loop i reads %b (before %s overwrites element 0) and %b1 (after it).
  constexpr std::string_view text = R"(
%b = buffer 4 dtype=i32 slot=0
%c = buffer 4 dtype=i32 slot=1
%v0 = shrink %b 0 shape=[]
%s = store %v0 9
%b1 = after %b %s
%i = range 4
%old = shrink %b %i shape=[]
%x = load %old
%new = shrink %b1 %i shape=[]
%y = load %new
%z = add %x %y
%ci = shrink %c %i shape=[]
%sc = store %ci %z
%ei = end %sc %i
%c1 = after %c %ei
)";
  Error e = error_at(text, Rule::LoadOrder, "%x = load");
  // The neighbour reads only the old contents: the whole loop runs before the store.
  std::string fixed(text);
  fixed.replace(fixed.find("%z = add %x %y"), 14, "%z = add %x %x");
  Trace t(fixed);
  EXPECT_LT(t.pos("%ei"), t.pos("%s"));
  EXPECT_FALSE(t.placed("%y"));
}

// Sibling loops i and j: i reads %b and writes %a; j reads `j_reads` and writes %b.
std::string crossed_siblings(std::string_view j_reads) {
  return std::string(R"(
%a = buffer 4 dtype=i32 slot=0
%b = buffer 4 dtype=i32 slot=1
%c = buffer 4 dtype=i32 slot=2
%i = range 4
%j = range 4
%bi = shrink %b %i shape=[]
%x = load %bi
%ai = shrink %a %i shape=[]
%sa = store %ai %x
%ei = end %sa %i
%rj = shrink )") + std::string(j_reads) + R"( %j shape=[]
%y = load %rj
%bj = shrink %b %j shape=[]
%sb = store %bj %y
%ej = end %sb %j
%a1 = after %a %ei
%b1 = after %b %ej
)";
}

TEST(WholeProgramRules, LoadEdgeOrdersSiblingLoops) {
  // %x (in i) reads %b before %sb (in j) overwrites it: i runs first.
  Trace first(crossed_siblings("%c"));
  EXPECT_LT(first.pos("%ei"), first.pos("%j"));
  // Reading %a in j, whose store is in i, alone: j must run first, although i's range comes first.
  std::string text = crossed_siblings("%c");
  text.replace(text.find("%bi = shrink %b %i"), 18, "%bi = shrink %c %i");
  text.replace(text.find("%rj = shrink %c"), 15, "%rj = shrink %a");
  Trace second(text);
  EXPECT_LT(second.pos("%ej"), second.pos("%i"));
}

TEST(WholeProgramRules, LoadOrderNamesTheFirstLoadWhoseEdgeCannotBeKept) {
  // Each edge alone can be kept (i first, or j first); together they cannot: the later load is named.
  std::string text = crossed_siblings("%a");
  Error e = error_at(text, Rule::LoadOrder, "%y = load");
}

// --- §8 order among the whole-program rules --------------------------------------------------------

TEST(WholeProgramRules, DeadEffectComesBeforeLoadOrder) {
  // The load-order conflict of crossed_siblings("%a"), plus a dead store later in the file.
  std::string text = crossed_siblings("%a") + "%cv = shrink %c 0 shape=[]\n%dead = store %cv 1\n";
  Error e = error_at(text, Rule::DeadEffect, "%dead = store");
}

TEST(WholeProgramRules, StatementLocalRulesComeFirst) {
  // A type error on the last line beats the dead store before it.
  constexpr std::string_view text = R"(
%b = buffer 2 dtype=i32 slot=0
%v = shrink %b 0 shape=[]
%s = store %v 1
%bad = add 1 2.0
)";
  EXPECT_EQ(error_of(text).rule, Rule::Type);
}

}  // namespace
}  // namespace uir
