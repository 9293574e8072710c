// The printer's promise: printing a parsed program and parsing the print gives the same program
// (same statements, operands and attributes), and a hand-built Program prints the text written
// here by hand from spec §1 and §3.
#include "oracle/print.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>

#include "oracle/parse.h"

namespace uir {
namespace {

const char* kProgram =
    "func @poly(%x: f32, %k: i32) -> f32 {\n"
    "  %x2 = mul %x %x\n"
    "  %r = add %x2 1.0\n"
    "  ret %r\n"
    "}\n"
    "%b = buffer 4 dtype=i32 slot=0\n"
    "%y = call @poly 3.0 7\n"
    "%i = range 4\n"
    "%sq = mul %i %i\n"
    "%v = shrink %b %i shape=[]\n"
    "%w = shrink %b 1 shape=[3]\n"
    "%s = store %v %sq\n"
    "%e = end %s %i\n"
    "%b1 = after %b %e\n"
    "%c = cast %y dtype=i32\n"
    "%t = cmplt %c -2147483648\n"
    "%n = where %t nan -inf\n"
    "assert %t\n";

TEST(Print, ParsedProgramPrintsBackToTheSameText) {
  ParseResult parsed = parse("p.uir", kProgram);
  ASSERT_FALSE(parsed.error);
  EXPECT_EQ(print_program(parsed.program), kProgram);
}

TEST(Print, PrintThenParseIsAFixedPoint) {
  ParseResult first = parse("p.uir", kProgram);
  std::string printed = print_program(first.program);
  ParseResult second = parse("p.uir", printed);
  ASSERT_FALSE(second.error);
  ASSERT_EQ(second.program.stmts.size(), first.program.stmts.size());
  for (size_t k = 0; k < first.program.stmts.size(); ++k) {
    const Stmt& a = first.program.stmts[k];
    const Stmt& b = second.program.stmts[k];
    EXPECT_EQ(a.op, b.op);
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.shape, b.shape);
    EXPECT_EQ(a.slot, b.slot);
    ASSERT_EQ(a.operands.size(), b.operands.size());
    for (size_t o = 0; o < a.operands.size(); ++o) {
      EXPECT_EQ(a.operands[o].ref, b.operands[o].ref);
      EXPECT_EQ(a.operands[o].literal.bits, b.operands[o].literal.bits);
    }
  }
}

TEST(Print, BuiltProgramWithoutSourceText) {
  Program program;
  Stmt k;
  k.op = Op::Const;
  k.name = "%k";
  k.line = 1;
  Operand lit;
  lit.kind = Operand::Kind::Literal;
  lit.literal = Scalar::f32(1e10f);  // no text: the printer spells the value itself
  k.operands.push_back(lit);
  Stmt neg = k;
  neg.name = "%m";
  neg.line = 2;
  neg.op = Op::Mul;
  Operand r;
  r.kind = Operand::Kind::Ref;
  r.ref = 0;
  neg.operands = {r, lit};
  neg.operands[1].literal = Scalar::f32(-0.0f);
  program.stmts = {k, neg};
  EXPECT_EQ(print_program(program), "%k = const 1.0e+10\n%m = mul %k -0.0\n");
}

TEST(Print, F32LiteralsReadBackExactly) {
  const float values[] = {0.1f, -3.0f, 1e-40f, 3.4028235e38f, 16777217.0f, 1.0f / 3.0f, 1e10f};
  for (float v : values) {
    std::string text = f32_literal_text(v);
    EXPECT_NE(text.find('.'), std::string::npos) << text;  // spec §1: digits '.' digits [exponent]
    EXPECT_EQ(std::strtof(text.c_str(), nullptr), v) << text;
  }
  EXPECT_EQ(f32_literal_text(std::numeric_limits<float>::infinity()), "inf");
  EXPECT_EQ(f32_literal_text(-std::numeric_limits<float>::infinity()), "-inf");
  EXPECT_EQ(f32_literal_text(std::nanf("")), "nan");
}

}  // namespace
}  // namespace uir
