// The meaning of every value op on scalars (spec §2, §3): one small inline function per op (and per
// representation where they differ), so the validator's constant folding, the runner and the
// catalogue's interpreter execute exactly the same arithmetic.
//
// Every function is total: it never traps or invokes undefined behaviour, whatever its inputs.
// i32 arithmetic wraps through uint32_t; `idiv`/`mod` by zero (which valid programs cannot do, the
// validator proves divisors non-zero) return 0 instead of trapping. f32 ops are plain float
// operations, each rounded on its own: the values travel as bit patterns between calls, so nothing
// can fuse them or keep wider intermediates.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

#include "oracle/program.h"

namespace uir {

/// The arithmetic of each value op, by the name ops.def's fn column gives it. Every evaluator calls
/// them through oracle/value_ops.h on its own representation: the oracle on i32 and f32, the
/// catalogue's interpreter on wider values (int64_t, double) so that its bugs can keep them wide,
/// the interval rules on intervals (intervals.h). The i32 overloads wrap; a generic one is the
/// plain operation of a type that cannot overflow here (a sum or product of two i32 fits int64_t).
namespace value_fn {

/// A representation on which `+` and `*` of two i32 or f32 values are exact or rounded once.
template <class T>
concept Wide = std::is_floating_point_v<T> || std::is_same_v<T, int64_t>;

inline int32_t add(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
template <Wide T> T add(T a, T b) { return a + b; }
inline int32_t mul(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
template <Wide T> T mul(T a, T b) { return a * b; }
/// Exactly C's `a > b ? a : b`, so for f32 a NaN in `a` gives `b` and a NaN in `b` gives `b`.
template <class T> T max(T a, T b) { return a > b ? a : b; }

/// C's truncating division; INT_MIN / -1 is INT_MIN (spec §3).
inline int32_t idiv(int32_t a, int32_t b) {
  if (b == 0) return 0;
  if (b == -1) return static_cast<int32_t>(0u - static_cast<uint32_t>(a));  // wraps at INT_MIN
  return a / b;
}
/// C's `%` (the sign of `a`); INT_MIN mod -1 is 0 (spec §3).
inline int32_t mod(int32_t a, int32_t b) {
  if (b == 0 || b == -1) return 0;
  return a % b;
}

/// IEEE comparisons for f32: with a NaN only `!=` is true. Bool compares its 0/1 as an i32, so
/// false < true.
template <class T> bool cmplt(T a, T b) { return a < b; }
template <class T> bool cmpne(T a, T b) { return a != b; }
template <class T> bool cmpeq(T a, T b) { return a == b; }

/// f32 -> f32, in the precision of T (float for the oracle; double only for a catalogued bug).
template <std::floating_point T> T exp2(T a) { return std::exp2(a); }
template <std::floating_point T> T log2(T a) { return std::log2(a); }
template <std::floating_point T> T sqrt(T a) { return std::sqrt(a); }
template <std::floating_point T> T recip(T a) { return T{1} / a; }

}  // namespace value_fn

/// i32 -> f32 rounds to nearest even (the default rounding mode).
inline float i32_to_f32(int32_t a) { return static_cast<float>(a); }
/// f32 -> i32 truncates toward zero, NaN gives 0, and values beyond i32 saturate (spec §3).
inline int32_t f32_to_i32(float a) {
  if (std::isnan(a)) return 0;
  if (a >= 2147483648.0f) return INT32_MAX;
  if (a <= -2147483648.0f) return INT32_MIN;
  return static_cast<int32_t>(a);
}
/// `a != 0`: NaN is true, -0.0 is false.
inline bool f32_to_bool(float a) { return a != 0.0f; }

/// Converts `a` to `to` as `cast` does (a cast to its own type is the identity).
inline Scalar cast_scalar(Scalar a, DType to) {
  switch (to) {
    case DType::I32:
      if (a.dtype == DType::F32) return Scalar::i32(f32_to_i32(a.as_f32()));
      return Scalar::i32(a.as_i32());  // i32 itself, or bool as 0 / 1
    case DType::F32:
      if (a.dtype == DType::I32) return Scalar::f32(i32_to_f32(a.as_i32()));
      if (a.dtype == DType::Bool) return Scalar::f32(a.as_bool() ? 1.0f : 0.0f);
      return a;
    case DType::Bool:
      if (a.dtype == DType::F32) return Scalar::boolean(f32_to_bool(a.as_f32()));
      return Scalar::boolean(a.bits != 0);
    case DType::Void: return a;
  }
  return a;
}

/// Evaluates a week-1 value op other than `call` (spec §3) on operands the validator has typed:
/// `const` returns its literal, `cast` converts to `cast_to` (ignored by other ops). Any other op
/// (memory, loops, call, assert, ret, param) gives a zero i32: the caller must not ask.
Scalar eval_value_op(Op op, std::span<const Scalar> operands, DType cast_to);

/// Evaluates function `func_index` of a validated program on `args` (one per parameter, of the
/// parameters' dtypes) and returns what its `ret` returns. nullopt when the arguments don't match
/// the parameters or the body has no `ret` (never for a validated program and well-typed args).
std::optional<Scalar> call_function(const Program& program, int func_index,
                                    std::span<const Scalar> args);

}  // namespace uir
