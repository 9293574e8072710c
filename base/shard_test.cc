#include "base/shard.h"

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

struct Named {
  std::string name;
};

std::vector<Named> named_tests(int count) {
  std::vector<Named> tests;
  for (int k = count - 1; k >= 0; --k)  // out of order on purpose: the split must not depend on it
    tests.push_back({"week3/t" + std::to_string(k)});
  return tests;
}

/// The tests of shard K of N, by name, as `grade --shard` deals them.
std::vector<Named> select_shard(std::vector<Named> tests, const Shard& shard) {
  return deal_shard(std::move(tests), shard, [](const Named& test) { return test.name; });
}

TEST(Shard, Parse) {
  ASSERT_TRUE(parse_shard("2/4"));
  EXPECT_EQ(parse_shard("2/4")->index, 2);
  EXPECT_EQ(parse_shard("2/4")->count, 4);
  EXPECT_TRUE(parse_shard("1/1"));
  for (const char* bad : {"0/4", "5/4", "4", "/4", "2/", "a/b", "2/4/1", "-1/4", "2/0", " 2/4"})
    EXPECT_FALSE(parse_shard(bad)) << bad;
}

TEST(Shard, EveryTestInExactlyOneShard) {
  for (int count : {0, 1, 7, 50}) {
    for (int shards : {1, 2, 3, 8}) {
      std::map<std::string, int> seen;
      size_t smallest = SIZE_MAX, largest = 0;
      for (int k = 1; k <= shards; ++k) {
        std::vector<Named> part = select_shard(named_tests(count), Shard{k, shards});
        smallest = std::min(smallest, part.size());
        largest = std::max(largest, part.size());
        for (const Named& test : part) ++seen[test.name];
      }
      EXPECT_EQ(seen.size(), static_cast<size_t>(count));
      for (const auto& [name, times] : seen) EXPECT_EQ(times, 1) << name;
      EXPECT_LE(largest - smallest, 1u) << count << " tests in " << shards << " shards";
    }
  }
}

TEST(Shard, SplitIgnoresLoadOrder) {
  std::vector<Named> forward = named_tests(10);
  std::vector<Named> backward(forward.rbegin(), forward.rend());
  auto a = select_shard(forward, Shard{2, 3});
  auto b = select_shard(backward, Shard{2, 3});
  ASSERT_EQ(a.size(), b.size());
  for (size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].name, b[k].name);
  // Sorted names: t0 t1 t2 ... t9; shard 2 of 3 deals positions 1, 4, 7.
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].name, "week3/t1");
  EXPECT_EQ(a[1].name, "week3/t4");
  EXPECT_EQ(a[2].name, "week3/t7");
}

}  // namespace
}  // namespace uirgrade
