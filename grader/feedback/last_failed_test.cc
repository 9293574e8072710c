#include "grader/feedback/last_failed.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace uirgrade {
namespace {

TestResult result(std::string name, Verdict verdict) {
  TestResult r;
  r.name = std::move(name);
  r.verdict = verdict;
  return r;
}

TEST(LastFailed, PassedTestsLeaveAndUngradedFailuresStay) {
  std::set<std::string> before = {"week3/a", "week3/b", "fuzz/3"};
  // This run graded a and fuzz/3 (say with --only): a now passes, fuzz/3 fails in one of two modes,
  // c is a new failure; b was not graded, so it still counts as failed.
  std::vector<TestResult> graded = {result("week3/a", Verdict::Pass), result("fuzz/3", Verdict::Pass),
                                    result("fuzz/3", Verdict::WrongBuffer), result("week3/c", Verdict::Timeout)};
  EXPECT_EQ(next_last_failed(before, graded), (std::set<std::string>{"fuzz/3", "week3/b", "week3/c"}));
}

TEST(LastFailed, StateFileRoundTrips) {
  std::string dir = (std::filesystem::temp_directory_path() / "uirgrade-last-failed-test").string();
  std::filesystem::remove_all(dir);
  std::string path = last_failed_path(dir, 3);
  EXPECT_EQ(read_last_failed(path), std::nullopt) << "no state yet: grade everything";
  ASSERT_EQ(write_last_failed(path, {"week3/a", "fuzz/7"}), std::nullopt);
  EXPECT_EQ(read_last_failed(path), (std::set<std::string>{"fuzz/7", "week3/a"}));
  ASSERT_EQ(write_last_failed(path, {}), std::nullopt);
  EXPECT_EQ(read_last_failed(path), std::set<std::string>{}) << "all passed: an empty state, not none";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
