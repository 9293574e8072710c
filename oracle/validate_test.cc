// The validator as a whole: the examples and quiz answers of lesson 3.1 and the week-3 spec that
// are about validity, and the order of spec §8 when several rules break.
#include "oracle/validate.h"

#include <gtest/gtest.h>

#include "oracle/validator_testing.h"

namespace uir {
namespace {

using testing::lines;
using testing::verdict;

// --- lesson 3.1 (seeds/003) and the week-3 spec (seeds/004) ---

TEST(Seeds, TheLessonsFirstLoopIsValid) {
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%sq = mul %i %i # i * i, for each i",
                           "%v = shrink %b %i shape=[] # element i", "%s = store %v %sq # b[i] = i * i",
                           "%e = end %s %i # repeat %s for i = 0, 1, 2, 3", "%b1 = after %b %e"})),
            "ok");
}

TEST(Seeds, TheLoopNestIsValidWithEitherEndOrder) {
  const char* body[] = {"%b = buffer 6 dtype=i32 slot=0", "%i = range 2", "%j = range 3", "%i3 = mul %i 3",
                        "%o = add %i3 %j # row-major offset i*3 + j", "%v = shrink %b %o shape=[]", "%s = store %v %o"};
  EXPECT_EQ(verdict(lines({body[0], body[1], body[2], body[3], body[4], body[5], body[6], "%ej = end %s %j",
                           "%ei = end %ej %i", "%b1 = after %b %ei"})),
            "ok");
  EXPECT_EQ(verdict(lines({body[0], body[1], body[2], body[3], body[4], body[5], body[6], "%ei = end %s %i",
                           "%ej = end %ei %j", "%b1 = after %b %ej"})),
            "ok");
}

TEST(Seeds, SquareEveryElementIntoASecondBuffer) {
  EXPECT_EQ(verdict(lines({"%in = buffer 6 dtype=i32 slot=0", "%out = buffer 6 dtype=i32 slot=1", "%i = range 6",
                           "%vi = shrink %in %i shape=[]", "%x = load %vi", "%sq = mul %x %x",
                           "%vo = shrink %out %i shape=[]", "%s = store %vo %sq", "%e = end %s %i",
                           "%out1 = after %out %e"})),
            "ok");
}

TEST(Seeds, ReverseWithoutSubtractPassesTheBoundsCheck) {
  const char* head[] = {"%in = buffer 5 dtype=i32 slot=0", "%out = buffer 5 dtype=i32 slot=1", "%i = range 5"};
  const char* tail[] = {"%vi = shrink %in %r shape=[]", "%x = load %vi", "%vo = shrink %out %i shape=[]",
                        "%s = store %vo %x", "%e = end %s %i", "%out1 = after %out %e"};
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%m = mul %i -1", "%r = add %m 4", tail[0], tail[1], tail[2],
                           tail[3], tail[4], tail[5]})),
            "ok");
  // Off by one (5 - i) reaches element 5.
  EXPECT_EQ(verdict(lines({head[0], head[1], head[2], "%m = mul %i -1", "%r = add %m 5", tail[0], tail[1], tail[2],
                           tail[3], tail[4], tail[5]})),
            "E-BOUNDS@6");
}

TEST(Seeds, WhatMakesALoopInvalid) {
  const char* loop[] = {"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%v = shrink %b %i shape=[]",
                        "%s = store %v %i"};
  // Closing a range the effect doesn't use.
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], "%j = range 2", "%e = end %s %j"})), "E-END-UNUSED@6");
  // A bound that depends on a range.
  EXPECT_EQ(verdict(lines({"%i = range 4", "%j = range %i"})), "E-OPEN-RANGE@2");
  // An assert inside a loop.
  EXPECT_EQ(verdict(lines({"%i = range 4", "%ok = cmplt %i 4", "assert %ok"})), "E-OPEN-RANGE@3");
  // Closing a range twice.
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], "%e = end %s %i", "%f = end %s %i"})), "E-END-TWICE@6");
  // Out of bounds: range 5 over four elements.
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 5", "%v = shrink %b %i shape=[]",
                           "%s = store %v %i", "%e = end %s %i", "%b1 = after %b %e"})),
            "E-BOUNDS@3");
}

