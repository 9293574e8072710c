// The student's stdin, varied where spec §6.1 lets it vary: the slot lines in any order, and f32
// values in any spelling strtof reads (§1: read once, never through a double). Both are drawn from
// a seed (compute_expected derives it from the run's seed and the test's name), so a `grade ...
// --seed S` line reproduces the same stdin, and every spelling reads back to exactly the value the
// oracle runs on. A compiler that assumes increasing slot order, or reads f32 through strtod and
// then narrows (a double rounding), fails on some seeds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "oracle/data.h"
#include "oracle/seeded_random.h"

namespace uirgrade {

/// The ways an f32 value is spelt on stdin. Rounding-boundary spellings exist only for values
/// whose last significand bit is 1 (the tie of a double rounding goes to the even neighbour).
enum class F32Spelling {
  Shortest,          // "%.9g": 0.123456791, 1e-05, -3
  Exponent,          // "1.23456791e-01" or with an upper-case E
  ExactDigits,       // every decimal digit of the float: 0.12345679104328155517578125
  RoundingBoundary,  // just above the midpoint to the next float towards 0: strtof gives the value,
                     // strtod then a cast to float gives its even neighbour
  kCount
};

/// `value` spelt as `how` asks (Shortest when that spelling does not exist for it). Every result
/// reads back through strtof to exactly `value` (NaN: some NaN).
std::string spell_f32(float value, F32Spelling how);

/// A permutation of 0..count-1 drawn from `rng`.
std::vector<size_t> shuffled_order(size_t count, uir::SplitMix64& rng);

/// The stdin text of `slots`: one line per slot in an order drawn from `seed`, i32 values as
/// -?[0-9]+, f32 values each in a spelling drawn from `seed` (buffers of more than
/// kMaxVariedElements elements keep the shortest spelling, so stdin stays small).
std::string format_student_input(const std::vector<uir::SlotData>& slots, uint64_t seed);
inline constexpr size_t kMaxVariedElements = 4096;

}  // namespace uirgrade
