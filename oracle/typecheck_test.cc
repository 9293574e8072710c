// Rules E-SYNTAX (the value checks) through E-OPEN-RANGE: for each, programs the spec rejects and a
// close neighbour it accepts; then the analysed fields of a valid program, worked out by hand.
#include "oracle/typecheck.h"

#include <gtest/gtest.h>

#include "oracle/validator_testing.h"

namespace uir {
namespace {

using testing::lines;
using testing::verdict;
using testing::verdict_at;

const char* kIdentity[] = {"func @id(%x: i32) -> i32 {", "  ret %x", "}"};

TEST(SyntaxValues, CallArgumentCount) {
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%y = call @id 1 2"})), "E-SYNTAX@4");
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%y = call @id"})), "E-SYNTAX@4");
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%y = call @id 1"})), "ok");
  // The caret points at the function.
  EXPECT_EQ(verdict_at(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%y = call @id 1 2"})), "E-SYNTAX@4:11");
}

TEST(SyntaxValues, MemorySizeMustBeOneTo2To24AsSoonAsItIsKnown) {
  EXPECT_EQ(verdict("%b = buffer 0 dtype=i32 slot=0\n"), "E-SYNTAX@1");
  EXPECT_EQ(verdict("%b = buffer -3 dtype=i32 slot=0\n"), "E-SYNTAX@1");
  EXPECT_EQ(verdict("%b = buffer 16777217 dtype=f32 slot=0\n"), "E-SYNTAX@1");
  EXPECT_EQ(verdict("%b = buffer 16777216 dtype=f32 slot=0\n"), "ok");
  EXPECT_EQ(verdict("%a = alloc 1 dtype=i32\n"), "ok");
  EXPECT_EQ(verdict("%a = alloc 0 dtype=i32\n"), "E-SYNTAX@1");
  // A name defined as an i32 constant expression: its value is known.
  EXPECT_EQ(verdict(lines({"%n = add 8388608 8388609", "%b = buffer %n dtype=i32 slot=0"})), "E-SYNTAX@2");
  EXPECT_EQ(verdict(lines({"%n = add 8388608 8388608", "%b = buffer %n dtype=i32 slot=0"})), "ok");
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%n = call @id 0", "%a = alloc %n dtype=i32"})),
            "E-SYNTAX@5");
  // An i32 literal beyond i32 is known to be too big: E-SYNTAX comes before E-LITERAL (decision).
  EXPECT_EQ(verdict("%b = buffer 3000000000 dtype=i32 slot=0\n"), "E-SYNTAX@1");
  // Checked first: before the bool memory and the reused name on the same line.
  EXPECT_EQ(verdict(lines({"%b = buffer 4 dtype=i32 slot=0", "%b = buffer 0 dtype=bool slot=0"})), "E-SYNTAX@2");
}

TEST(FuncBody, OnlyValueOpsAndOneFinalRet) {
  auto body = [](std::string_view statement) {
    return lines({"func @f(%x: i32) -> i32 {", statement, "  ret %x", "}"});
  };
  EXPECT_EQ(verdict(body("  %b = buffer 4 dtype=i32 slot=0")), "E-FUNC-BODY@2");
  EXPECT_EQ(verdict(body("  %a = alloc 4 dtype=i32")), "E-FUNC-BODY@2");
  EXPECT_EQ(verdict(body("  %r = range 4")), "E-FUNC-BODY@2");
  EXPECT_EQ(verdict(body("  %c = cmplt %x 3\n  assert %c")), "E-FUNC-BODY@3");
  EXPECT_EQ(verdict(body("  %c = cmplt %x 3")), "ok");
  EXPECT_EQ(verdict(body("  %c = mul %x 3")), "ok");
  // A second ret, a statement after ret, a missing ret (at the `}` line).
  EXPECT_EQ(verdict(lines({"func @f(%x: i32) -> i32 {", "  ret %x", "  ret %x", "}"})), "E-FUNC-BODY@3");
  EXPECT_EQ(verdict(lines({"func @f(%x: i32) -> i32 {", "  ret %x", "  %y = add %x 1", "}"})), "E-FUNC-BODY@3");
  EXPECT_EQ(verdict(lines({"func @f(%x: i32) -> i32 {", "  %y = add %x 1", "", "}"})), "E-FUNC-BODY@4");
  EXPECT_EQ(verdict(lines({"func @f() -> i32 {", "}"})), "E-FUNC-BODY@2");
  EXPECT_EQ(verdict(lines({"func @f() -> i32 {", "  ret 3", "}"})), "ok");
}

TEST(Literal, I32LiteralsMustFit) {
  EXPECT_EQ(verdict("%x = add 2147483648 1\n"), "E-LITERAL@1");
  EXPECT_EQ(verdict("%x = add 2147483647 1\n"), "ok");  // wraps at run time, but the literal fits
  EXPECT_EQ(verdict("%x = const -2147483649\n"), "E-LITERAL@1");
  EXPECT_EQ(verdict("%x = const -2147483648\n"), "ok");
  EXPECT_EQ(verdict_at("%x = mul 3 99999999999\n"), "E-LITERAL@1:12");
  EXPECT_EQ(verdict("%x = const 99999999999.0\n"), "ok");  // an f32 literal: rounds, no error
}

TEST(Redefined, NamesParametersFunctionsAndSlots) {
  EXPECT_EQ(verdict(lines({"%x = const 1", "%x = const 2"})), "E-REDEFINED@2");
  EXPECT_EQ(verdict(lines({"%x = const 1", "%y = const 2"})), "ok");
  EXPECT_EQ(verdict(lines({"func @f(%a: i32, %a: f32) -> i32 {", "  ret %a", "}"})), "E-REDEFINED@1");
  EXPECT_EQ(verdict(lines({"func @f(%a: i32, %b: f32) -> i32 {", "  ret %a", "}"})), "ok");
  EXPECT_EQ(verdict(lines({"func @f(%a: i32) -> i32 {", "  %a = add %a 1", "  ret %a", "}"})), "E-REDEFINED@2");
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], kIdentity[0], kIdentity[1], kIdentity[2]})),
            "E-REDEFINED@4");
  EXPECT_EQ(verdict_at(lines({kIdentity[0], kIdentity[1], kIdentity[2], kIdentity[0], kIdentity[1], kIdentity[2]})),
            "E-REDEFINED@4:6");  // at the function's name
  EXPECT_EQ(verdict_at(lines({"%a = buffer 4 dtype=i32 slot=3", "%b = buffer 4 dtype=i32 slot=3"})), "E-REDEFINED@2:25");
  EXPECT_EQ(verdict(lines({"%a = buffer 4 dtype=i32 slot=3", "%b = buffer 4 dtype=i32 slot=4"})), "ok");
  // A body may reuse a top-level name, and another body's names.
  EXPECT_EQ(verdict(lines({"%x = const 1", "func @f(%x: i32) -> i32 {", "  %y = add %x 1", "  ret %y", "}",
                           "func @g(%y: i32) -> i32 {", "  %x = add %y 1", "  ret %x", "}"})),
            "ok");
}