TEST(Seeds, ARangeBoundOfAddZeroZeroIsValid) {
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%n = add 0 0", "%i = range %n", "%v = shrink %b %i shape=[]",
                           "%s = store %v 1", "%e = end %s %i", "%b1 = after %b %e"})),
            "ok");
}

TEST(Seeds, ABoundOfZeroOrBelowIsValidAndItsRangeIsZeroToZero) {
  // Week 3: `n <= 0` runs zero times; the range's interval is [0, max(0, -4)] = [0, 0].
  EXPECT_EQ(verdict(lines({"%b = buffer 1 dtype=i32 slot=0", "%i = range -3", "%v = shrink %b %i shape=[]",
                           "%s = store %v 1", "%e = end %s %i", "%b1 = after %b %e"})),
            "ok");
}

TEST(Seeds, AnInnerLoopMayIgnoreTheOuterRangeBesidesTheMemoryItWrites) {
  // Week 3: the inner loop's values ignore %i; its store writes into %C1, the per-%i reset version.
  EXPECT_EQ(verdict(lines({"%C = buffer 1 dtype=i32 slot=0", "%i = range 3", "%v = shrink %C 0 shape=[]",
                           "%z = mul %i 0", "%reset = store %v %z", "%C1 = after %C %reset", "%k = range 4",
                           "%w = shrink %C1 0 shape=[]", "%cur = load %w", "%sum = add %cur %k",
                           "%acc = store %w %sum", "%ek = end %acc %k", "%ei = end %ek %i", "%C2 = after %C %ei"})),
            "ok");
}

TEST(Seeds, TheAccumulatorOfTheWeek3Spec) {
  EXPECT_EQ(verdict(lines({"%in = buffer 4 dtype=f32 slot=0", "%acc = alloc 1 dtype=f32", "%k = range 4",
                           "%a = shrink %acc 0 shape=[]", "%cur = load %a # previous iteration's sum",
                           "%vx = shrink %in %k shape=[]", "%x = load %vx", "%sum = add %cur %x", "%s = store %a %sum",
                           "%e = end %s %k", "%acc1 = after %acc %e"})),
            "ok");
}

TEST(Seeds, TheFunctionExampleOfSpecSection3) {
  testing::Checked c = testing::check_text(lines({"func @poly(%x: f32, %k: i32) -> f32 {", "  %x2 = mul %x %x",
                                                  "  %r  = add %x2 1.0", "  ret %r", "}", "%y = call @poly 3.0 7"}));
  ASSERT_FALSE(c.error) << c.error->message;
  ASSERT_TRUE(c.program.stmts[0].constant);
  EXPECT_EQ(c.program.stmts[0].constant->as_f32(), 10.0f);
}

// --- spec §8: one error, the first failing statement in file order, then the rule order ---

TEST(RuleOrder, WithinAStatementTheCatalogOrderWins) {
  EXPECT_EQ(verdict(lines({"%x = const 1", "%x = add 99999999999 %nope"})), "E-LITERAL@2");  // + REDEFINED, UNDEFINED
  EXPECT_EQ(verdict(lines({"%x = const 1", "%x = add 1.0 %nope"})), "E-REDEFINED@2");         // + UNDEFINED, TYPE
  EXPECT_EQ(verdict(lines({"%x = add 1.0 %nope"})), "E-UNDEFINED@1");                          // + TYPE
  EXPECT_EQ(verdict(lines({"%i = range 4", "%c = cmplt %i 3", "%d = add %c %i", "assert %d"})), "E-TYPE@3");
  EXPECT_EQ(verdict(lines({"%i = range 4", "%n = add %i 0", "%b = buffer %n dtype=bool slot=0"})), "E-TYPE@3");  // bool memory, open range
  // E-TYPE (the view is not one element) before E-BOUNDS and E-STORE-TWICE on the same statement.
  EXPECT_EQ(verdict(lines({"%b = buffer 2 dtype=i32 slot=0", "%v = shrink %b 0 shape=[]", "%s = store %v 1",
                           "%w = shrink %b 0 shape=[2]", "%t = store %w 1"})),
            "E-TYPE@5");
  // E-AFTER-NO-STORE before E-VERSION-FORK: %b2 forks %b and its store writes into %c.
  EXPECT_EQ(verdict(lines({"%b = buffer 2 dtype=i32 slot=0", "%c = buffer 2 dtype=i32 slot=1",
                           "%v = shrink %b 0 shape=[]", "%s = store %v 1", "%w = shrink %c 0 shape=[]",
                           "%t = store %w 2", "%b1 = after %b %s", "%b2 = after %b %t"})),
            "E-AFTER-NO-STORE@8");
}

