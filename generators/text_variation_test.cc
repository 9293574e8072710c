// Respelt programs must mean what the original meant (the oracle gives the same outcome and the
// same buffers), keep every line number, and really differ in the ways spec §1 allows.
#include "generators/text_variation.h"

#include <gtest/gtest.h>

#include <regex>

#include "generators/generate.h"
#include "oracle/oracle.h"

namespace uirgen {
namespace {

int lines_of(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(TextVariation, SameMeaningSameLinesDifferentSpelling) {
  int no_spaces = 0, swapped = 0, comments = 0, crlf = 0, underscore = 0, digit_dot = 0, dot_last = 0;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    std::string text = program_text(sample_program(3, seed, 60));
    std::string varied = vary_spelling(text, seed);
    ASSERT_EQ(lines_of(varied), lines_of(text));
    uir::Compiled a = uir::compile("a.uir", text), b = uir::compile("a.uir", varied);
    ASSERT_FALSE(b.error) << varied;
    std::vector<uir::SlotData> data;
    for (const uir::SlotSpec& spec : uir::slot_specs(a.program))
      data.push_back(uir::SlotData{spec.slot, spec.dtype, std::vector<uint32_t>(spec.length, 3)});
    uir::RunResult ra = uir::run(a, data), rb = uir::run(b, data);
    EXPECT_EQ(ra.exit_code, rb.exit_code);
    EXPECT_EQ(uir::format_slot_data(ra.buffers), uir::format_slot_data(rb.buffers));
    no_spaces += std::regex_search(varied, std::regex(R"((^|\n) *%[A-Za-z0-9_.]+=)")) ? 1 : 0;
    swapped += std::regex_search(varied, std::regex(R"(slot=[0-9]+ +dtype=)")) ? 1 : 0;
    comments += varied.find("# a comment") != std::string::npos;
    crlf += varied.find("\r\n") != std::string::npos;
    underscore += std::regex_search(varied, std::regex(R"(%_[a-z]+[0-9]+ )"));
    digit_dot += std::regex_search(varied, std::regex(R"(%0\.[a-z]+[0-9]+ )"));
    dot_last += std::regex_search(varied, std::regex(R"(%[a-z]+[0-9]+\. )"));
    EXPECT_EQ(varied, vary_spelling(text, seed));
  }
  EXPECT_GT(no_spaces, 10);
  EXPECT_GT(swapped, 10);
  EXPECT_GT(comments, 10);
  EXPECT_GT(crlf, 10);
  EXPECT_GT(underscore, 10);
  EXPECT_GT(digit_dot, 10);
  EXPECT_GT(dot_last, 10);
}

TEST(TextVariation, InvalidProgramsKeepTheirRuleAndLine) {
  std::string text = "%b = buffer 4 dtype=i32 slot=0\n%i = range 5\n%v = shrink %b %i shape=[]\n";
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    uir::Compiled c = uir::compile("a.uir", vary_spelling(text, seed));
    ASSERT_TRUE(c.error);
    EXPECT_EQ(c.error->rule, uir::Rule::Bounds);
    EXPECT_EQ(c.error->line, 3);
  }
}

}  // namespace
}  // namespace uirgen
