// Week 1 constructs (gen_values.cc). Replayed choice lists pin exact literals and statements, worked
// out by hand from the Chooser's contract (a choice is an offset from the lowest option, past the
// end the lowest option); random runs check the promises every program must keep: the dtype asked
// for, divisors whose spec §4.3 interval excludes 0, and the function limits.
#include <gtest/gtest.h>

#include <cstdlib>

#include <climits>
#include <cmath>
#include <map>
#include <set>

#include "generators/constructs_testing.h"
#include "oracle/oracle.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

using uir::DType;
using uir::Op;

uir::Operand literal_from(std::vector<uint32_t> choices, DType dtype) {
  ProgramBuilder b{GenLimits{}};
  Chooser c(std::move(choices));
  GenState g = fresh_state(b, c);
  return random_literal(g, dtype);
}

TEST(RandomLiteral, ReplayedChoicesPickTheLiteral) {
  // I32: weights {70, 15, 15}; draw 0 is a small literal, offset 12 in [-9, 9] is 3.
  EXPECT_EQ(literal_from({0, 12}, DType::I32).literal.as_i32(), 3);
  // Draw 85 lands in the third group (edges); edge 3 is INT_MAX.
  uir::Operand edge = literal_from({85, 3}, DType::I32);
  EXPECT_EQ(edge.literal.as_i32(), INT_MAX);
  EXPECT_EQ(edge.text, "2147483647");
  // F32: weights {60, 22, 8, 10}; offset 18 in [-16, 16] is 2, in quarters 0.5; draw 85 is an edge,
  // edge 4 is NaN; draw 95 is a full-significand value with its own spelling (exponent, every
  // digit or a rounding boundary), which reads back to the value through strtof.
  uir::Operand half = literal_from({0, 18}, DType::F32);
  EXPECT_EQ(half.literal.dtype, DType::F32);
  EXPECT_EQ(half.literal.as_f32(), 0.5f);
  EXPECT_TRUE(std::isnan(literal_from({85, 4}, DType::F32).literal.as_f32()));
  uir::Operand spelt = literal_from({95, 12345, 10, 0, 1}, DType::F32);
  EXPECT_EQ(std::strtof(spelt.text.c_str(), nullptr), spelt.literal.as_f32()) << spelt.text;
  EXPECT_NE(spelt.text.find_first_of("eE"), std::string::npos) << spelt.text;
  EXPECT_TRUE(literal_from({50}, DType::Bool).literal.as_bool());
  EXPECT_FALSE(literal_from({}, DType::Bool).literal.as_bool());
}

TEST(GenValue, LowestChoicesGiveAConstOfTheLowestLiteral) {
  ProgramBuilder b{GenLimits{}};
  Chooser c(std::vector<uint32_t>{});
  GenState g = fresh_state(b, c);
  int i = gen_value(g, DType::I32);
  int f = gen_value(g, DType::F32);
  int p = gen_value(g, DType::Bool);
  const std::vector<uir::Stmt>& stmts = b.program().stmts;
  ASSERT_EQ(stmts.size(), 3u);
  for (int k : {i, f, p}) EXPECT_EQ(stmts[k].op, Op::Const);
  EXPECT_EQ(stmts[i].operands[0].literal.as_i32(), -9);
  EXPECT_EQ(stmts[f].operands[0].literal.as_f32(), -4.0f);  // -16 quarters
  EXPECT_FALSE(stmts[p].operands[0].literal.as_bool());
}

/// The interval of an i32 operand as the oracle computed it (a literal is its own value).
std::optional<uir::Interval> oracle_interval(const uir::Program& program, const uir::Operand& op) {
  if (op.kind == uir::Operand::Kind::Literal) return uir::Interval{op.literal.as_i32(), op.literal.as_i32()};
  return program.stmts[op.ref].interval;
}

TEST(GenValue, MakesTheDtypeAskedForAndDivisorsThatCannotBeZero) {
  int divisions = 0;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    ProgramBuilder b{GenLimits{}};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    for (int k = 0; k < 30; ++k) {
      if (k % 10 == 0) gen_function(g);
      DType dtype = random_value_dtype(g);
      int stmt = gen_value(g, dtype);
      ASSERT_EQ(b.info(stmt).dtype, dtype) << "seed " << seed;
    }
    std::string text = uir::print_program(b.program());
    uir::Compiled compiled = uir::compile("v.uir", text);
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << compiled.error->message << "\n" << text;
    for (size_t k = 0; k < compiled.program.stmts.size(); ++k) {
      const uir::Stmt& s = compiled.program.stmts[k];
      EXPECT_EQ(s.dtype, b.info(static_cast<int>(k)).dtype);
      if (s.op != Op::Idiv && s.op != Op::Mod) continue;
      ++divisions;
      std::optional<uir::Interval> divisor = oracle_interval(compiled.program, s.operands[1]);
      ASSERT_TRUE(divisor);
      EXPECT_TRUE(divisor->lo > 0 || divisor->hi < 0) << "seed " << seed << " line " << s.line;
    }
  }
  EXPECT_GT(divisions, 50);  // the check above did run
}

