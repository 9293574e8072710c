// The tokenizer sees C as the compiler's first translation phases do: trigraphs (under -std=c11),
// line splices (gcc's too, with blanks before the newline), `\r\n`, digraphs; comments and
// literals are not identifiers; each token keeps the line it started on.
#include "grader/render/c_tokens.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::vector<std::string> texts(const std::vector<CToken>& tokens) {
  std::vector<std::string> out;
  for (const CToken& token : tokens) out.push_back(token.text);
  return out;
}

TEST(CTokens, TrigraphsAndDigraphsAreWhatTheyMean) {
  std::vector<CToken> tokens = tokenize_c("?\?=define X 1\n%:include <x.h>\n");
  ASSERT_GE(tokens.size(), 6u);
  EXPECT_EQ(tokens[0].text, "#");
  EXPECT_TRUE(tokens[0].starts_line);
  EXPECT_EQ(tokens[1].text, "define");
  EXPECT_EQ(tokens[4].text, "#");
  EXPECT_EQ(tokens[4].line, 2);
  EXPECT_TRUE(tokens[4].starts_line);
}

TEST(CTokens, ASpliceJoinsWordsEvenWithBlanksBeforeTheNewline) {
  EXPECT_EQ(texts(tokenize_c("sys\\\ntem(1);")), (std::vector<std::string>{"system", "(", "1", ")", ";"}));
  EXPECT_EQ(texts(tokenize_c("sys\\  \r\ntem")), (std::vector<std::string>{"system"}));
  // A splice made of a trigraph: `??/` is a backslash.
  EXPECT_EQ(texts(tokenize_c("go?\?/\nto")), (std::vector<std::string>{"goto"}));
}

TEST(CTokens, CommentsAndLiteralsHideNoWordsAndLinesAreKept) {
  std::vector<CToken> tokens = tokenize_c("/* while */ a\n// goto\n\"do\" 'x' b\n");
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[0].text, "a");
  EXPECT_EQ(tokens[0].line, 1);
  EXPECT_EQ(tokens[1].kind, CToken::Kind::String);
  EXPECT_EQ(tokens[1].line, 3);
  EXPECT_EQ(tokens[2].kind, CToken::Kind::Char);
  EXPECT_EQ(tokens[3].text, "b");
  EXPECT_EQ(text_line("one\ntwo\n", 2), "two");
  EXPECT_EQ(text_line("one\n", 5), "");
}

}  // namespace
}  // namespace uirgrade