TEST(Undefined, NamesAndFunctionsBeforeTheirDefinition) {
  EXPECT_EQ(verdict(lines({"%y = add %x 1", "%x = const 1"})), "E-UNDEFINED@1");
  EXPECT_EQ(verdict(lines({"%x = const 1", "%y = add %x 1"})), "ok");
  EXPECT_EQ(verdict_at(lines({"%x = const 1", "%y = add %x %z"})), "E-UNDEFINED@2:13");
  // Top-level names are not visible in a body.
  EXPECT_EQ(verdict(lines({"%t = const 1", "func @f(%a: i32) -> i32 {", "  %b = add %a %t", "  ret %b", "}"})),
            "E-UNDEFINED@3");
  // No recursion: a call of itself or of a later function.
  EXPECT_EQ(verdict(lines({"func @f(%a: i32) -> i32 {", "  %b = call @f %a", "  ret %b", "}"})), "E-UNDEFINED@2");
  EXPECT_EQ(verdict(lines({"%y = call @g 1", "func @g(%a: i32) -> i32 {", "  ret %a", "}"})), "E-UNDEFINED@1");
  EXPECT_EQ(verdict(lines({"func @g(%a: i32) -> i32 {", "  ret %a", "}", "%y = call @g 1"})), "ok");
  EXPECT_EQ(verdict("%y = call @nowhere\n"), "E-UNDEFINED@1");
}

