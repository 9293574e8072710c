// The interval analysis of spec §4.3, exactly as the spec words it, so every implementation proves
// the same views in bounds and the same divisors non-zero. Pure arithmetic on Interval values; the
// type checker decides which rule applies to a statement (constants get [v, v] before any of these).
#pragma once

#include <optional>
#include <span>

#include "oracle/program.h"

namespace uir {

/// [INT_MIN, INT_MAX]: function parameters, loads, non-constant calls, casts from f32, overflow.
inline constexpr Interval kFullInterval{INT32_MIN, INT32_MAX};

inline bool contains_zero(Interval a) { return a.lo <= 0 && 0 <= a.hi; }

/// `range n`: [0, max(0, hi(n) - 1)].
Interval range_interval(Interval bound);
/// `add`, `mul`: the hull of the corner results computed without wrap-around; full if it leaves i32.
Interval add_interval(Interval a, Interval b);
Interval mul_interval(Interval a, Interval b);
/// `max`: [max(lo_a, lo_b), max(hi_a, hi_b)].
Interval max_interval(Interval a, Interval b);
/// `idiv` by a divisor interval without 0: the hull of the four truncating corner quotients; full
/// if a corner leaves i32 (INT_MIN / -1).
Interval idiv_interval(Interval a, Interval divisor);
/// `mod` by a divisor interval without 0, with m the largest |divisor|: [0, min(hi_a, m-1)] when
/// lo_a >= 0; [max(lo_a, -(m-1)), 0] when hi_a <= 0; else [max(lo_a, -(m-1)), min(hi_a, m-1)].
Interval mod_interval(Interval a, Interval divisor);
/// `where`: the hull of both arms.
Interval hull(Interval a, Interval b);

/// The interval rules as overloads of the value ops' functions (scalar_ops.h), so that the one
/// switch over the ops (value_ops.h) hands the interval evaluator each op's rule by its row's name.
namespace value_fn {
inline Interval add(Interval a, Interval b) { return add_interval(a, b); }
inline Interval mul(Interval a, Interval b) { return mul_interval(a, b); }
inline Interval max(Interval a, Interval b) { return max_interval(a, b); }
inline Interval idiv(Interval a, Interval divisor) { return idiv_interval(a, divisor); }
inline Interval mod(Interval a, Interval divisor) { return mod_interval(a, divisor); }
}  // namespace value_fn

/// The interval of a non-constant i32 result of a value op or range (spec §4.3), given the
/// intervals of its operands (nullopt for bool and f32 operands) and, for `cast`, the operand's
/// dtype. Ops the spec gives no rule (load, call, param) get the full interval.
Interval result_interval(Op op, std::span<const std::optional<Interval>> operands, DType cast_from);

}  // namespace uir
