// The one seeded random generator of the repository: splitmix64, seeded from FNV-1a hashes of
// names. Its output is the same on every machine and standard library (unlike std::hash and the
// std::*_distribution family), so a seed reproduces the same data and programs everywhere.
// The oracle itself draws nothing; the header lives in the bottom layer so that the test data
// (testcase/), the generators and the oracle's own tests all share it.
#pragma once

#include <cstdint>
#include <string_view>

namespace uir {

/// The 64-bit FNV-1a hash of `text`.
inline uint64_t fnv1a64(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

/// splitmix64 (Steele, Lea and Flood 2014): a fixed, tiny PRNG.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

/// A seed for item `index` of stream `stream` under the run's `seed`: unrelated values for
/// neighbouring seeds, streams and indices (the seed goes through one splitmix step first).
inline uint64_t derive_seed(uint64_t seed, uint64_t stream, uint64_t index) {
  uint64_t mixed = SplitMix64{seed}.next();
  return SplitMix64{mixed ^ (stream << 32) ^ index}.next();
}

}  // namespace uir
