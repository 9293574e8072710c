// Each edit of minimize_edits.h on a small program whose edited form is worked out by hand: the
// printed result is compared as text, and where the edit is meant to give a valid program, the
// oracle's compile() confirms it (the minimiser relies on most edits keeping programs valid).
#include "generators/minimize_edits.h"

#include <gtest/gtest.h>

#include "oracle/oracle.h"
#include "oracle/parse.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

uir::Program parsed(const std::string& text) {
  uir::Compiled compiled = uir::compile("e.uir", text);
  EXPECT_FALSE(compiled.error) << text;
  return compiled.program;
}

bool valid(const uir::Program& program) { return !uir::compile("e.uir", uir::print_program(program)).error; }

/// The index of the statement named `name`.
int at(const uir::Program& program, const std::string& name) {
  for (size_t k = 0; k < program.stmts.size(); ++k)
    if (program.stmts[k].name == name) return static_cast<int>(k);
  ADD_FAILURE() << "no statement " << name;
  return -1;
}

TEST(MinimizeEdits, WithoutConeDropsEverythingThatUsesTheStatement) {
  uir::Program program = parsed(
      "%a = add 1 2\n"
      "%b = mul %a 3\n"
      "%c = add 4 5\n"
      "%d = max %b %c\n");
  EXPECT_EQ(uir::print_program(without_cone(program, at(program, "%a"))), "%c = add 4 5\n");
}

TEST(MinimizeEdits, OpenRangeSetsFollowTheOperandsAndTheEnds) {
  uir::Program program = parsed(
      "%b = buffer 4 dtype=i32 slot=0\n"
      "%i = range 2\n"
      "%j = range 2\n"
      "%x = add %i %j\n"
      "%v = shrink %b %x shape=[]\n"
      "%s = store %v 1\n"
      "%e = end %s %j\n"
      "%e2 = end %e %i\n"
      "%b1 = after %b %e2\n");
  std::vector<std::vector<int>> open = open_range_sets(program);
  const int i = at(program, "%i"), j = at(program, "%j");
  EXPECT_EQ(open[at(program, "%b")], std::vector<int>{});
  EXPECT_EQ(open[at(program, "%s")], (std::vector<int>{i, j}));
  EXPECT_EQ(open[at(program, "%e")], std::vector<int>{i});
  EXPECT_EQ(open[at(program, "%b1")], std::vector<int>{});
}

TEST(MinimizeEdits, AForkedAfterContinuesTheChainFromItsNewestVersion) {
  // What flattening the loop of %e2 leaves: %b2 and %b1 are both afters of %b outside every loop
  // (E-VERSION-FORK), and %s2 writes into %b1. %b2 must extend %b1.
  uir::Program program = uir::parse("e.uir",
                                    "%b = buffer 2 dtype=i32 slot=0\n"
                                    "%i = range 2\n"
                                    "%v = shrink %b %i shape=[]\n"
                                    "%s = store %v %i\n"
                                    "%e = end %s %i\n"
                                    "%b1 = after %b %e\n"
                                    "%w = shrink %b1 0 shape=[]\n"
                                    "%s2 = store %w 7\n"
                                    "%b2 = after %b %s2\n")
                             .program;
  ASSERT_FALSE(valid(program));
  uir::Program mended = continue_forked_chains(program);
  const std::string text = uir::print_program(mended);
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1), "%b2 = after %b1 %s2\n") << text;
  EXPECT_TRUE(valid(mended)) << uir::print_program(mended);
}

TEST(MinimizeEdits, AnAfterInsideALoopIsNoForkOfOneOutside) {
  // %c1 (inside %i) and %c2 (outside) both extend %c at different open ranges: spec §4.1's
  // "not a fork". The mend leaves the valid program as it is.
  const std::string text =
      "%c = buffer 2 dtype=i32 slot=0\n"
      "%i = range 2\n"
      "%v = shrink %c %i shape=[]\n"
      "%s = store %v %i\n"
      "%c1 = after %c %s\n"
      "%e = end %s %i\n"
      "%c2 = after %c %e\n";
  uir::Program program = parsed(text);
  EXPECT_EQ(uir::print_program(continue_forked_chains(program)), uir::print_program(program));
}

TEST(MinimizeEdits, ChainedMemoriesPutsTheSecondBuffersStoresAfterTheFirstsChain) {
  // The result buffer %out only receives %l; chained after %a's chain it becomes one buffer whose
  // later version receives it, and the larger size is kept.
  uir::Program program = parsed(
      "%out = buffer 1 dtype=i32 slot=0\n"
      "%a = alloc 3 dtype=i32\n"
      "%v = shrink %a 2 shape=[]\n"
      "%s = store %v 5\n"
      "%a1 = after %a %s\n"
      "%u = shrink %a1 2 shape=[]\n"
      "%l = load %u\n"
      "%t = shrink %out 0 shape=[]\n"
      "%st = store %t %l\n"
      "%out1 = after %out %st\n");
  std::optional<uir::Program> chained = chained_memories(program, at(program, "%a"), at(program, "%out"));
  ASSERT_TRUE(chained.has_value());
  EXPECT_EQ(uir::print_program(*chained),
            "%out = buffer 3 dtype=i32 slot=0\n"
            "%v = shrink %out 2 shape=[]\n"
            "%s = store %v 5\n"
            "%a1 = after %out %s\n"
            "%u = shrink %a1 2 shape=[]\n"
            "%l = load %u\n"
            "%t = shrink %a1 0 shape=[]\n"
            "%st = store %t %l\n"
            "%out1 = after %a1 %st\n");
  EXPECT_TRUE(valid(*chained));
}

