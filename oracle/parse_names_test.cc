#include "oracle/parse_names.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace uir {
namespace {

TEST(NameTable, AnEmptyTableFindsNothing) {
  NameTable names;
  EXPECT_EQ(names.find("%x"), -1);
  EXPECT_EQ(names.size(), 0u);
}

TEST(NameTable, TheFirstDefinitionOfANameIsKept) {
  NameTable names;
  EXPECT_TRUE(names.insert("%x", 3));
  EXPECT_TRUE(names.insert("%x1", 4));
  EXPECT_FALSE(names.insert("%x", 7));  // E-REDEFINED: the parser reports the second
  EXPECT_EQ(names.find("%x"), 3);
  EXPECT_EQ(names.find("%x1"), 4);
  EXPECT_EQ(names.find("%x2"), -1);
  EXPECT_EQ(names.size(), 2u);
}

TEST(NameTable, KeysAreComparedByCharactersNotByAddress) {
  std::string first = "%acc", second = "%acc";
  NameTable names;
  names.insert(first, 1);
  EXPECT_FALSE(names.insert(second, 2));
  EXPECT_EQ(names.find(std::string("%a") + "cc"), 1);
}

TEST(NameTable, NamesOfOneHashAreToldApartByTheirCharacters) {
  // Found by a birthday search over short names.
  ASSERT_EQ(name_hash("%a45b"), name_hash("%ihrc"));
  NameTable names;
  EXPECT_TRUE(names.insert("%a45b", 1));
  EXPECT_EQ(names.find("%ihrc"), -1);
  EXPECT_TRUE(names.insert("%ihrc", 2));
  EXPECT_EQ(names.find("%a45b"), 1);
  EXPECT_EQ(names.find("%ihrc"), 2);
}

// Enough names to grow the table many times over and to make probe runs wrap around its end.
TEST(NameTable, EveryNameOfManyThousandsIsFoundWithItsIndex) {
  constexpr int kCount = 50000;
  std::vector<std::string> spelled;
  for (int k = 0; k < kCount; ++k) spelled.push_back("%v" + std::to_string(k));
  NameTable names;
  for (int k = 0; k < kCount; ++k) ASSERT_TRUE(names.insert(spelled[k], k)) << spelled[k];
  EXPECT_EQ(names.size(), static_cast<size_t>(kCount));
  for (int k = 0; k < kCount; ++k) ASSERT_EQ(names.find(spelled[k]), k) << spelled[k];
  for (int k = kCount; k < kCount + 10000; ++k) ASSERT_EQ(names.find("%v" + std::to_string(k)), -1);
  for (int k = 0; k < kCount; k += 997) EXPECT_FALSE(names.insert(spelled[k], -5));
  EXPECT_EQ(names.find(spelled[997]), 997);
}

TEST(NameTable, ClearForgetsEveryName) {
  NameTable names;
  for (int k = 0; k < 1000; ++k) names.insert(k % 2 ? "%odd" : "%even", k);
  names.clear();
  EXPECT_EQ(names.find("%odd"), -1);
  EXPECT_EQ(names.size(), 0u);
  EXPECT_TRUE(names.insert("%odd", 9));
  EXPECT_EQ(names.find("%odd"), 9);
}

TEST(NameTable, ForgetEmptiesTheTableAndItFillsAgain) {
  std::vector<std::string> spelled;
  for (int k = 0; k < 3000; ++k) spelled.push_back("%f" + std::to_string(k));
  NameTable names;
  for (int round = 0; round < 3; ++round) {
    for (int k = 0; k < 3000; ++k) ASSERT_TRUE(names.insert(spelled[k], k + round)) << round << spelled[k];
    EXPECT_EQ(names.find(spelled[2999]), 2999 + round);
    names.forget();
    EXPECT_EQ(names.size(), 0u);
    for (int k = 0; k < 3000; k += 101) ASSERT_EQ(names.find(spelled[k]), -1) << round << spelled[k];
  }
}

TEST(NameTable, AbsorbMovesEveryNameAndReportsTheOnesAlreadyThere) {
  std::vector<std::string> old_spelled, spelled;  // the tables keep views: the spellings stay put
  for (int k = 0; k < 5000; ++k) old_spelled.push_back("%o" + std::to_string(k));
  NameTable older, recent;
  for (int k = 0; k < 5000; ++k) older.insert(old_spelled[k], k);
  for (int k = 0; k < 3000; ++k) spelled.push_back(k % 1000 == 7 ? "%o" + std::to_string(k) : "%r" + std::to_string(k));
  for (int k = 0; k < 3000; ++k) ASSERT_TRUE(recent.insert(spelled[k], 5000 + k));
  std::vector<NameTable::Redefinition> redefined;
  older.absorb(recent, redefined);
  EXPECT_EQ(recent.size(), 0u);
  EXPECT_EQ(recent.find("%r1"), -1);
  ASSERT_EQ(redefined.size(), 3u);  // %o7, %o1007, %o2007
  std::sort(redefined.begin(), redefined.end(), [](auto a, auto b) { return a.index < b.index; });
  EXPECT_EQ(redefined[0].index, 5007);
  EXPECT_EQ(redefined[0].first_index, 7);
  EXPECT_EQ(redefined[2].index, 7007);
  EXPECT_EQ(redefined[2].first_index, 2007);
  EXPECT_EQ(older.size(), 5000u + 2997u);
  EXPECT_EQ(older.find("%o2007"), 2007);  // the first definition kept
  for (int k = 0; k < 3000; ++k) {
    if (k % 1000 != 7) {
      ASSERT_EQ(older.find(spelled[k]), 5000 + k) << spelled[k];
    }
  }
  for (int k = 0; k < 5000; k += 7) ASSERT_EQ(older.find("%o" + std::to_string(k)), k);
}

// The parser's use: more names than a batch holds, so that several flushes move them.
TEST(BlockNames, NamesOfEveryBatchAreFoundAndRedefinitionsAreReportedOnce) {
  const int count = static_cast<int>(BlockNames::kFirstBatch + 3 * BlockNames::kBatch) + 100;
  std::vector<std::string> spelled;
  for (int k = 0; k < count; ++k) spelled.push_back("%n" + std::to_string(k));
  spelled.push_back("%n5");   // count:     a redefinition of a name of the first batch, long flushed
  spelled.push_back("%n5");   // count + 1: and again, in the same batch: refused at once
  BlockNames names;
  std::vector<NameTable::Redefinition> reported;
  auto define = [&](int k) {
    bool fresh = names.define(spelled[k], k);
    if (names.batch_full())
      for (const NameTable::Redefinition& r : names.flush()) reported.push_back(r);
    return fresh;
  };
  for (int k = 0; k < count; ++k) ASSERT_TRUE(define(k)) << spelled[k];
  for (int k = 0; k < count; k += 97) ASSERT_EQ(names.find(spelled[k]), k) << spelled[k];
  EXPECT_TRUE(define(count));        // not known yet: %n5 moved out of the batch
  EXPECT_EQ(names.find("%n5"), count);  // until the flush, the batch's own definition
  EXPECT_FALSE(define(count + 1));   // the batch holds %n5 now
  for (const NameTable::Redefinition& r : names.flush()) reported.push_back(r);
  ASSERT_EQ(reported.size(), 1u);
  EXPECT_EQ(reported[0].index, count);
  EXPECT_EQ(reported[0].first_index, 5);
  EXPECT_EQ(names.find("%n5"), 5);
  EXPECT_EQ(names.find(spelled[count - 1]), count - 1);
  EXPECT_EQ(names.find("%n" + std::to_string(count)), -1);
  names.clear();
  EXPECT_EQ(names.find("%n5"), -1);
  EXPECT_EQ(names.find(spelled[count - 1]), -1);
}

}  // namespace
}  // namespace uir