TEST(Type, ValueOps) {
  EXPECT_EQ(verdict("%x = add 1 2.0\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = add 1.0 2.0\n"), "ok");
  EXPECT_EQ(verdict("%x = add true false\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = idiv 4.0 2.0\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = mod 4 3\n"), "ok");
  EXPECT_EQ(verdict("%x = cmplt true false\n"), "ok");  // bool compares: false < true
  EXPECT_EQ(verdict("%x = cmpeq 1 1.0\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = where 1 2 3\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = where true 2 3.0\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = where true 2 3\n"), "ok");
  EXPECT_EQ(verdict("%x = exp2 2\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%x = exp2 2.0\n"), "ok");
  EXPECT_EQ(verdict("%x = cast true dtype=f32\n"), "ok");
  EXPECT_EQ(verdict("assert 1\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("assert true\n"), "ok");
  EXPECT_EQ(verdict_at("%x = add 1 2.0\n"), "E-TYPE@1:12");  // the operand that disagrees
}

TEST(Type, CallsAndReturns) {
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%y = call @id 1.0"})), "E-TYPE@4");
  EXPECT_EQ(verdict(lines({"func @f(%x: i32) -> f32 {", "  ret %x", "}"})), "E-TYPE@2");
  EXPECT_EQ(verdict(lines({"func @f(%x: i32) -> f32 {", "  %y = cast %x dtype=f32", "  ret %y", "}"})), "ok");
}

const char* kBuffer = "%b = buffer 4 dtype=i32 slot=0";

TEST(Type, MemoryViewsAndEffects) {
  // A size is an i32 constant expression; memory is not bool.
  EXPECT_EQ(verdict("%b = buffer 4.0 dtype=i32 slot=0\n"), "E-TYPE@1");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%n = load %v", "%a = alloc %n dtype=i32"})), "E-TYPE@4");
  EXPECT_EQ(verdict_at("%b = buffer 4 dtype=bool slot=0\n"), "E-TYPE@1:15");
  EXPECT_EQ(verdict("%b = alloc 4 dtype=f32\n"), "ok");
  // Views where memory is needed and memory where a view is needed; a one-element view.
  EXPECT_EQ(verdict(lines({kBuffer, "%x = load %b"})), "E-TYPE@2");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[2]", "%x = load %v"})), "E-TYPE@3");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[1]", "%x = load %v"})), "ok");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[2]", "%w = shrink %v 1 shape=[]", "%x = load %w"})), "ok");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%s = store %v 1", "%c = after %v %s"})), "E-TYPE@4");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%s = store %v 1", "%c = after %b %s"})), "ok");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink 3 0 shape=[]"})), "E-TYPE@2");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 1.0 shape=[]"})), "E-TYPE@2");
  // The stored value has the view's dtype.
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%s = store %v 1.0"})), "E-TYPE@3");
  // Only after and end may consume an effect.
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%s = store %v 1", "%x = add %s 1"})), "E-TYPE@4");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%s = store %v 1", "%t = store %v %s"})), "E-TYPE@4");
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%s = store %v 1", "%c = after %b 1"})), "E-TYPE@4");
}

TEST(Type, RangesAndEnds) {
  EXPECT_EQ(verdict("%i = range 4.0\n"), "E-TYPE@1");
  EXPECT_EQ(verdict("%i = range true\n"), "E-TYPE@1");
  const char* loop[] = {kBuffer, "%i = range 4", "%v = shrink %b %i shape=[]", "%s = store %v %i"};
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], "%e = end %s %v"})), "E-TYPE@5");  // not a range
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], "%k = add %i 0", "%e = end %s %k"})), "E-TYPE@6");
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], "%e = end %i %s"})), "E-TYPE@5");
  EXPECT_EQ(verdict(lines({loop[0], loop[1], loop[2], loop[3], "%e = end %s %i"})), "ok");
}

TEST(OpenRange, AssertsCallsSizesAndBounds) {
  EXPECT_EQ(verdict(lines({"%i = range 4", "%c = cmplt %i 9", "assert %c"})), "E-OPEN-RANGE@3");
  EXPECT_EQ(verdict(lines({"%i = range 4", "%c = cmplt 3 9", "assert %c"})), "ok");
  EXPECT_EQ(verdict(lines({kIdentity[0], kIdentity[1], kIdentity[2], "%i = range 4", "%y = call @id %i"})),
            "E-OPEN-RANGE@5");
  EXPECT_EQ(verdict(lines({"%i = range 4", "%j = range %i"})), "E-OPEN-RANGE@2");  // lesson 3.1
  EXPECT_EQ(verdict(lines({"%i = range 4", "%j = range 3"})), "ok");
  // A size with open ranges is E-OPEN-RANGE, not E-TYPE, though it is not constant either (§4).
  EXPECT_EQ(verdict(lines({"%i = range 4", "%n = add %i 1", "%a = alloc %n dtype=i32"})), "E-OPEN-RANGE@3");
  // A range bound need not be constant, only free of open ranges.
  EXPECT_EQ(verdict(lines({kBuffer, "%v = shrink %b 0 shape=[]", "%n = load %v", "%i = range %n"})), "ok");
  EXPECT_EQ(verdict_at(lines({"%i = range 4", "%j = range 2", "%k = add %j %i", "%l = range %k"})),
            "E-OPEN-RANGE@4:12");
}

