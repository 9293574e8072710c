// The linearizer's mutants that are decisions of their own (mutation/mutant_linearize.h), called on
// the oracle's own loop tree and targets: the book's deadlocking designs stop on exactly the valid
// programs their design cannot place, and the book's ALLOC rule moves an alloc to its users' loop.
#include "mutation/mutant_linearize.h"

#include <gtest/gtest.h>

#include "oracle/linearize_stages_testing.h"
#include "oracle/linearize_testing.h"
#include "oracle/text_lines_testing.h"

namespace uirgrade {
namespace {

using uir::Error;
using uir::kTopLevel;
using uir::Placement;
using uir::Program;
using uir::Rule;
using uir::testing::kLessonNest;
using uir::testing::kSkipsTheMiddleLoops;
using uir::testing::line_of;
using uir::testing::lines_of;
using uir::testing::StagesBeforeLoopOrder;

/// `text` with lines `a` and `b` (1-based) swapped.
std::string swap_lines(std::string_view text, size_t a, size_t b) {
  std::vector<std::string> lines = lines_of(text);
  std::swap(lines.at(a - 1), lines.at(b - 1));
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// The lesson's nest with its ranges declared the other way round: the ends still make %i enclose
// %j (spec §5.1), and %j, declared first, is on line 2.
const std::string kInnerRangeDeclaredFirst = swap_lines(kLessonNest, 2, 3);

// The lesson's nest and a dead value in loop %j only, which no design places, so none is stuck on it.
const std::string kNestWithADeadValue = std::string(kLessonNest) + "%unused = mul %j 2\n";

std::optional<Error> stuck(std::string_view text, Mutant mutant) {
  StagesBeforeLoopOrder stages(text);
  return mutant_scheduler_stuck(stages.compiled.program, stages.tree, stages.live, stages.target,
                                Mutants::of(mutant));
}

TEST(MutantSchedulerStuck, NestByRangeLineStopsAtALoopWhoseParentIsDeclaredAfterIt) {
  std::optional<Error> error = stuck(kInnerRangeDeclaredFirst, Mutant::NestByRangeLine);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->rule, Rule::Nest);
  EXPECT_EQ(error->line, 2);
  EXPECT_EQ(error->message, "can't schedule: loop %j must sit inside %i, which is declared after it");
  EXPECT_FALSE(stuck(kLessonNest, Mutant::NestByRangeLine).has_value());
  EXPECT_FALSE(stuck(kSkipsTheMiddleLoops, Mutant::NestByRangeLine).has_value());
}

TEST(MutantSchedulerStuck, ExactScopeStopsAtTheFirstStatementThatSkipsAnEnclosingLoop) {
  std::optional<Error> error = stuck(kSkipsTheMiddleLoops, Mutant::ExactScope);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->rule, Rule::Nest);
  EXPECT_EQ(error->line, line_of(kSkipsTheMiddleLoops, "%k3 = mul"));
  EXPECT_EQ(error->message, "can't schedule: the open loops never equal the open ranges of %k3");
  // %i3 skips no loop (%i is its whole chain), and %unused, which would, is dead.
  EXPECT_FALSE(stuck(kNestWithADeadValue, Mutant::ExactScope).has_value());
  // Declaring the inner range first is no problem for exact scope matching.
  EXPECT_FALSE(stuck(kInnerRangeDeclaredFirst, Mutant::ExactScope).has_value());
}

// i encloses j, j encloses k, and the end of %k has only %j open: i encloses k only through j.
constexpr std::string_view kEnclosedOnlyThroughTheLoopBetween =
    "%c = buffer 4 dtype=i32 slot=0\n%t = alloc 2 dtype=i32\n%i = range 2\n%j = range 2\n%k = range 2\n"
    "%tv = shrink %t %k shape=[]\n%tk = add %k %j\n%sk = store %tv %tk\n%ek = end %sk %k\n%tj = after %t %ek\n"
    "%t0 = shrink %tj 0 shape=[]\n%x = load %t0\n%xi = add %x %i\n%i2 = mul %i 2\n%ij = add %i2 %j\n"
    "%cv = shrink %c %ij shape=[]\n%sc = store %cv %xi\n%ej = end %sc %j\n%ei = end %ej %i\n%c1 = after %c %ei\n";

TEST(MutantSchedulerStuck, EnclosesDirectOnlyStopsAtAStatementWhoseLoopsNeedTheClosure) {
  std::optional<Error> error = stuck(kEnclosedOnlyThroughTheLoopBetween, Mutant::EnclosesDirectOnly);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->rule, Rule::Nest);
  // %tv has {k} open; the end of %k adds j, and i is missing. (%tk has j too: j's end adds i.)
  EXPECT_EQ(error->line, line_of(kEnclosedOnlyThroughTheLoopBetween, "%tv = shrink"));
  EXPECT_EQ(error->message, "can't schedule: %tv needs loop %i, which no range of it encloses directly");
  // In a nest whose every end has all the outer ranges open, one step is the whole closure.
  EXPECT_FALSE(stuck(kSkipsTheMiddleLoops, Mutant::EnclosesDirectOnly).has_value());
}

