// The rules of spec §4.3, each case worked out by hand; then the intervals the validator gives to
// whole programs (the lesson's reverse exercise, constants, parameters, loads).
#include "oracle/intervals.h"

#include <gtest/gtest.h>

#include <vector>

#include "oracle/validator_testing.h"

namespace uir {
namespace {

Interval iv(int32_t lo, int32_t hi) { return {lo, hi}; }

TEST(Intervals, RangeIsZeroToBoundMinusOneAndNeverBelowZero) {
  EXPECT_EQ(range_interval(iv(5, 5)), iv(0, 4));
  EXPECT_EQ(range_interval(iv(2, 9)), iv(0, 8));      // the bound's upper end decides
  EXPECT_EQ(range_interval(iv(0, 0)), iv(0, 0));      // max(0, -1)
  EXPECT_EQ(range_interval(iv(-7, -3)), iv(0, 0));
  EXPECT_EQ(range_interval(kFullInterval), iv(0, INT32_MAX - 1));
  EXPECT_EQ(range_interval(iv(INT32_MIN, INT32_MIN)), iv(0, 0));  // hi - 1 computed without wrapping
}

TEST(Intervals, AddAndMulTakeTheCornersWithoutWrapping) {
  EXPECT_EQ(add_interval(iv(1, 2), iv(3, 4)), iv(4, 6));
  EXPECT_EQ(add_interval(iv(-4, 0), iv(4, 4)), iv(0, 4));
  EXPECT_EQ(add_interval(iv(INT32_MAX, INT32_MAX), iv(0, 1)), kFullInterval);  // hi leaves i32
  EXPECT_EQ(add_interval(iv(INT32_MIN, 0), iv(-1, 0)), kFullInterval);         // lo leaves i32
  EXPECT_EQ(mul_interval(iv(-2, 3), iv(-5, 4)), iv(-15, 12));  // corners 10, -8, -15, 12
  EXPECT_EQ(mul_interval(iv(0, 4), iv(-1, -1)), iv(-4, 0));
  EXPECT_EQ(mul_interval(iv(65536, 65536), iv(32767, 32768)), kFullInterval);  // 2^31 leaves i32
  EXPECT_EQ(mul_interval(iv(65536, 65536), iv(-32768, 32767)), iv(INT32_MIN, 2147418112));  // -2^31 fits
}

TEST(Intervals, MaxWhereAndHull) {
  EXPECT_EQ(max_interval(iv(-5, 2), iv(0, 1)), iv(0, 2));
  EXPECT_EQ(max_interval(iv(-5, -2), iv(-9, -3)), iv(-5, -2));
  EXPECT_EQ(hull(iv(0, 3), iv(10, 12)), iv(0, 12));
}

TEST(Intervals, IdivIsTheHullOfTheTruncatingCornerQuotients) {
  EXPECT_EQ(idiv_interval(iv(-7, 7), iv(2, 3)), iv(-3, 3));   // -7/2=-3, -7/3=-2, 7/2=3, 7/3=2
  EXPECT_EQ(idiv_interval(iv(1, 10), iv(-2, -1)), iv(-10, 0));  // 1/-2=0, 1/-1=-1, 10/-2=-5, 10/-1=-10
  EXPECT_EQ(idiv_interval(iv(INT32_MIN, 0), iv(-1, -1)), kFullInterval);  // INT_MIN / -1 leaves i32
  EXPECT_EQ(idiv_interval(iv(INT32_MIN, 0), iv(1, 1)), iv(INT32_MIN, 0));
}

TEST(Intervals, ModFollowsTheSignOfTheDividendAndTheLargestDivisor) {
  EXPECT_EQ(mod_interval(iv(0, 10), iv(3, 3)), iv(0, 2));
  EXPECT_EQ(mod_interval(iv(0, 1), iv(5, 5)), iv(0, 1));          // min(hi_a, m-1)
  EXPECT_EQ(mod_interval(iv(-10, -1), iv(-4, -2)), iv(-3, 0));    // m = 4
  EXPECT_EQ(mod_interval(iv(-5, 5), iv(2, 3)), iv(-2, 2));        // m = 3
  EXPECT_EQ(mod_interval(iv(-1, 100), iv(7, 7)), iv(-1, 6));
  EXPECT_EQ(mod_interval(kFullInterval, iv(INT32_MIN, -1)), iv(-INT32_MAX, INT32_MAX));  // m = 2^31
  EXPECT_EQ(mod_interval(iv(0, 0), iv(9, 9)), iv(0, 0));
}

TEST(Intervals, CastDependsOnWhereItComesFrom) {
  std::vector<std::optional<Interval>> from_i32 = {iv(-3, 8)};
  std::vector<std::optional<Interval>> none = {std::nullopt};
  EXPECT_EQ(result_interval(Op::Cast, from_i32, DType::I32), iv(-3, 8));
  EXPECT_EQ(result_interval(Op::Cast, none, DType::Bool), iv(0, 1));
  EXPECT_EQ(result_interval(Op::Cast, none, DType::F32), kFullInterval);
  EXPECT_EQ(result_interval(Op::Load, none, DType::Void), kFullInterval);
}

/// The interval the validator gave the statement named `name` of a valid program.
Interval interval_of(const testing::Checked& c, std::string_view name) {
  for (const Stmt& stmt : c.program.stmts)
    if (stmt.name == name) return stmt.interval.value_or(Interval{1, 0});
  ADD_FAILURE() << name << " not found";
  return {};
}

TEST(ValidatorIntervals, TheReverseExerciseStaysInBounds) {
  // Lesson 3.1, "reverse into a second buffer": out[i] = in[4 - i] without a subtract.
  testing::Checked c = testing::check_text(
      "%in  = buffer 5 dtype=i32 slot=0\n"
      "%out = buffer 5 dtype=i32 slot=1\n"
      "%i = range 5\n"
      "%m = mul %i -1\n"
      "%r = add %m 4\n"
      "%vi = shrink %in %r shape=[]\n"
      "%x = load %vi\n"
      "%vo = shrink %out %i shape=[]\n"
      "%s = store %vo %x\n"
      "%e = end %s %i\n"
      "%out1 = after %out %e\n");
  ASSERT_FALSE(c.error) << c.error->message;
  EXPECT_EQ(interval_of(c, "%i"), iv(0, 4));
  EXPECT_EQ(interval_of(c, "%m"), iv(-4, 0));  // corners 0*-1, 4*-1
  EXPECT_EQ(interval_of(c, "%r"), iv(0, 4));
  EXPECT_EQ(interval_of(c, "%x"), kFullInterval);  // a load
}

TEST(ValidatorIntervals, ConstantsAreExactEvenThroughCallsAndWrapAround) {
  testing::Checked c = testing::check_text(
      "func @four() -> i32 {\n"
      "  %f = add 2 2\n"
      "  ret %f\n"
      "}\n"
      "func @id(%p: i32) -> i32 {\n"
      "  %q = add %p 0\n"
      "  ret %q\n"
      "}\n"
      "%a = call @four\n"
      "%b = mul 2147483647 2\n"
      "%c = call @id 9\n"
      "%big = cast 3.5e9 dtype=i32\n"
      "%w = where true %a %c\n");
  ASSERT_FALSE(c.error) << c.error->message;
  EXPECT_EQ(interval_of(c, "%a"), iv(4, 4));
  EXPECT_EQ(interval_of(c, "%b"), iv(-2, -2));  // a constant wraps: 2^32 - 2 is -2
  EXPECT_EQ(interval_of(c, "%c"), iv(9, 9));
  EXPECT_EQ(interval_of(c, "%big"), iv(INT32_MAX, INT32_MAX));  // the cast saturates
  EXPECT_EQ(interval_of(c, "%w"), iv(4, 4));
  // Inside @id, the parameter is unknown and so is everything computed from it.
  const Stmt& q = c.program.funcs[1].body[1];
  ASSERT_TRUE(q.interval);
  EXPECT_EQ(*q.interval, kFullInterval);  // corners INT_MIN + 0 and INT_MAX + 0
}

TEST(ValidatorIntervals, NonConstantOpsUseTheirRules) {
  testing::Checked c = testing::check_text(
      "%b = buffer 8 dtype=i32 slot=0\n"
      "%v = shrink %b 0 shape=[]\n"
      "%x = load %v\n"
      "%i = range 6\n"
      "%m = mod %x 4\n"
      "%p = max %x 0\n"
      "%pm = mod %p 4\n"
      "%q = idiv %i 2\n"
      "%t = cmplt %i 3\n"
      "%c = cast %t dtype=i32\n"
      "%w = where %t %q %c\n"
      "%k = mul %i %q\n");
  ASSERT_FALSE(c.error) << c.error->message;
  EXPECT_EQ(interval_of(c, "%m"), iv(-3, 3));
  EXPECT_EQ(interval_of(c, "%p"), iv(0, INT32_MAX));
  EXPECT_EQ(interval_of(c, "%pm"), iv(0, 3));
  EXPECT_EQ(interval_of(c, "%q"), iv(0, 2));
  EXPECT_EQ(interval_of(c, "%c"), iv(0, 1));
  EXPECT_EQ(interval_of(c, "%w"), iv(0, 2));
  EXPECT_EQ(interval_of(c, "%k"), iv(0, 10));  // corners 0, 0, 0, 5 * 2
}

}  // namespace
}  // namespace uir
