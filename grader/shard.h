// Splitting a run across machines (`--shard K/N`): every test lands in exactly one shard, and the
// split depends only on the test list, so every machine of a CI matrix computes the same one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "testcase/test_case.h"

namespace uirgrade {

struct Shard {
  int index = 1;  // K, 1-based
  int count = 1;  // N
};

/// Parses "K/N" with 1 <= K <= N; nullopt for anything else.
std::optional<Shard> parse_shard(std::string_view text);

/// The tests of shard K of N: those at positions K-1, K-1+N, ... of the list sorted by name. Sorting
/// first makes the split independent of load order; dealing round-robin keeps the shards within
/// one test of each other in size. The result is sorted by name.
std::vector<TestCase> select_shard(std::vector<TestCase> tests, const Shard& shard);

}  // namespace uirgrade
