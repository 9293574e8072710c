// The Chooser's replay contract (chooser.h): a recorded choice is an offset from the lowest option,
// clamped into what is legal; past the end of the list every choice is the lowest option; a draw
// with nothing to choose records nothing. Expected values are worked out by hand from that contract.
#include "generators/chooser.h"

#include <gtest/gtest.h>

namespace uirgen {
namespace {

TEST(Chooser, ReplayIsOffsetFromLowestClampedThenLowestPastTheEnd) {
  Chooser chooser(std::vector<uint32_t>{3, 100, 5});
  EXPECT_EQ(chooser.pick(10, 20), 13);  // 10 + 3
  EXPECT_EQ(chooser.pick(0, 4), 4);     // 100 clamped to the span's last offset
  EXPECT_EQ(chooser.pick(-5, 5), 0);    // -5 + 5
  EXPECT_EQ(chooser.pick(7, 9), 7);     // list exhausted: the lowest option
  EXPECT_EQ(chooser.recorded(), (std::vector<uint32_t>{3, 4, 5, 0}));  // what was actually used
}

TEST(Chooser, NothingToChooseRecordsNothing) {
  Chooser chooser(std::vector<uint32_t>{5});
  EXPECT_EQ(chooser.pick(3, 3), 3);
  EXPECT_EQ(chooser.pick(8, 2), 8);  // hi < lo: lo
  EXPECT_EQ(chooser.weighted({0, 0}), 0);
  EXPECT_TRUE(chooser.recorded().empty());
  EXPECT_EQ(chooser.pick(0, 9), 5);  // the 5 is still the next choice
}

TEST(Chooser, ChanceIsTrueOnlyForTheTopPercentOfOffsets) {
  // chance(30) draws an offset in [0, 99]; the lowest 70 offsets are false.
  EXPECT_FALSE(Chooser(std::vector<uint32_t>{0}).chance(30));
  EXPECT_FALSE(Chooser(std::vector<uint32_t>{69}).chance(30));
  EXPECT_TRUE(Chooser(std::vector<uint32_t>{70}).chance(30));
  EXPECT_TRUE(Chooser(std::vector<uint32_t>{99}).chance(30));
  EXPECT_FALSE(Chooser(std::vector<uint32_t>{99}).chance(0));
  EXPECT_TRUE(Chooser(std::vector<uint32_t>{0}).chance(100));
  EXPECT_FALSE(Chooser(std::vector<uint32_t>{}).chance(99));  // shrinking tends to false
}

TEST(Chooser, WeightedMapsDrawsOntoCumulativeWeightsAndSkipsZeroWeights) {
  // Weights {2, 0, 3}: draws 0-1 are option 0, draws 2-4 option 2, option 1 never.
  Chooser chooser(std::vector<uint32_t>{0, 1, 2, 3, 4, 1000});
  std::vector<int> got;
  for (int k = 0; k < 6; ++k) got.push_back(chooser.weighted({2, 0, 3}));
  EXPECT_EQ(got, (std::vector<int>{0, 0, 2, 2, 2, 2}));
}

TEST(Chooser, RandomChoicesStayInRangeAndReplayExactly) {
  Chooser fresh{rc::Random(42)};
  std::vector<int> picks, weighted;
  std::vector<bool> chances;
  for (int k = 0; k < 200; ++k) {
    picks.push_back(fresh.pick(-3, 7));
    chances.push_back(fresh.chance(50));
    weighted.push_back(fresh.weighted({1, 0, 1}));
    EXPECT_GE(picks.back(), -3);
    EXPECT_LE(picks.back(), 7);
    EXPECT_NE(weighted.back(), 1);
  }
  Chooser replay(fresh.recorded());
  for (int k = 0; k < 200; ++k) {
    EXPECT_EQ(replay.pick(-3, 7), picks[k]);
    EXPECT_EQ(replay.chance(50), chances[k]);
    EXPECT_EQ(replay.weighted({1, 0, 1}), weighted[k]);
  }
  EXPECT_EQ(replay.recorded(), fresh.recorded());
}

}  // namespace
}  // namespace uirgen
