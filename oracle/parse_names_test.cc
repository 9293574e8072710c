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

// The parser's use: more names than a batch holds, so that several flushes move them to the older
// names, where only finish() looks them up.
TEST(BlockNames, NamesOfOlderBatchesAreResolvedAtTheEndAndRedefinitionsAreReportedOnce) {
  const int count = static_cast<int>(BlockNames::kFirstBatch + 3 * BlockNames::kBatch) + 100;
  std::vector<std::string> spelled;
  for (int k = 0; k < count; ++k) spelled.push_back("%n" + std::to_string(k));
  spelled.push_back("%n5");   // count:     a redefinition of a name of the first batch, long flushed
  spelled.push_back("%n5");   // count + 1: and again, in the same batch: refused at once
  BlockNames names;
  auto define = [&](int k) {
    bool fresh = names.define(spelled[k], k);
    if (names.batch_full()) names.flush();
    return fresh;
  };
  for (int k = 0; k < count; ++k) ASSERT_TRUE(define(k)) << spelled[k];
  // Lookups made by "statement" count + 2: the batch's own names at once, older ones at the end.
  const int32_t looker = count + 2;
  EXPECT_EQ(names.find(spelled[count - 1], looker, 0), count - 1);  // in the current batch
  EXPECT_EQ(names.find(spelled[97], looker, 1), -1);                // first batch: kept for finish
  EXPECT_EQ(names.find("%nowhere", looker, 2), -1);                 // never defined: stays -1
  EXPECT_TRUE(define(count));                                       // not known to the batch
  EXPECT_EQ(names.find("%n5", looker, 3), count);  // until finish, the batch's own definition
  EXPECT_FALSE(define(count + 1));                 // the batch holds %n5 now
  EXPECT_EQ(names.find(spelled[40000], 35000, 4), -1);  // a later definition: stays undefined
  BlockNames::Settled settled = names.finish();
  ASSERT_EQ(settled.redefined.size(), 1u);
  EXPECT_EQ(settled.redefined[0].index, count);
  EXPECT_EQ(settled.redefined[0].first_index, 5);
  ASSERT_EQ(settled.resolved.size(), 1u);
  EXPECT_EQ(settled.resolved[0].stmt, looker);
  EXPECT_EQ(settled.resolved[0].operand, 1);
  EXPECT_EQ(settled.resolved[0].index, 97);
  names.clear();
  EXPECT_EQ(names.find("%n5", 0, 0), -1);
  EXPECT_TRUE(names.finish().resolved.empty());
}

// Names of one hash sort together among the older names: each lookup and each repeat must still find
// its own spelling's first definition, and a new name of an older name's hash is no repeat.
TEST(BlockNames, OlderNamesOfOneHashAreToldApart) {
  ASSERT_EQ(name_hash("%a45b"), name_hash("%ihrc"));
  std::vector<std::string> spelled = {"%a45b"};  // first batch
  for (size_t k = 1; k < BlockNames::kFirstBatch; ++k) spelled.push_back("%f" + std::to_string(k));
  const int32_t ihrc = static_cast<int32_t>(spelled.size());
  spelled.push_back("%ihrc");  // second batch: new, though the filter cannot tell
  for (size_t k = 0; k < BlockNames::kBatch; ++k) spelled.push_back("%g" + std::to_string(k));
  spelled.push_back("%ihrc");  // third batch: a repeat of the second batch's
  BlockNames names;
  for (size_t k = 0; k < spelled.size(); ++k) {
    EXPECT_EQ(names.define(spelled[k], static_cast<int32_t>(k)), true) << k;
    if (names.batch_full()) names.flush();
  }
  const int32_t looker = static_cast<int32_t>(spelled.size());
  EXPECT_EQ(names.find("%a45b", looker, 0), -1);          // older: kept for finish
  EXPECT_EQ(names.find("%ihrc", looker, 1), looker - 1);  // the batch's repeat, until finish
  BlockNames::Settled settled = names.finish();
  ASSERT_EQ(settled.redefined.size(), 1u);
  EXPECT_EQ(settled.redefined[0].index, looker - 1);
  EXPECT_EQ(settled.redefined[0].first_index, ihrc);
  ASSERT_EQ(settled.resolved.size(), 1u);
  EXPECT_EQ(settled.resolved[0].operand, 0);
  EXPECT_EQ(settled.resolved[0].index, 0);
}

// Many batches: every older name is still found, and repeats of an early and of a late name too.
TEST(BlockNames, EveryOlderNameIsFoundAfterManyBatches) {
  const int count = static_cast<int>(BlockNames::kFirstBatch + 40 * BlockNames::kBatch);
  std::vector<std::string> spelled;
  for (int k = 0; k < count; ++k) spelled.push_back("%n" + std::to_string(k));
  BlockNames names;
  for (int k = 0; k < count; ++k) {
    names.define(spelled[k], k);
    if (names.batch_full()) names.flush();
  }
  names.define(spelled[3], count);              // repeats: of the first batch's,
  names.define(spelled[count - 5000], count + 1);  // and of a late batch's
  const int32_t looker = count + 2;
  for (int k = 0; k < count; k += 1009) ASSERT_EQ(names.find(spelled[k], looker, k), -1);  // all older now
  BlockNames::Settled settled = names.finish();
  ASSERT_EQ(settled.resolved.size(), static_cast<size_t>((count + 1008) / 1009));
  for (const BlockNames::Resolved& r : settled.resolved) EXPECT_EQ(r.index, r.operand);
  ASSERT_EQ(settled.redefined.size(), 2u);
  std::sort(settled.redefined.begin(), settled.redefined.end(), [](auto a, auto b) { return a.index < b.index; });
  EXPECT_EQ(settled.redefined[0].index, count);
  EXPECT_EQ(settled.redefined[0].first_index, 3);
  EXPECT_EQ(settled.redefined[1].index, count + 1);
  EXPECT_EQ(settled.redefined[1].first_index, count - 5000);
}

}  // namespace
}  // namespace uir
