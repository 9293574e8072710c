#include "base/parallel.h"

#include <atomic>
#include <vector>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(RunOnPool, EveryItemOnceOnEveryThreadCount) {
  for (int jobs : {1, 3, 8}) {
    std::vector<std::atomic<int>> seen(50);
    run_on_pool(seen.size(), jobs, nullptr, [&](size_t k) { seen[k].fetch_add(1); });
    for (size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(seen[k].load(), 1) << "item " << k << ", jobs " << jobs;
  }
  run_on_pool(0, 4, nullptr, [](size_t) { FAIL() << "no items"; });
}

TEST(RunOnPool, StopsTakingItemsOnceToldTo) {
  std::atomic<int> done{0};
  run_on_pool(100, 1, [&] { return done.load() < 7; }, [&](size_t) { done.fetch_add(1); });
  EXPECT_EQ(done.load(), 7);
}

}  // namespace
}  // namespace uirgrade
