// Interval rules of spec §4.3. Corners are computed in int64_t, where no i32 operation on them can
// overflow, and the result is checked against the i32 range once.
#include "oracle/intervals.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "oracle/value_ops.h"

namespace uir {

namespace {

/// The hull of some int64 corner values, or the full interval when it leaves i32.
Interval hull_of_corners(std::initializer_list<int64_t> corners) {
  int64_t lo = std::min(corners);
  int64_t hi = std::max(corners);
  if (lo < INT32_MIN || hi > INT32_MAX) return kFullInterval;
  return {static_cast<int32_t>(lo), static_cast<int32_t>(hi)};
}

}  // namespace

Interval range_interval(Interval bound) {
  return {0, static_cast<int32_t>(std::max<int64_t>(0, int64_t{bound.hi} - 1))};
}

Interval add_interval(Interval a, Interval b) {
  return hull_of_corners({int64_t{a.lo} + b.lo, int64_t{a.hi} + b.hi});
}

Interval mul_interval(Interval a, Interval b) {
  return hull_of_corners({int64_t{a.lo} * b.lo, int64_t{a.lo} * b.hi, int64_t{a.hi} * b.lo,
                          int64_t{a.hi} * b.hi});
}

Interval max_interval(Interval a, Interval b) {
  return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
}

Interval idiv_interval(Interval a, Interval divisor) {
  // Such a statement fails E-DIV-ZERO; it still gets an interval so nothing divides by zero here.
  if (contains_zero(divisor)) return kFullInterval;
  // C++ integer division truncates toward zero, as the spec's corner quotients do.
  return hull_of_corners({int64_t{a.lo} / divisor.lo, int64_t{a.lo} / divisor.hi,
                          int64_t{a.hi} / divisor.lo, int64_t{a.hi} / divisor.hi});
}

Interval mod_interval(Interval a, Interval divisor) {
  if (contains_zero(divisor)) return kFullInterval;  // fails E-DIV-ZERO, as above
  // m - 1 is at most 2^31 - 1 (m = |INT_MIN|), so both bounds below fit in i32.
  // Without 0 the divisor is all positive (largest |d| = hi) or all negative (largest |d| = -lo).
  int64_t m = divisor.lo > 0 ? int64_t{divisor.hi} : -int64_t{divisor.lo};
  int64_t reach = m - 1;
  if (a.lo >= 0) return {0, static_cast<int32_t>(std::min<int64_t>(a.hi, reach))};
  if (a.hi <= 0) return {static_cast<int32_t>(std::max<int64_t>(a.lo, -reach)), 0};
  return {static_cast<int32_t>(std::max<int64_t>(a.lo, -reach)),
          static_cast<int32_t>(std::min<int64_t>(a.hi, reach))};
}

Interval hull(Interval a, Interval b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }

namespace {

/// One rule per shape of ops.def; an op's own rule is its function on intervals (value_ops.h).
struct IntervalRules {
  std::span<const std::optional<Interval>> operands;
  DType cast_from;

  Interval at(size_t k) const { return operands.size() > k && operands[k] ? *operands[k] : kFullInterval; }
  // Of the other ops only `range` has a rule; load, call, param get the full interval.
  Interval own(OwnOp op) const { return op == OwnOp::Range ? range_interval(at(0)) : kFullInterval; }
  Interval literal() const { return at(0); }
  Interval arith(Op, auto rule) const { return rule(at(0), at(1)); }
  Interval int_div(Op, auto rule) const { return rule(at(0), at(1)); }
  Interval compare(Op, auto) const { return kFullInterval; }  // a bool result has no interval
  Interval select() const { return hull(at(1), at(2)); }
  Interval cast() const {
    if (cast_from == DType::Bool) return {0, 1};
    if (cast_from == DType::I32) return at(0);
    return kFullInterval;  // from f32
  }
  Interval f32_unary(Op, auto) const { return kFullInterval; }  // an f32 result has no interval
};

}  // namespace

Interval result_interval(Op op, std::span<const std::optional<Interval>> operands, DType cast_from) {
  return visit_op(op, IntervalRules{operands, cast_from});
}

}  // namespace uir
