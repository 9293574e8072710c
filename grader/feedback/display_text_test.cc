#include "grader/feedback/display_text.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "base/utf8.h"

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

TEST(DisplayText, EscapesBidirectionalAndInvisibleCharacters) {
  // "Trojan Source": U+202E reverses what follows; U+2066..2069 isolate; U+200B is invisible.
  EXPECT_EQ(printable_text("ok \xe2\x80\xae" "1 0\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\x8b"), "ok \\u202e1 0\\u2066x\\u2069\\u200b");
  EXPECT_EQ(printable_line("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad\xe2\x80\x8f\xd8\x9c"),
            "\\u202a\\u202b\\u202c\\u202d\\u200f\\u061c");
  EXPECT_EQ(printable_text("\xe2\x80\xa8\xef\xbb\xbf"), "\\u2028\\ufeff");  // line separator, BOM
  EXPECT_EQ(printable_text("\xf3\xa0\x80\x81"), "\\U000e0001");          // an invisible tag character
  EXPECT_EQ(printable_text("\xd7\x90\xd7\x91"), "\xd7\x90\xd7\x91");          // Hebrew letters themselves stay
}

bool valid_utf8(std::string_view text) {
  for (size_t pos = 0; pos < text.size(); pos += next_utf8(text, pos).length)
    if (!next_utf8(text, pos).valid) return false;
  return true;
}

TEST(DisplayText, ShownLineIsCutToTheLimitWithANote) {
  EXPECT_EQ(shown_line("short\x1b"), "short\\x1b");
  std::string huge(1 << 20, 'x');
  std::string line = shown_line(huge);
  EXPECT_LE(line.size(), kDisplayLimits.line_bytes);
  EXPECT_GE(line.size(), kDisplayLimits.line_bytes - 40);
  EXPECT_TRUE(line.starts_with("xxxx"));
  EXPECT_TRUE(line.ends_with(" more bytes)")) << line;
  // A cut never splits a character or an escape: three-byte characters, and escapes, all the way.
  std::string wide, escapes;
  for (int k = 0; k < 1000; ++k) wide += "\xe2\x82\xac", escapes += "\x1b";
  EXPECT_TRUE(valid_utf8(shown_line(wide)));
  std::string cut = shown_line(escapes);
  EXPECT_LE(cut.size(), kDisplayLimits.line_bytes);
  EXPECT_TRUE(cut.substr(0, cut.find("...")).ends_with("\\x1b")) << cut;
}

TEST(DisplayText, ShownBlockBoundsEachLineTheLinesAndTheTotal) {
  std::string details = "stderr:\n";
  for (int k = 0; k < 10; ++k) details += std::string(1 << 20, 'e') + "\n";
  std::string block = shown_block(details);
  EXPECT_LE(block.size(), kDisplayLimits.block_bytes);
  EXPECT_TRUE(block.starts_with("stderr:\neeee"));
  std::string many;
  for (int k = 0; k < 1000; ++k) many += "line\tof text\n";
  std::string lines = shown_block(many);
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), static_cast<long>(kDisplayLimits.lines) + 1);
  EXPECT_NE(lines.find("line\tof text\n"), std::string::npos);  // a block keeps tabs and line breaks
  EXPECT_TRUE(lines.ends_with("... (960 more lines)\n")) << lines;
  EXPECT_EQ(shown_block("a\nb\n"), "a\nb\n");
  EXPECT_EQ(shown_block("a\nb"), "a\nb");
}

TEST(DisplayText, TheTestOnlyWeakeningShowsEverything) {
  std::string huge(1 << 20, 'x');
  {
    UncappedDisplayForTests uncapped;
    EXPECT_EQ(shown_line(huge).size(), huge.size());
    EXPECT_EQ(shown_block(huge + "\n" + huge).size(), 2 * huge.size() + 1);
  }
  EXPECT_LE(shown_line(huge).size(), kDisplayLimits.line_bytes);
}

}  // namespace
}  // namespace uirgrade
