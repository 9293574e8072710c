// Cycles in call graphs: none in trees and chains, every kind of cycle found with the earliest
// closing call, and a chain of helpers long enough that one search per function (the old way) or a
// recursive search would not do.
#include "grader/render/call_cycles.h"

#include <chrono>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::vector<size_t> cycle_of(size_t functions, const std::vector<CallEdge>& calls) {
  std::optional<CallCycle> cycle = first_call_cycle(functions, calls);
  return cycle ? cycle->functions : std::vector<size_t>{};
}

TEST(CallCycles, TreesAndSharedCalleesAreNoCycle) {
  EXPECT_FALSE(first_call_cycle(0, {}));
  EXPECT_FALSE(first_call_cycle(4, {{0, 1, 1}, {0, 2, 2}, {1, 3, 3}, {2, 3, 4}, {1, 2, 5}}));
}

TEST(CallCycles, SelfMutualAndLongerCyclesInCallOrder) {
  EXPECT_EQ(cycle_of(2, {{0, 1, 1}, {1, 1, 2}}), (std::vector<size_t>{1, 1}));
  EXPECT_EQ(cycle_of(3, {{0, 1, 1}, {1, 2, 2}, {2, 1, 3}}), (std::vector<size_t>{1, 2, 1}));
  // Four functions in a ring entered from 0; the earliest call on it (line 3, 2 -> 3) starts the chain.
  std::optional<CallCycle> ring = first_call_cycle(5, {{0, 1, 1}, {4, 1, 9}, {1, 2, 8}, {2, 3, 3}, {3, 4, 7}});
  ASSERT_TRUE(ring);
  EXPECT_EQ(ring->line, 3);
  EXPECT_EQ(ring->functions, (std::vector<size_t>{2, 3, 4, 1, 2}));
}

TEST(CallCycles, TheCycleIsAWayThroughTheComponentNotTheWholeComponent) {
  // 1 <-> 2 and 2 <-> 3 make one component; the cycle through the call at line 1 is 1 -> 2 -> 1.
  EXPECT_EQ(cycle_of(4, {{1, 2, 1}, {2, 3, 2}, {3, 2, 3}, {2, 1, 4}, {0, 1, 5}}), (std::vector<size_t>{1, 2, 1}));
}

TEST(CallCycles, AHundredThousandHelpersInAChainTakeLinearTimeAndNoStack) {
  // A chain of helpers, each calling the next (valid C: no recursion), then the same chain closed
  // into a ring by one last call. A search per function costs n^2 (10^10 steps here); a recursive
  // search 10^5 frames.
  constexpr size_t n = 100000;
  std::vector<CallEdge> chain;
  for (size_t f = 0; f + 1 < n; ++f) chain.push_back({f, f + 1, static_cast<int>(f + 1)});
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(first_call_cycle(n, chain));
  chain.push_back({n - 1, 0, static_cast<int>(n)});
  std::optional<CallCycle> ring = first_call_cycle(n, chain);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(ring);
  EXPECT_EQ(ring->line, 1);
  EXPECT_EQ(ring->functions.size(), n + 1);
  EXPECT_LT(seconds, 1.0);
}

}  // namespace
}  // namespace uirgrade
