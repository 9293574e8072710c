// Every expected value here is worked out by hand from spec §2 and §3.
#include "oracle/scalar_ops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "oracle/validator_testing.h"

namespace uir {
namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

TEST(ScalarOps, I32ArithmeticWrapsAround) {
  EXPECT_EQ(value_fn::add(INT32_MAX, 1), INT32_MIN);
  EXPECT_EQ(value_fn::add(-5, 3), -2);
  EXPECT_EQ(value_fn::mul(65536, 65536), 0);             // 2^32 wraps to 0
  EXPECT_EQ(value_fn::mul(INT32_MAX, 2), -2);            // 2^32 - 2 wraps to -2
  EXPECT_EQ(value_fn::mul(-3, 7), -21);
  EXPECT_EQ(value_fn::max(-1, -7), -1);
}

TEST(ScalarOps, DivisionTruncatesAndDefinesTheIntMinCases) {
  EXPECT_EQ(value_fn::idiv(7, 2), 3);
  EXPECT_EQ(value_fn::idiv(-7, 2), -3);  // toward zero, not -4
  EXPECT_EQ(value_fn::idiv(7, -2), -3);
  EXPECT_EQ(value_fn::mod(-7, 2), -1);   // the sign of the dividend
  EXPECT_EQ(value_fn::mod(7, -2), 1);
  EXPECT_EQ(value_fn::idiv(INT32_MIN, -1), INT32_MIN);
  EXPECT_EQ(value_fn::mod(INT32_MIN, -1), 0);
  EXPECT_EQ(value_fn::idiv(INT32_MIN, 1), INT32_MIN);
  EXPECT_EQ(value_fn::idiv(5, 0), 0);  // never reached by a valid program; defined so it cannot trap
  EXPECT_EQ(value_fn::mod(5, 0), 0);
}

TEST(ScalarOps, MaxIsExactlyCsConditional) {
  EXPECT_EQ(value_fn::max(1.0f, 2.0f), 2.0f);
  EXPECT_EQ(value_fn::max(kNaN, 1.0f), 1.0f);     // NaN > 1 is false: b
  EXPECT_TRUE(std::isnan(value_fn::max(1.0f, kNaN)));  // 1 > NaN is false: b, the NaN
  EXPECT_TRUE(std::signbit(value_fn::max(0.0f, -0.0f)));  // 0 > -0 is false: b = -0
}

TEST(ScalarOps, ComparisonsFollowIeee) {
  EXPECT_FALSE(value_fn::cmplt(kNaN, 1.0f));
  EXPECT_FALSE(value_fn::cmpeq(kNaN, kNaN));
  EXPECT_TRUE(value_fn::cmpne(kNaN, kNaN));
  EXPECT_TRUE(value_fn::cmpeq(0.0f, -0.0f));
  Scalar f = Scalar::boolean(false), t = Scalar::boolean(true);
  EXPECT_TRUE(eval_value_op(Op::Cmplt, std::vector<Scalar>{f, t}, DType::Void).as_bool());  // false < true
  EXPECT_FALSE(eval_value_op(Op::Cmplt, std::vector<Scalar>{t, f}, DType::Void).as_bool());
  EXPECT_TRUE(eval_value_op(Op::Cmplt, std::vector<Scalar>{Scalar::i32(-1), Scalar::i32(0)}, DType::Void).as_bool());
}

TEST(ScalarOps, CastsAsC) {
  EXPECT_EQ(f32_to_i32(3.9f), 3);
  EXPECT_EQ(f32_to_i32(-3.9f), -3);
  EXPECT_EQ(f32_to_i32(kNaN), 0);
  EXPECT_EQ(f32_to_i32(1e10f), INT32_MAX);
  EXPECT_EQ(f32_to_i32(-1e10f), INT32_MIN);
  EXPECT_EQ(f32_to_i32(kInf), INT32_MAX);
  EXPECT_EQ(f32_to_i32(2147483520.0f), 2147483520);  // the largest float below 2^31 fits
  EXPECT_EQ(i32_to_f32(16777217), 16777216.0f);      // 2^24 + 1: a tie, rounds to the even 2^24
  EXPECT_EQ(i32_to_f32(16777219), 16777220.0f);      // 2^24 + 3: a tie, rounds to the even 2^24 + 4
  EXPECT_TRUE(f32_to_bool(kNaN));
  EXPECT_FALSE(f32_to_bool(-0.0f));
  EXPECT_EQ(cast_scalar(Scalar::boolean(true), DType::I32).as_i32(), 1);
  EXPECT_EQ(cast_scalar(Scalar::boolean(true), DType::F32).as_f32(), 1.0f);
  EXPECT_FALSE(cast_scalar(Scalar::i32(0), DType::Bool).as_bool());
  EXPECT_TRUE(cast_scalar(Scalar::i32(-4), DType::Bool).as_bool());
  EXPECT_EQ(cast_scalar(Scalar::i32(-4), DType::I32).as_i32(), -4);  // to its own type: identity
  Scalar nan = Scalar::f32(kNaN);
  EXPECT_EQ(cast_scalar(nan, DType::F32).bits, nan.bits);
}

TEST(ScalarOps, EvalValueOpDispatchesOnTheOperandDtype) {
  auto eval = [](Op op, std::vector<Scalar> operands, DType to = DType::Void) { return eval_value_op(op, operands, to); };
  EXPECT_EQ(eval(Op::Add, {Scalar::f32(0.1f), Scalar::f32(0.2f)}).as_f32(), 0.1f + 0.2f);
  EXPECT_EQ(eval(Op::Add, {Scalar::i32(2), Scalar::i32(3)}).as_i32(), 5);
  EXPECT_EQ(eval(Op::Mul, {Scalar::f32(1.5f), Scalar::f32(-2.0f)}).as_f32(), -3.0f);
  EXPECT_EQ(eval(Op::Max, {Scalar::i32(-2), Scalar::i32(-9)}).as_i32(), -2);
  EXPECT_EQ(eval(Op::Idiv, {Scalar::i32(-9), Scalar::i32(4)}).as_i32(), -2);
  EXPECT_EQ(eval(Op::Mod, {Scalar::i32(-9), Scalar::i32(4)}).as_i32(), -1);
  EXPECT_EQ(eval(Op::Where, {Scalar::boolean(false), Scalar::i32(1), Scalar::i32(2)}).as_i32(), 2);
  EXPECT_EQ(eval(Op::Cast, {Scalar::f32(-2.5f)}, DType::I32).as_i32(), -2);
  EXPECT_EQ(eval(Op::Exp2, {Scalar::f32(3.0f)}).as_f32(), 8.0f);
  EXPECT_EQ(eval(Op::Log2, {Scalar::f32(0.25f)}).as_f32(), -2.0f);
  EXPECT_EQ(eval(Op::Sqrt, {Scalar::f32(6.25f)}).as_f32(), 2.5f);
  EXPECT_EQ(eval(Op::Recip, {Scalar::f32(4.0f)}).as_f32(), 0.25f);
  EXPECT_EQ(eval(Op::Recip, {Scalar::f32(-0.0f)}).as_f32(), -kInf);
  EXPECT_EQ(eval(Op::Const, {Scalar::i32(12)}).as_i32(), 12);
  EXPECT_TRUE(eval(Op::Cmpne, {Scalar::f32(kNaN), Scalar::f32(kNaN)}).as_bool());
}

TEST(CallFunction, EvaluatesTheBodyOnTheArguments) {
  testing::Checked c = testing::check_text(
      "func @poly(%x: f32, %k: i32) -> f32 {\n"
      "  %x2 = mul %x %x\n"
      "  %r  = add %x2 1.0\n"
      "  ret %r\n"
      "}\n"
      "func @twice(%x: f32) -> f32 {\n"
      "  %a = call @poly %x 0\n"
      "  %b = add %a %a\n"
      "  ret %b\n"
      "}\n");
  ASSERT_FALSE(c.error) << c.error->message;
  std::vector<Scalar> args = {Scalar::f32(3.0f), Scalar::i32(7)};
  ASSERT_TRUE(call_function(c.program, 0, args));
  EXPECT_EQ(call_function(c.program, 0, args)->as_f32(), 10.0f);  // 3*3 + 1
  std::vector<Scalar> one = {Scalar::f32(-2.0f)};
  EXPECT_EQ(call_function(c.program, 1, one)->as_f32(), 10.0f);  // 2 * ((-2)^2 + 1)
}

TEST(CallFunction, RefusesArgumentsThatDoNotMatch) {
  testing::Checked c = testing::check_text("func @id(%x: i32) -> i32 {\n  ret %x\n}\n");
  ASSERT_FALSE(c.error);
  std::vector<Scalar> wrong_type = {Scalar::f32(1.0f)};
  std::vector<Scalar> too_many = {Scalar::i32(1), Scalar::i32(2)};
  EXPECT_FALSE(call_function(c.program, 0, wrong_type));
  EXPECT_FALSE(call_function(c.program, 0, too_many));
  EXPECT_FALSE(call_function(c.program, 1, too_many));  // no such function
  std::vector<Scalar> good = {Scalar::i32(-8)};
  EXPECT_EQ(call_function(c.program, 0, good)->as_i32(), -8);
}

}  // namespace
}  // namespace uir
