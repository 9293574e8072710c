// One value per key across threads: eight callers at once make it once and all get it; a value the
// caller refuses to keep is made again by the next caller.
#include "grader/once_by_key.h"

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(OnceByKey, ConcurrentCallersMakeTheValueOnceAndAllGetIt) {
  OnceByKey<int> once;
  std::atomic<int> made{0}, made_here{0};
  std::vector<int> got(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      auto result = once.get("k", [&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the others arrive meanwhile
        return 40 + ++made;
      });
      got[t] = result.value;
      made_here += result.computed_here;
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(made, 1);
  EXPECT_EQ(made_here, 1);
  for (int value : got) EXPECT_EQ(value, 41);
  EXPECT_EQ(once.get("other", [] { return 7; }).value, 7) << "another key, another value";
}

TEST(OnceByKey, AValueNotKeptIsMadeAgainByTheNextCaller) {
  OnceByKey<int> once;
  int made = 0;
  auto keep_positive = [](const int& value) { return value > 0; };
  EXPECT_EQ(once.get("k", [&] { return ++made > 1 ? made : -1; }, keep_positive).value, -1);
  EXPECT_EQ(once.get("k", [&] { return ++made > 1 ? made : -1; }, keep_positive).value, 2);
  EXPECT_FALSE(once.get("k", [&] { return ++made; }, keep_positive).computed_here) << "2 was kept";
  EXPECT_EQ(made, 2);
}

TEST(OnceByKey, WithACapacityTheLeastRecentlyUsedValueIsDropped) {
  OnceByKey<int> once(2);
  int made = 0;
  auto make = [&] { return ++made; };
  once.get("a", make);
  once.get("b", make);
  EXPECT_FALSE(once.get("a", make).computed_here) << "a is used again: b is now the oldest";
  once.get("c", make);
  EXPECT_EQ(once.size(), 2u);
  EXPECT_FALSE(once.get("a", make).computed_here);
  EXPECT_TRUE(once.get("b", make).computed_here) << "b was dropped for c";
  EXPECT_EQ(made, 4);
  OnceByKey<int> unbounded;
  for (int k = 0; k < 100; ++k) unbounded.get(std::to_string(k), make);
  EXPECT_EQ(unbounded.size(), 100u);
}

}  // namespace
}  // namespace uirgrade