TEST(MinimizeEdits, ChainedMemoriesNeedsAChainToContinueAndBackwardReferences) {
  uir::Program program = parsed(
      "%a = buffer 1 dtype=i32 slot=0\n"
      "%v = shrink %a 0 shape=[]\n"
      "%s = store %v 5\n"
      "%a1 = after %a %s\n"
      "%b = buffer 1 dtype=i32 slot=1\n");
  // %b has no after: nothing to continue from.
  EXPECT_FALSE(chained_memories(program, at(program, "%b"), at(program, "%a")).has_value());
  // %a's uses would take %b, which is defined after them.
  EXPECT_FALSE(chained_memories(program, at(program, "%a"), at(program, "%b")).has_value());
}

TEST(MinimizeEdits, AllI32RetypesMemoriesCastsFunctionsAndLiterals) {
  uir::Program program = parsed(
      "func @half(%x: f32) -> f32 {\n"
      "  %h = mul %x 0.5\n"
      "  ret %h\n"
      "}\n"
      "%b = buffer 2 dtype=f32 slot=0\n"
      "%c = cast 3 dtype=f32\n"
      "%y = call @half %c\n"
      "%z = add %y 2.75\n"
      "%n = add %z -1.0e+10\n"
      "%v = shrink %b 0 shape=[]\n"
      "%s = store %v %n\n"
      "%b1 = after %b %s\n");
  uir::Program retyped = all_i32(program);
  // Literals convert as spec §3's cast: toward zero, saturating.
  EXPECT_EQ(uir::print_program(retyped),
            "func @half(%x: i32) -> i32 {\n"
            "  %h = mul %x 0\n"
            "  ret %h\n"
            "}\n"
            "%b = buffer 2 dtype=i32 slot=0\n"
            "%c = cast 3 dtype=i32\n"
            "%y = call @half %c\n"
            "%z = add %y 2\n"
            "%n = add %z -2147483648\n"
            "%v = shrink %b 0 shape=[]\n"
            "%s = store %v %n\n"
            "%b1 = after %b %s\n");
  EXPECT_TRUE(valid(retyped));
}

TEST(MinimizeEdits, AConstantExpressionIsReplacedByItsValueAnyOtherValueByThePlainestLiteral) {
  uir::Program program = parsed(
      "%b = buffer 2 dtype=f32 slot=0\n"
      "%seven = add 3 4\n"
      "%v = shrink %b 1 shape=[]\n"
      "%x = load %v\n"
      "%y = mul %x 2.0\n"
      "%z = max %y %x\n"
      "%c = cast %seven dtype=f32\n");
  ASSERT_TRUE(replace_uses_by_literal(program, at(program, "%seven")));
  ASSERT_TRUE(replace_uses_by_literal(program, at(program, "%x")));
  EXPECT_FALSE(replace_uses_by_literal(program, at(program, "%z")));  // nothing uses it
  EXPECT_EQ(uir::print_program(program),
            "%b = buffer 2 dtype=f32 slot=0\n"
            "%seven = add 3 4\n"
            "%v = shrink %b 1 shape=[]\n"
            "%x = load %v\n"
            "%y = mul 1.0 2.0\n"
            "%z = max %y 1.0\n"
            "%c = cast 7 dtype=f32\n");
}

TEST(MinimizeEdits, ALoadOfTheElementJustStoredTakesTheStoredValue) {
  uir::Program program = parsed(
      "%a = alloc 2 dtype=f32\n"
      "%v = shrink %a 1 shape=[]\n"
      "%s = store %v inf\n"
      "%a1 = after %a %s\n"
      "%w = shrink %a1 1 shape=[]\n"
      "%x = load %w\n"
      "%y = add %x 1.0\n"
      "%u = shrink %a1 0 shape=[]\n"
      "%z = load %u\n"
      "%y2 = add %z %y\n");
  std::optional<uir::Program> forwarded = forwarded_load(program, at(program, "%x"));
  ASSERT_TRUE(forwarded.has_value());
  const std::string text = uir::print_program(*forwarded);
  EXPECT_NE(text.find("%y = add inf 1.0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("%y2 = add %z %y\n"), std::string::npos) << text;
  EXPECT_FALSE(forwarded_load(program, at(program, "%z")).has_value());  // element 0 was not stored
  EXPECT_FALSE(forwarded_load(program, at(program, "%y")).has_value());  // not a load
}

TEST(MinimizeEdits, LowerLiteralsGoTowardsZero) {
  EXPECT_EQ(lower_literals(0), std::vector<int32_t>{});
  EXPECT_EQ(lower_literals(1), std::vector<int32_t>{0});
  EXPECT_EQ(lower_literals(-1), std::vector<int32_t>{0});
  EXPECT_EQ(lower_literals(59), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(lower_literals(-7), (std::vector<int32_t>{0, -1}));
}

TEST(MinimizeEdits, FlattenedLoopRunsTheBodyOnceAtIndexZero) {
  uir::Program program = parsed(
      "%b = buffer 1 dtype=i32 slot=0\n"
      "%i = range 3\n"
      "%x = mul %i 5\n"
      "%v = shrink %b 0 shape=[]\n"
      "%s = store %v %x\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n");
  uir::Program flat = flattened_loop(program, at(program, "%e"));
  EXPECT_EQ(uir::print_program(flat),
            "%b = buffer 1 dtype=i32 slot=0\n"
            "%x = mul 0 5\n"
            "%v = shrink %b 0 shape=[]\n"
            "%s = store %v %x\n"
            "%b1 = after %b %s\n");
  EXPECT_TRUE(valid(flat));
}

}  // namespace
}  // namespace uirgen
