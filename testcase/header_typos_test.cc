#include "testcase/header_typos.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(HeaderTypos, DistanceCountsASwapAsOneEdit) {
  EXPECT_EQ(typo_distance("check", "check"), 0);
  EXPECT_EQ(typo_distance("chekc", "check"), 1);   // a swap
  EXPECT_EQ(typo_distance("expcet", "expect"), 1); // c and e swapped
  EXPECT_EQ(typo_distance("exepct", "expect"), 1); // e and p swapped
  EXPECT_EQ(typo_distance("expcte", "expect"), 2); // two swaps
  EXPECT_EQ(typo_distance("expct", "expect"), 1);  // a letter left out
  EXPECT_EQ(typo_distance("", "data"), 4);
}

TEST(HeaderTypos, HeaderShapedTyposAreFound) {
  EXPECT_EQ(misspelt_header_keyword("expcet 0: 1 2 3"), "expect");
  EXPECT_EQ(misspelt_header_keyword("chekc: 0"), "check");
  EXPECT_EQ(misspelt_header_keyword("exepct: exit 0"), "expect");
  EXPECT_EQ(misspelt_header_keyword("dat 1: zeros"), "data");
  EXPECT_EQ(misspelt_header_keyword("eror: E-UNDEFINED"), "error");
  EXPECT_EQ(misspelt_header_keyword("rendr: loops=2"), "render");
  EXPECT_EQ(misspelt_header_keyword("Expect: exit 0"), "expect") << "a capital is not a header either";
}

TEST(HeaderTypos, FreeTextIsNotAHeader) {
  EXPECT_EQ(misspelt_header_keyword("expected output below"), std::nullopt) << "no colon";
  EXPECT_EQ(misspelt_header_keyword("The week-3 spec's accumulator: %cur depends on no range"), std::nullopt);
  EXPECT_EQ(misspelt_header_keyword("Note: idiv truncates"), std::nullopt) << "far from every keyword";
  EXPECT_EQ(misspelt_header_keyword("dates 1: zeros"), std::nullopt) << "two edits from a four-letter keyword";
  EXPECT_EQ(misspelt_header_keyword("checks the loop: twice"), std::nullopt) << "a sentence before the colon";
}

}  // namespace
}  // namespace uirgrade