TEST(MutantSchedulerStuck, WithoutEitherMutantNothingIsStuck) {
  for (std::string_view text :
       {std::string_view(kInnerRangeDeclaredFirst), kSkipsTheMiddleLoops, kEnclosedOnlyThroughTheLoopBetween}) {
    StagesBeforeLoopOrder stages(text);
    EXPECT_FALSE(mutant_scheduler_stuck(stages.compiled.program, stages.tree, stages.live, stages.target,
                                        Mutants::of(Mutant::AllocZeroedPerIteration))
                     .has_value());
  }
}

// %T is written in loop j and read back (through an after) in loop i: its users sit in j and i.
constexpr std::string_view kAllocUsedInsideTheLoops =
    "%B = buffer 2 dtype=i32 slot=0\n"
    "%T = alloc 3 dtype=i32\n"
    "%U = alloc 1 dtype=i32\n"  // used only at the top level
    "%i = range 2\n"
    "%j = range 3\n"
    "%vt = shrink %T %j shape=[]\n"
    "%st = store %vt %i\n"
    "%ej = end %st %j\n"
    "%T1 = after %T %ej\n"
    "%rt = shrink %T1 0 shape=[]\n"
    "%x = load %rt\n"
    "%vb = shrink %B %i shape=[]\n"
    "%sb = store %vb %x\n"
    "%ei = end %sb %i\n"
    "%B1 = after %B %ei\n"
    "%vu = shrink %U 0 shape=[]\n"
    "%su = store %vu 1\n"
    "%U1 = after %U %su\n"
    "%ru = shrink %U1 0 shape=[]\n"
    "%y = load %ru\n"
    "%vb2 = shrink %B1 0 shape=[]\n"
    "%sb2 = store %vb2 %y\n"
    "%B2 = after %B1 %sb2\n";

TEST(PlaceAllocsWithTheirUsers, AnAllocMovesToTheInnermostLoopHoldingAllItsUsers) {
  StagesBeforeLoopOrder stages(kAllocUsedInsideTheLoops);
  const Program& program = stages.compiled.program;
  constexpr int32_t kT = 1, kU = 2, kI = 3;
  ASSERT_EQ(program.stmts[kT].name, "%T");
  ASSERT_EQ(program.stmts[kU].name, "%U");
  ASSERT_EQ(program.stmts[kI].name, "%i");
  // The oracle declares every alloc at the top level: zeroed once (spec §4).
  EXPECT_EQ(stages.placement.place[kT], kTopLevel);
  EXPECT_EQ(stages.placement.place[kU], kTopLevel);
  Placement before = stages.placement;

  place_allocs_with_their_users(program, stages.tree, stages.live, stages.users, &stages.placement);
  EXPECT_EQ(stages.placement.place[kT], kI);  // %vt runs in j, %T1 in i: i holds both
  EXPECT_EQ(stages.placement.place[kU], kTopLevel);
  std::vector<int32_t> others_before = before.place, others_after = stages.placement.place;
  others_before[kT] = others_after[kT] = kTopLevel;
  EXPECT_EQ(others_after, others_before);  // nothing but the alloc moves
  EXPECT_EQ(stages.placement.load_edges, before.load_edges);
}

// %W is read in loop i first, then in loop j: the loop holding both is i, whichever user comes last.
constexpr std::string_view kAllocReadInBothLoops =
    "%B = buffer 6 dtype=i32 slot=0\n"
    "%W = alloc 3 dtype=i32\n"
    "%i = range 2\n"
    "%j = range 3\n"
    "%wi = shrink %W %i shape=[]\n"
    "%x = load %wi\n"
    "%wj = shrink %W %j shape=[]\n"
    "%y = load %wj\n"
    "%sum = add %x %y\n"
    "%i3 = mul %i 3\n"
    "%o = add %i3 %j\n"
    "%vb = shrink %B %o shape=[]\n"
    "%sb = store %vb %sum\n"
    "%ej = end %sb %j\n"
    "%ei = end %ej %i\n"
    "%B1 = after %B %ei\n";

TEST(PlaceAllocsWithTheirUsers, TheLoopHoldsEveryUserNotJustTheFirstOrTheLast) {
  StagesBeforeLoopOrder stages(kAllocReadInBothLoops);
  constexpr int32_t kW = 1, kI = 2;
  ASSERT_EQ(stages.compiled.program.stmts[kW].name, "%W");
  EXPECT_EQ(stages.placement.place[kW], kTopLevel);
  place_allocs_with_their_users(stages.compiled.program, stages.tree, stages.live, stages.users, &stages.placement);
  EXPECT_EQ(stages.placement.place[kW], kI);
}

}  // namespace
}  // namespace uirgrade
