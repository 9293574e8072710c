// The meaning of every value op on scalars (spec §2, §3): one small inline function per op and
// dtype, so the validator's constant folding and the runner execute exactly the same arithmetic.
//
// Every function is total: it never traps or invokes undefined behaviour, whatever its inputs.
// i32 arithmetic wraps through uint32_t; `idiv`/`mod` by zero (which valid programs cannot do, the
// validator proves divisors non-zero) return 0 instead of trapping. f32 ops are plain float
// operations, each rounded on its own: the values travel as bit patterns between calls, so nothing
// can fuse them or keep wider intermediates.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>

#include "oracle/program.h"

namespace uir {

inline int32_t add_i32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
inline int32_t mul_i32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
inline int32_t max_i32(int32_t a, int32_t b) { return a > b ? a : b; }
/// C's truncating division; INT_MIN / -1 is INT_MIN (spec §3).
inline int32_t idiv_i32(int32_t a, int32_t b) {
  if (b == 0) return 0;
  if (b == -1) return static_cast<int32_t>(0u - static_cast<uint32_t>(a));  // wraps at INT_MIN
  return a / b;
}
/// C's `%` (the sign of `a`); INT_MIN mod -1 is 0 (spec §3).
inline int32_t mod_i32(int32_t a, int32_t b) {
  if (b == 0 || b == -1) return 0;
  return a % b;
}

inline float add_f32(float a, float b) { return a + b; }
inline float mul_f32(float a, float b) { return a * b; }
/// Exactly C's `a > b ? a : b`, so a NaN in `a` gives `b` and a NaN in `b` gives `b`.
inline float max_f32(float a, float b) { return a > b ? a : b; }
inline float exp2_f32(float a) { return std::exp2(a); }
inline float log2_f32(float a) { return std::log2(a); }
inline float sqrt_f32(float a) { return std::sqrt(a); }
inline float recip_f32(float a) { return 1.0f / a; }

/// IEEE comparisons: with a NaN only `!=` is true.
inline bool cmplt_f32(float a, float b) { return a < b; }
inline bool cmpne_f32(float a, float b) { return a != b; }
inline bool cmpeq_f32(float a, float b) { return a == b; }

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
