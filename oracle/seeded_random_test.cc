// The seeded generator gives the published reference values, so data and programs made from a seed
// are the same on every machine; derived seeds of neighbouring streams and indices differ.
#include "oracle/seeded_random.h"

#include <gtest/gtest.h>

#include <set>

namespace uir {
namespace {

TEST(SeededRandom, Fnv1aMatchesPublishedVectors) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
}

TEST(SeededRandom, SplitMix64MatchesItsReferenceOutput) {
  SplitMix64 rng{0};
  EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafull);
  EXPECT_EQ(rng.next(), 0x6e789e6aa1b965f4ull);
  EXPECT_EQ(rng.next(), 0x06c45d188009454full);
}

TEST(SeededRandom, DerivedSeedsOfNeighboursDiffer) {
  std::set<uint64_t> seen;
  for (uint64_t seed : {0, 1, 2})
    for (uint64_t stream : {1, 2, 3})
      for (uint64_t index = 0; index < 100; ++index) seen.insert(derive_seed(seed, stream, index));
  EXPECT_EQ(seen.size(), 3u * 3u * 100u);
  EXPECT_EQ(derive_seed(5, 1, 7), derive_seed(5, 1, 7));
}

}  // namespace
}  // namespace uir
