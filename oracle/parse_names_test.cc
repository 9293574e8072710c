#include "oracle/parse_names.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace uir