TEST(AnalysedFields, TheLessonsFirstProgram) {
  testing::Checked c = testing::check_text(lines({
      "%b  = buffer 4 dtype=i32 slot=0",   // 0
      "%i  = range 4",                     // 1
      "%sq = mul %i %i",                   // 2
      "%v  = shrink %b %i shape=[]",       // 3
      "%s  = store %v %sq",                // 4
      "%e  = end %s %i",                   // 5
      "%b1 = after %b %e",                 // 6
      "%w  = shrink %b1 2 shape=[]",       // 7
      "%x  = load %w",                     // 8
      "%h  = mul 0.5 4.0",                 // 9
  }));
  ASSERT_FALSE(c.error) << c.error->message;
  const std::vector<Stmt>& s = c.program.stmts;
  EXPECT_EQ(s[0].kind, Kind::Memory);
  EXPECT_EQ(s[0].length, 4);
  EXPECT_EQ(s[0].memory_root, 0);
  EXPECT_EQ(s[0].version, 0);
  EXPECT_EQ(s[1].open_ranges, std::vector<int32_t>{1});
  EXPECT_EQ(s[1].interval, (Interval{0, 3}));
  EXPECT_FALSE(s[1].constant);
  EXPECT_EQ(s[2].interval, (Interval{0, 9}));
  EXPECT_EQ(s[3].kind, Kind::View);
  EXPECT_EQ(s[3].length, 1);
  EXPECT_EQ(s[3].version, 0);
  EXPECT_EQ(s[4].kind, Kind::Effect);
  EXPECT_EQ(s[4].dtype, DType::Void);
  EXPECT_EQ(s[4].version, 0);
  EXPECT_EQ(s[4].open_ranges, std::vector<int32_t>{1});
  EXPECT_TRUE(s[5].open_ranges.empty());
  EXPECT_EQ(s[6].kind, Kind::Memory);
  EXPECT_EQ(s[6].memory_root, 0);
  EXPECT_EQ(s[6].version, 6);
  EXPECT_EQ(s[6].length, 4);
  EXPECT_EQ(s[8].memory_root, 0);
  EXPECT_EQ(s[8].version, 6);
  EXPECT_EQ(s[8].dtype, DType::I32);
  ASSERT_TRUE(s[9].constant);
  EXPECT_EQ(s[9].constant->as_f32(), 2.0f);
  EXPECT_FALSE(s[9].interval);  // f32 values have no interval
}

TEST(AnalysedFields, OpenRangesAreSortedUnionsMinusTheClosedRange) {
  testing::Checked c = testing::check_text(lines({
      "%b = buffer 6 dtype=i32 slot=0",  // 0
      "%j = range 3",                    // 1 (declared first, so the smaller index)
      "%i = range 2",                    // 2
      "%i3 = mul %i 3",                  // 3
      "%o = add %i3 %j",                 // 4
      "%v = shrink %b %o shape=[]",      // 5
      "%s = store %v %o",                // 6
      "%ej = end %s %j",                 // 7
      "%ei = end %ej %i",                // 8
      "%b1 = after %b %ei",              // 9
  }));
  ASSERT_FALSE(c.error) << c.error->message;
  EXPECT_EQ(c.program.stmts[3].open_ranges, std::vector<int32_t>{2});
  EXPECT_EQ(c.program.stmts[4].open_ranges, (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(c.program.stmts[7].open_ranges, std::vector<int32_t>{2});
  EXPECT_TRUE(c.program.stmts[8].open_ranges.empty());
  EXPECT_EQ(c.program.stmts[4].interval, (Interval{0, 5}));  // [0, 3] + [0, 2]
}

}  // namespace
}  // namespace uir