// The ops come from the table: every week-1 value op is written for every dtype it can make (spec §3,
// written out here), calls included once there are functions, and no op for a dtype it cannot make.
TEST(GenValue, WritesEveryValueOpOfTheTableForTheDtypesItMakes) {
  std::map<DType, std::set<Op>> spec = {
      {DType::I32, {Op::Const, Op::Add, Op::Mul, Op::Max, Op::Idiv, Op::Mod, Op::Where, Op::Cast, Op::Call}},
      {DType::F32, {Op::Const, Op::Add, Op::Mul, Op::Max, Op::Where, Op::Cast, Op::Exp2, Op::Log2, Op::Sqrt,
                    Op::Recip, Op::Call}},
      {DType::Bool, {Op::Const, Op::Cmplt, Op::Cmpne, Op::Cmpeq, Op::Where, Op::Cast, Op::Call}},
  };
  std::map<DType, std::set<Op>> written;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    GenLimits limits;
    limits.max_functions = 3;
    ProgramBuilder b{limits};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    for (int k = 0; k < 3; ++k) gen_function(g);
    for (int k = 0; k < 60; ++k) {
      DType dtype = random_value_dtype(g);
      written[dtype].insert(b.program().stmts[gen_value(g, dtype)].op);
    }
  }
  EXPECT_EQ(written, spec);
}

TEST(GenAssert, LowestChoicesPassTheChoiceEightyFails) {
  // Draw 0 of {50, 30, 20}: `cmpeq x x` of a bool literal, which holds.
  ProgramBuilder passing{GenLimits{}};
  Chooser none(std::vector<uint32_t>{});
  GenState g1 = fresh_state(passing, none);
  gen_assert(g1);
  EXPECT_EQ(g1.asserts, 1);
  uir::Compiled ok = uir::compile("a.uir", uir::print_program(passing.program()));
  ASSERT_FALSE(ok.error);
  EXPECT_EQ(uir::run(ok, {}).exit_code, 0);

  // Draw 80 is the third group: `cmpne x x` of an i32, which fails at the assert's line (2).
  ProgramBuilder failing{GenLimits{}};
  Chooser eighty(std::vector<uint32_t>{80});
  GenState g2 = fresh_state(failing, eighty);
  gen_assert(g2);
  ASSERT_EQ(failing.program().stmts.size(), 2u);
  EXPECT_EQ(failing.program().stmts[0].op, Op::Cmpne);
  uir::Compiled bad = uir::compile("a.uir", uir::print_program(failing.program()));
  ASSERT_FALSE(bad.error);
  uir::RunResult result = uir::run(bad, {});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.failed_assert_line, 2);

  // No asserts with open ranges (spec §5.1) or in a function body (spec §3).
  ProgramBuilder looped{GenLimits{}};
  Chooser c3(std::vector<uint32_t>{});
  GenState g3 = fresh_state(looped, c3);
  g3.open = 1;
  gen_assert(g3);
  EXPECT_TRUE(looped.program().stmts.empty());
  EXPECT_EQ(g3.asserts, 0);

  ProgramBuilder in_body{GenLimits{}};
  Chooser c4(std::vector<uint32_t>{});
  GenState g4 = fresh_state(in_body, c4);
  in_body.begin_function("@f", {DType::I32}, DType::I32);
  gen_assert(g4);
  EXPECT_EQ(in_body.program().funcs[0].body.size(), 1u);  // the parameter only
  EXPECT_EQ(g4.asserts, 0);
}

TEST(GenFunction, KeepsTheLimitsAndWritesValidBodies) {
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    GenLimits limits;
    limits.max_functions = 2;
    ProgramBuilder b{limits};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    for (int k = 0; k < 4; ++k) gen_function(g);
    const std::vector<uir::Function>& funcs = b.program().funcs;
    ASSERT_EQ(funcs.size(), 2u);
    for (const uir::Function& f : funcs) {
      EXPECT_LE(f.num_params, limits.max_params);
      int statements = static_cast<int>(f.body.size()) - f.num_params;
      // Up to max_function_body - 1 values, the returned value, and `ret`.
      EXPECT_GE(statements, 2);
      EXPECT_LE(statements, limits.max_function_body + 1);
      EXPECT_EQ(f.body.back().op, Op::Ret);
    }
    uir::Compiled compiled = uir::compile("f.uir", uir::print_program(b.program()));
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << compiled.error->message;
  }
}

}  // namespace
}  // namespace uirgen
