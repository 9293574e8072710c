#include "oracle/parse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "oracle/parse_names.h"  // BlockNames::kBatch

namespace uir {
namespace {

ParseResult ok(std::string_view text) {
  ParseResult r = parse("t.uir", text);
  EXPECT_FALSE(r.error.has_value()) << (r.error ? format_error(r.program, *r.error) : "");
  return r;
}

Error syntax_error(std::string_view text) {
  ParseResult r = parse("t.uir", text);
  EXPECT_TRUE(r.error.has_value()) << text;
  if (!r.error) return {};
  EXPECT_EQ(r.error->rule, Rule::Syntax);
  return *r.error;
}

TEST(Parse, LessonProgramResolvesNamesToStatementIndices) {
  ParseResult r = ok(
      "%b  = buffer 4 dtype=i32 slot=0\n"
      "%i  = range 4\n"
      "%sq = mul %i %i            # i * i, for each i\n"
      "\n"
      "%v  = shrink %b %i shape=[]\n"
      "%s  = store %v %sq\n"
      "%e  = end %s %i\n"
      "%b1 = after %b %e\n");
  const auto& s = r.program.stmts;
  ASSERT_EQ(s.size(), 7u);
  EXPECT_EQ(s[0].op, Op::Buffer);
  EXPECT_EQ(s[0].dtype_attr, DType::I32);
  EXPECT_EQ(s[0].slot, 0);
  EXPECT_EQ(s[0].operands[0].literal.as_i32(), 4);
  EXPECT_EQ(s[2].op, Op::Mul);
  EXPECT_EQ(s[2].operands[0].ref, 1);
  EXPECT_EQ(s[2].operands[1].ref, 1);
  EXPECT_EQ(s[3].shape, 1);     // shape=[] is one element
  EXPECT_EQ(s[3].line, 5);      // physical lines, blank lines counted
  EXPECT_EQ(s[5].operands[1].ref, 1);
  EXPECT_EQ(s[6].operands[1].ref, 5);
}

TEST(Parse, SpacesAroundEqualsAreOptionalAndCrlfIsAccepted) {
  ParseResult r = ok("%a=const 1\r\n%b= add %a 2\r\n%c =add %b %a\r\n");
  ASSERT_EQ(r.program.stmts.size(), 3u);
  EXPECT_EQ(r.program.stmts[2].operands[0].ref, 1);
  EXPECT_EQ(r.program.lines[0], "%a=const 1");
}

TEST(Parse, LiteralsAreTypedBySpelling) {
  bool overflow = false;
  EXPECT_EQ(parse_literal("3", &overflow)->dtype, DType::I32);
  EXPECT_EQ(parse_literal("-2147483648", &overflow)->as_i32(), INT32_MIN);
  EXPECT_FALSE(overflow);
  parse_literal("2147483648", &overflow);
  EXPECT_TRUE(overflow);
  EXPECT_EQ(parse_literal("3.0", &overflow)->dtype, DType::F32);
  EXPECT_EQ(parse_literal("3.", &overflow)->as_f32(), 3.0f);
  EXPECT_EQ(parse_literal("-1.5e-3", &overflow)->as_f32(), -1.5e-3f);
  EXPECT_TRUE(std::isinf(parse_literal("1.0e39", &overflow)->as_f32()));  // beyond f32: inf, not an error
  EXPECT_TRUE(std::isnan(parse_literal("nan", &overflow)->as_f32()));
  EXPECT_EQ(parse_literal("-inf", &overflow)->as_f32(), -INFINITY);
  EXPECT_EQ(parse_literal("true", &overflow)->dtype, DType::Bool);
  // 16777217 is not an f32: strtof rounds to nearest even, 16777216.
  EXPECT_EQ(parse_literal("16777217.0", &overflow)->as_f32(), 16777216.0f);
  for (const char* bad : {"1e5", ".5", "+1", "-nan", "0x10", "1.0f", "", "-", "1.e", "Inf"})
    EXPECT_FALSE(parse_literal(bad, &overflow).has_value()) << bad;
}

TEST(Parse, OutOfRangeIntegerIsRecordedForTheValidatorNotASyntaxError) {
  ParseResult r = ok("%a = const 99999999999999999999999\n");
  EXPECT_TRUE(r.program.stmts[0].operands[0].literal_overflow);
}

TEST(Parse, FunctionsAreTheirOwnBlocks) {
  ParseResult r = ok(
      "%x = const 1\n"
      "func @poly(%x: f32, %k: i32) -> f32 {\n"
      "  %x2 = mul %x %x\n"
      "  %r  = add %x2 1.0\n"
      "  ret %r\n"
      "}\n"
      "%y = call @poly 3.0 7\n");
  ASSERT_EQ(r.program.funcs.size(), 1u);
  const Function& f = r.program.funcs[0];
  EXPECT_EQ(f.name, "@poly");
  EXPECT_EQ(f.num_params, 2);
  EXPECT_EQ(f.ret, DType::F32);
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.close_line, 6);
  ASSERT_EQ(f.body.size(), 5u);
  EXPECT_EQ(f.body[0].op, Op::Param);
  EXPECT_EQ(f.body[0].dtype_attr, DType::F32);
  EXPECT_EQ(f.body[2].operands[0].ref, 0);  // %x in the body is the parameter, not the top-level %x
  EXPECT_EQ(f.body[4].op, Op::Ret);
  const Stmt& call = r.program.stmts[1];
  EXPECT_EQ(call.operands[0].kind, Operand::Kind::Func);
  EXPECT_EQ(call.operands[0].ref, 0);
}

TEST(Parse, NamesAreRecordedNotRejected) {
  ParseResult r = ok(
      "%a = const 1\n"
      "%a = add %a %zz\n"
      "func @f() -> i32 {\n"
      "  %t = add %a 1\n"      // top-level names are not visible in a body
      "  %u = call @f\n"       // a function cannot call itself
      "  ret %t\n"
      "}\n");
  EXPECT_TRUE(r.program.stmts[1].redefines);
  EXPECT_EQ(r.program.stmts[1].operands[0].ref, 0);
  EXPECT_EQ(r.program.stmts[1].operands[1].ref, -1);
  EXPECT_EQ(r.program.funcs[0].body[0].operands[0].ref, -1);
  EXPECT_EQ(r.program.funcs[0].body[1].operands[0].ref, -1);
}

// The parser checks a definition against the names of its recent batch at once and against older
// ones when the batch moves (parse_names.h): a redefinition found then must be the same as one found
// at once, including for the names that referred to it in between.
TEST(Parse, ARedefinitionFarFromTheFirstDefinitionIsRecordedAndReferencesKeepTheFirst) {
  const int filler = static_cast<int>(BlockNames::kFirstBatch + BlockNames::kBatch) + 10;
  std::string top = "%a = const 1\n", body = "func @f(%p: i32) -> i32 {\n  %b = add %p 1\n";
  for (int k = 0; k < filler; ++k) {
    top += "%t" + std::to_string(k) + " = const 2\n";
    body += "  %u" + std::to_string(k) + " = add %p 2\n";
  }
  top += "%a = const 3\n%use = add %a %a\n";                 // index filler + 1, filler + 2
  body += "  %b = add %p 3\n  %p = add %b 4\n  ret %b\n";  // index filler + 2 .. filler + 4
  // Both orders; a syntax error after the top level; one in the body, which stays open (its `}`
  // comes after the error), so its names move at the end of the parse.
  for (const std::string& text : {body + "}\n" + top, top + body + "}\n", body + "}\n" + top + "%bad = nonsense\n",
                                   top + body + "  %bad = nonsense\n}\n"}) {
    ParseResult r = parse("t.uir", text);
    ASSERT_EQ(r.program.stmts.size(), static_cast<size_t>(filler) + 3);
    ASSERT_EQ(r.program.funcs.size(), 1u);
    const std::vector<Stmt>& stmts = r.program.stmts;
    const std::vector<Stmt>& f = r.program.funcs[0].body;
    EXPECT_FALSE(stmts[0].redefines);
    EXPECT_TRUE(stmts[filler + 1].redefines);
    EXPECT_EQ(stmts[filler + 2].operands[0].ref, 0);
    EXPECT_EQ(stmts[filler + 2].operands[1].ref, 0);
    EXPECT_EQ(std::count_if(stmts.begin(), stmts.end(), [](const Stmt& s) { return s.redefines; }), 1);
    EXPECT_TRUE(f[filler + 2].redefines);                 // %b again
    EXPECT_TRUE(f[filler + 3].redefines);                 // %p, the parameter, again
    EXPECT_EQ(f[filler + 3].operands[0].ref, 1);          // the first %b
    EXPECT_EQ(f[filler + 4].operands[0].ref, 1);
    EXPECT_EQ(std::count_if(f.begin(), f.end(), [](const Stmt& s) { return s.redefines; }), 2);
  }
}

// A name used far from its definition is looked up when its block ends (parse_names.h): it must
// refer to the same statement as a name used near it, and a name defined only later must stay
// undefined, also when the statement that uses it is the one the parser stopped at.
TEST(Parse, ANameUsedFarFromItsDefinitionRefersToIt) {
  const int filler = static_cast<int>(BlockNames::kFirstBatch + 2 * BlockNames::kBatch) + 10;
  std::string text = "%i = range 4\n%early = add %later 1\n";
  for (int k = 0; k < filler; ++k) text += "%t" + std::to_string(k) + " = add %i " + std::to_string(k) + "\n";
  text += "%later = add %i %t0\n%use = add %later %early\n";  // index filler + 2, filler + 3
  for (const std::string& ending : {std::string(), std::string("%bad = add %i %t5 dtype=i32\n")}) {
    ParseResult r = parse("t.uir", text + ending);
    ASSERT_EQ(r.program.stmts.size(), static_cast<size_t>(filler) + 4);
    const std::vector<Stmt>& stmts = r.program.stmts;
    EXPECT_EQ(stmts[1].operands[0].ref, -1);            // %later comes after: undefined here
    EXPECT_EQ(stmts[2].operands[0].ref, 0);             // near: found in the batch
    EXPECT_EQ(stmts[filler + 1].operands[0].ref, 0);    // %i from the last batch
    EXPECT_EQ(stmts[filler + 2].operands[0].ref, 0);
    EXPECT_EQ(stmts[filler + 2].operands[1].ref, 2);    // %t0
    EXPECT_EQ(stmts[filler + 3].operands[0].ref, filler + 2);
    EXPECT_EQ(stmts[filler + 3].operands[1].ref, 1);    // %early
    EXPECT_EQ(r.error.has_value(), !ending.empty());
  }
}

TEST(Parse, SlotUsedTwiceIsRecorded) {
  ParseResult r = ok("%a = buffer 4 dtype=i32 slot=3\n%b = buffer 4 dtype=f32 slot=3\n");
  EXPECT_EQ(r.program.stmts[1].redefined_slot_of, 0);
}

// The op table's Literal and Function roles (const's operand, call's first) are checked by spelling.
TEST(Parse, OperandsOfTheLiteralAndFunctionRolesMustBeSpelledSo) {
  Error literal = syntax_error("%x = const 1\n%a = const %x\n");
  EXPECT_EQ(literal.line, 2);
  EXPECT_EQ(literal.column, 12);
  EXPECT_EQ(literal.length, 2);
  EXPECT_EQ(literal.message, "'const' takes a literal, not a name");
  Error function = syntax_error("%x = const 1\n%a = call %x 1\n");
  EXPECT_EQ(function.column, 11);
  EXPECT_EQ(function.message, "'call' needs '@function' as its first operand");
  EXPECT_EQ(syntax_error("%a = call 3\n").column, 11);
  EXPECT_FALSE(parse("t.uir", "%a = const 2.5\n%b = const true\n").error.has_value());
}

TEST(Parse, StructuralMistakesAreSyntaxErrorsWithTheColumnAtFault) {
  EXPECT_EQ(syntax_error("%a = sub 1 2\n").column, 6);              // unknown op
  EXPECT_EQ(syntax_error("%a = add 1\n").column, 6);                 // operand count
  EXPECT_EQ(syntax_error("add 1 2\n").line, 1);                      // a result needs a name
  EXPECT_EQ(syntax_error("%a = assert true\n").line, 1);             // assert has none
  EXPECT_EQ(syntax_error("%a = const %b\n").column, 12);             // const takes a literal
  EXPECT_EQ(syntax_error("%b = buffer 4 dtype=i32 slot=64\n").column, 25);
  EXPECT_EQ(syntax_error("%b = buffer 4 dtype=i32\n").line, 1);     // missing slot=
  EXPECT_EQ(syntax_error("%b = buffer 4 dtype=i32 slot=0 slot=1\n").column, 32);
  EXPECT_EQ(syntax_error("%b = buffer dtype=i32 4 slot=0\n").column, 23);  // operand after attribute
  EXPECT_EQ(syntax_error("%b = alloc 4 dtype=i32 shape=[]\n").column, 24);  // unknown attribute
  EXPECT_EQ(syntax_error("%b = alloc 4 dtype=i64\n").column, 14);
  EXPECT_EQ(syntax_error("%v = shrink %b 0 shape=[0]\n").column, 18);
  EXPECT_EQ(syntax_error("%a = add 1e5 1\n").column, 10);
  EXPECT_EQ(syntax_error("%a-b = add 1 2\n").column, 1);
  EXPECT_EQ(syntax_error("%a = add @f 1\n").column, 10);
  EXPECT_EQ(syntax_error("%a = call 1\n").column, 11);
  EXPECT_EQ(syntax_error("}\n").line, 1);
  EXPECT_EQ(syntax_error("ret 1\n").line, 1);
  EXPECT_EQ(syntax_error("func @f(%x i32) -> i32 {\n  ret %x\n}\n").line, 1);
  EXPECT_EQ(syntax_error("func @f() -> i32 {\n func @g() -> i32 {\n ret 1\n}\n").line, 2);
}

TEST(Parse, AnUnclosedFunctionIsReportedAtItsHeaderBeforeErrorsInsideIt) {
  Error e = syntax_error("%a = const 1\nfunc @f() -> i32 {\n  %x = bogus 1\n  ret 1\n");
  EXPECT_EQ(e.line, 2);
  ParseResult r = parse("t.uir", "%a = const 1\nfunc @f() -> i32 {\n  %x = bogus 1\n  ret 1\n");
  EXPECT_TRUE(r.program.funcs.empty());  // nothing of it is checked
  EXPECT_EQ(r.program.stmts.size(), 1u);
  // Closed later: the error inside stands.
  EXPECT_EQ(syntax_error("func @f() -> i32 {\n  %x = bogus 1\n  ret 1\n}\n").line, 2);
}

TEST(Parse, TheProgramHoldsOnlyWhatCameBeforeTheError) {
  ParseResult r = parse("t.uir", "%a = const 1\n%b = add %a\n%c = const 2\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->line, 2);
  EXPECT_EQ(r.program.stmts.size(), 1u);
}

TEST(Parse, BinaryGarbageIsAnErrorNotACrash) {
  std::string garbage("\x7f" "ELF\x02\x01\x01\0\0\0\xff\xfe", 14);
  EXPECT_TRUE(parse("t.uir", garbage).error.has_value());
}

}  // namespace
}  // namespace uir
