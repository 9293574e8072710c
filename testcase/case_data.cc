// Input data of a test (spec §7): explicit values, seeded random values, zeros, iota.
//
// Random data must be the same on every machine and every standard library, because a student
// reproduces a failure with `--seed N` on their own laptop. So the stream of each slot is seeded
// with FNV-1a of "<test name>/<slot>" mixed with the run's seed, and drawn from splitmix64; values
// are mapped to their range with plain integer arithmetic (never std::*_distribution, whose output
// differs between libstdc++ and libc++). f32 values are multiples of 2^-23 in [-1, 1] (or a double
// interpolation rounded once to f32 for `random LO..HI`), so they are exact and portable too.
#include "testcase/case_data.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>


namespace uirgrade {

using uir::fnv1a64;
using uir::SplitMix64;

std::optional<int32_t> parse_i32(std::string_view token) {
  // from_chars reads exactly -?[0-9]+ (no '+', no blanks, no hex) and refuses what overflows i32.
  int32_t value = 0;
  auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

SplitMix64 slot_stream(const std::string& test_name, int slot, uint64_t seed) {
  // Mix the seed through one splitmix step so that seeds 1 and 2 give unrelated streams.
  SplitMix64 seed_mixer{seed};
  return SplitMix64{fnv1a64(test_name + "/" + std::to_string(slot)) ^ seed_mixer.next()};
}

namespace {

/// A uniform integer in [lo, hi] (hi - lo < 2^32; the modulo bias is below 2^-32).
int64_t uniform_int(SplitMix64& rng, int64_t lo, int64_t hi) {
  uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
  return lo + static_cast<int64_t>(rng.next() % span);
}

/// A uniform fraction in [0, 1] in steps of 2^-24 (exact in both double and f32).
double uniform_unit(SplitMix64& rng) {
  return static_cast<double>(rng.next() % ((1u << 24) + 1)) / static_cast<double>(1u << 24);
}

uint32_t random_word(SplitMix64& rng, uir::DType dtype, const DataSpec& spec) {
  bool ranged = spec.kind == DataSpec::Kind::RandomRange;
  if (dtype == uir::DType::I32) {
    int64_t lo = ranged ? static_cast<int64_t>(spec.lo) : -100;
    int64_t hi = ranged ? static_cast<int64_t>(spec.hi) : 100;
    return static_cast<uint32_t>(static_cast<int32_t>(uniform_int(rng, lo, hi)));
  }
  double lo = ranged ? spec.lo : -1.0;
  double hi = ranged ? spec.hi : 1.0;
  float f = static_cast<float>(lo + uniform_unit(rng) * (hi - lo));
  // Rounding to f32 may step just outside [lo, hi]; keep the promise of the header.
  if (f < lo) f = std::nextafter(f, INFINITY);
  if (f > hi) f = std::nextafter(f, -INFINITY);
  return std::bit_cast<uint32_t>(f);
}

}  // namespace

std::variant<std::vector<uir::SlotData>, SuiteError> make_input_data(const TestCase& test,
                                                                     const std::vector<uir::SlotSpec>& specs,
                                                                     uint64_t seed) {
  std::vector<uir::SlotData> out;
  for (const uir::SlotSpec& slot_spec : specs) {
    uir::SlotData data{slot_spec.slot, slot_spec.dtype, {}};
    data.words.reserve(slot_spec.length);
    auto it = test.data.find(slot_spec.slot);
    DataSpec spec = it != test.data.end() ? it->second : DataSpec{};
    switch (spec.kind) {
      case DataSpec::Kind::Explicit: {
        if (spec.values.size() != static_cast<size_t>(slot_spec.length))
          return SuiteError{test.path, spec.line,
                            fmt::format("data {} has {} values, the buffer has {}", slot_spec.slot,
                                        spec.values.size(), slot_spec.length)};
        for (const std::string& token : spec.values) {
          std::optional<uint32_t> word = uir::parse_slot_value(slot_spec.dtype, token);
          if (!word)
            return SuiteError{test.path, spec.line,
                              fmt::format("data {}: '{}' is not {}", slot_spec.slot, token,
                                          uir::dtype_name(slot_spec.dtype))};
          data.words.push_back(*word);
        }
        break;
      }
      case DataSpec::Kind::Random:
      case DataSpec::Kind::RandomRange: {
        SplitMix64 rng = slot_stream(test.name, slot_spec.slot, seed);
        for (int32_t k = 0; k < slot_spec.length; ++k)
          data.words.push_back(random_word(rng, slot_spec.dtype, spec));
        break;
      }
      case DataSpec::Kind::Zeros:
        data.words.assign(slot_spec.length, 0u);  // 0 and 0.0f share the all-zero pattern
        break;
      case DataSpec::Kind::Iota:
        for (int32_t k = 0; k < slot_spec.length; ++k)
          data.words.push_back(slot_spec.dtype == uir::DType::I32
                                   ? static_cast<uint32_t>(k)
                                   : std::bit_cast<uint32_t>(static_cast<float>(k)));
        break;
    }
    out.push_back(std::move(data));
  }
  return out;
}

}  // namespace uirgrade
