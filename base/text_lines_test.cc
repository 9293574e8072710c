#include "base/text_lines.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

using Lines = std::vector<std::string_view>;

TEST(GraderTextLines, NewlinesEndLinesAndALastLineNeedsNone) {
  EXPECT_EQ(split_lines(""), Lines{});
  EXPECT_EQ(split_lines("a"), Lines{"a"});
  EXPECT_EQ(split_lines("a\n"), Lines{"a"});
  EXPECT_EQ(split_lines("a\nb"), (Lines{"a", "b"}));
  EXPECT_EQ(split_lines("a\n\nb\n"), (Lines{"a", "", "b"}));
  EXPECT_EQ(split_lines("\n"), Lines{""});
  EXPECT_EQ(split_lines("a\n\n"), (Lines{"a", ""}));
}

TEST(GraderTextLines, ACarriageReturnBeforeTheNewlineIsDropped) {
  EXPECT_EQ(split_lines("a\r\nb\r\n"), (Lines{"a", "b"}));
  EXPECT_EQ(split_lines("a\rb\n"), Lines{"a\rb"});  // only at the end of a line
  EXPECT_EQ(split_lines("a\r"), Lines{"a"});
}

}  // namespace
}  // namespace uirgrade