TEST(RuleOrder, AcrossStatementsTheFirstFailingLineWins) {
  // A bounds error on line 2 beats a value E-SYNTAX on line 3 and a parse error on line 4.
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%v = shrink %b 4 shape=[]", "%a = alloc 0 dtype=i32",
                           "%x = frobnicate 1"})),
            "E-BOUNDS@2");
  // The parser's error comes last: only when every statement before it passes.
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%x = frobnicate 1", "%y = add 1.0 1"})), "E-SYNTAX@2");
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%y = add 1.0 1", "%x = frobnicate 1"})), "E-TYPE@2");
}

TEST(RuleOrder, FunctionsAndTopLevelStatementsInterleaveByLine) {
  const char* bad_func[] = {"func @f(%x: i32) -> i32 {", "  %y = add %x 1.0", "  ret %x", "}"};
  // A top-level error above the function wins; one below it loses.
  EXPECT_EQ(verdict(lines({"%a = add 1 true", bad_func[0], bad_func[1], bad_func[2], bad_func[3]})), "E-TYPE@1");
  EXPECT_EQ(verdict(lines({bad_func[0], bad_func[1], bad_func[2], bad_func[3], "%a = add 1 true"})), "E-TYPE@2");
  // A missing ret is reported at the `}` line: after the body, before what follows.
  const char* no_ret[] = {"func @g(%x: i32) -> i32 {", "  %y = add %x 1", "}"};
  EXPECT_EQ(verdict(lines({no_ret[0], no_ret[1], no_ret[2], "%a = add 1 true"})), "E-FUNC-BODY@3");
  EXPECT_EQ(verdict(lines({"%a = add 1 true", no_ret[0], no_ret[1], no_ret[2]})), "E-TYPE@1");
  // The header's own check (a function named twice) comes at its line, before its body.
  EXPECT_EQ(verdict(lines({"func @h() -> i32 {", "  ret 1", "}", "func @h() -> i32 {", "  %z = add 1 true", "  ret 1",
                           "}"})),
            "E-REDEFINED@4");
  // A function after the last top-level statement is still checked.
  EXPECT_EQ(verdict(lines({"%a = const 1", no_ret[0], no_ret[1], no_ret[2]})), "E-FUNC-BODY@4");
}

TEST(RuleOrder, AFunctionLeftOpenIsTheParsersErrorAtItsHeader) {
  EXPECT_EQ(verdict(lines({"%a = const 1", "func @f(%x: i32) -> i32 {", "  %y = add %x 1.0"})), "E-SYNTAX@2");
  EXPECT_EQ(verdict(lines({"%a = add 1 true", "func @f(%x: i32) -> i32 {", "  ret %x"})), "E-TYPE@1");
}

TEST(Validate, ReportsAPreciseMessageInTheStudentsTerms) {
  testing::Checked c = testing::check_text(
      lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%v = shrink %b %i shape=[]", "%s = store %v %i",
             "%j = range 2", "%e = end %s %j"}));
  ASSERT_TRUE(c.error);
  EXPECT_EQ(format_error(c.program, *c.error),
            "t.uir:6: error: E-END-UNUSED: end closes a range its effects don't use: %s does not depend on %j\n"
            "%e = end %s %j\n"
            "         ^^");
}

TEST(Validate, RevalidatingGivesTheSameFields) {
  ParseResult parsed = parse("t.uir", lines({"%i = range 3", "%j = range 2", "%k = add %i %j"}));
  ASSERT_FALSE(validate(parsed.program, parsed.error));
  ASSERT_FALSE(validate(parsed.program, parsed.error));
  EXPECT_EQ(parsed.program.stmts[2].open_ranges, (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(parsed.program.stmts[2].interval, (Interval{0, 3}));
}

}  // namespace
}  // namespace uir
