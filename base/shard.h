// Splitting a run across machines (`--shard K/N`): every test (or student) lands in exactly one
// shard, and the split depends only on the list, so every machine of a CI matrix computes the same one.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

struct Shard {
  int index = 1;  // K, 1-based
  int count = 1;  // N
};

/// Parses "K/N" with 1 <= K <= N; nullopt for anything else.
std::optional<Shard> parse_shard(std::string_view text);

/// The items of shard K of N: those at positions K-1, K-1+N, ... of `items` sorted by `name_of`
/// (tests by name, a class's students by id). Sorting first makes the split independent of load
/// order; dealing round-robin keeps the shards within one item of each other in size. The result
/// is sorted by name.
template <class Item, class NameOf>
std::vector<Item> deal_shard(std::vector<Item> items, const Shard& shard, NameOf name_of) {
  std::stable_sort(items.begin(), items.end(),
                   [&](const Item& a, const Item& b) { return name_of(a) < name_of(b); });
  std::vector<Item> selected;
  for (size_t k = static_cast<size_t>(shard.index - 1); k < items.size(); k += static_cast<size_t>(shard.count))
    selected.push_back(std::move(items[k]));
  return selected;
}

}  // namespace uirgrade
