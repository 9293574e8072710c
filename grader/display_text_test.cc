#include "grader/display_text.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(DisplayText, SpellsOutControlCharactersButKeepsLineBreaks) {
  EXPECT_EQ(printable_text(std::string("a\x1b[31mb\0c", 9)), "a\\x1b[31mb\\x00c");
  EXPECT_EQ(printable_text("one\ntwo\tthree\r\n"), "one\ntwo\tthree\\r\n");
  EXPECT_EQ(printable_text("del\x7f"), "del\\x7f");
  EXPECT_EQ(printable_text("csi\xc2\x9b"), "csi\\u009b");
}

TEST(DisplayText, PrintableLineSpellsOutLineBreaksToo) {
  EXPECT_EQ(printable_line("one\ntwo\tthree"), "one\\ntwo\\tthree");
}

TEST(DisplayText, ReplacesInvalidUtf8AndNoncharacters) {
  const std::string replacement = "\xef\xbf\xbd";
  EXPECT_EQ(printable_text("a\xff"
                           "b"),
            "a" + replacement + "b");
  EXPECT_EQ(printable_text("\xc3\x28"), replacement + "(");
  EXPECT_EQ(printable_text("\xef\xbf\xbe"), replacement);   // U+FFFE, not allowed in XML
  EXPECT_EQ(printable_text("caf\xc3\xa9"), "caf\xc3\xa9");  // valid text passes unchanged
}

TEST(DisplayText, ElideMiddleKeepsBothEnds) {
  EXPECT_EQ(elide_middle("abcdefghij", 10), "abcdefghij");
  EXPECT_EQ(elide_middle("abcdefghij", 7), "ab...ij");
  EXPECT_EQ(elide_middle("abcdefghij", 8), "abc...ij");
  EXPECT_EQ(elide_middle("abcdefghij", 2), "..");
  // Counts code points and cuts between them: five two-byte characters into four columns.
  EXPECT_EQ(elide_middle("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 4), "\xc3\xa9...");
}

}  // namespace
}  // namespace uirgrade
