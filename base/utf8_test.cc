#include "base/utf8.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(Utf8, DecodesOneToFourByteSequences) {
  // U+0041, U+00E9, U+20AC, U+1F600 spelled by hand from the UTF-8 tables.
  const std::string text = "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
  const char32_t expected[] = {0x41, 0xE9, 0x20AC, 0x1F600};
  const size_t lengths[] = {1, 2, 3, 4};
  size_t pos = 0;
  for (int i = 0; i < 4; ++i) {
    const Utf8Step step = next_utf8(text, pos);
    EXPECT_TRUE(step.valid);
    EXPECT_EQ(step.code_point, expected[i]);
    EXPECT_EQ(step.length, lengths[i]);
    pos += step.length;
  }
  EXPECT_EQ(pos, text.size());
}

TEST(Utf8, RefusesMalformedSequencesOneByteAtATime) {
  const char* malformed[] = {
      "\x80",              // a continuation byte alone
      "\xc0\x80",          // overlong NUL
      "\xe0\x80\x80",      // overlong
      "\xed\xa0\x80",      // a UTF-16 surrogate (U+D800)
      "\xf4\x90\x80\x80",  // above U+10FFFF
      "\xe2\x82",          // truncated
      "\xc3\x28",          // a lead byte followed by ASCII
      "\xff",
  };
  for (const char* bytes : malformed) {
    SCOPED_TRACE(bytes);
    const Utf8Step step = next_utf8(bytes, 0);
    EXPECT_FALSE(step.valid);
    EXPECT_EQ(step.length, 1u);
    EXPECT_EQ(step.code_point, kReplacementCharacter);
  }
}

TEST(Utf8, AppendEncodesAsTheTablesSay) {
  std::string out;
  append_utf8(out, 0x24);
  append_utf8(out, 0xA2);
  append_utf8(out, 0x20AC);
  append_utf8(out, 0x10348);
  EXPECT_EQ(out, "\x24\xc2\xa2\xe2\x82\xac\xf0\x90\x8d\x88");
}

}  // namespace
}  // namespace uirgrade
