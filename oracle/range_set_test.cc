#include "oracle/range_set.h"

#include <vector>

#include <gtest/gtest.h>

namespace uir {
namespace {

std::vector<int32_t> list(const RangeSet& set) { return {set.begin(), set.end()}; }

TEST(RangeSet, EmptyHoldsNothing) {
  RangeSet none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.size(), 0u);
  EXPECT_FALSE(none.contains(0));
  EXPECT_TRUE(RangeSet(std::vector<int32_t>{}).empty());
  EXPECT_EQ(none, RangeSet{});
}

TEST(RangeSet, WithAndWithoutKeepTheRangesAscending) {
  RangeSet set = RangeSet{2, 7}.with(5).with(0).with(9);
  EXPECT_EQ(list(set), (std::vector<int32_t>{0, 2, 5, 7, 9}));
  EXPECT_EQ(list(set.without(5)), (std::vector<int32_t>{0, 2, 7, 9}));
  EXPECT_TRUE(RangeSet{3}.without(3).empty());
  EXPECT_TRUE(set.contains(7));
  EXPECT_FALSE(set.contains(6));
}

TEST(RangeSet, UnionIsTheSortedSetOfBoth) {
  EXPECT_EQ(list(union_of(RangeSet{1, 4}, RangeSet{2, 4, 8})), (std::vector<int32_t>{1, 2, 4, 8}));
  EXPECT_EQ(list(union_of(RangeSet{}, RangeSet{3})), std::vector<int32_t>{3});
  EXPECT_EQ(list(union_of(RangeSet{3}, RangeSet{})), std::vector<int32_t>{3});
}

TEST(RangeSet, EqualityComparesTheRangesNotTheLists) {
  EXPECT_EQ(RangeSet({1, 2}), RangeSet({1, 2}));  // two lists, one set
  EXPECT_NE(RangeSet({1, 2}), RangeSet({1, 3}));
  EXPECT_NE(RangeSet({1}), RangeSet({1, 2}));
}

// What the type is for: statements of one loop share one list instead of a block each.
TEST(RangeSet, CopiesAndNoChangeEditsShareOneList) {
  RangeSet loop{4, 6};
  RangeSet copy = loop;
  EXPECT_EQ(copy.begin(), loop.begin());
  EXPECT_EQ(loop.with(6).begin(), loop.begin());
  EXPECT_EQ(loop.without(5).begin(), loop.begin());
  EXPECT_EQ(union_of(loop, RangeSet{4}).begin(), loop.begin());  // one holds the other
  EXPECT_EQ(union_of(RangeSet{6}, loop).begin(), loop.begin());
  EXPECT_NE(loop.with(5).begin(), loop.begin());  // a change makes a new list, the old one stays
  EXPECT_EQ(list(loop), (std::vector<int32_t>{4, 6}));
}

}  // namespace
}  // namespace uir
