// Generated programs spell some f32 literals the ways spec §1 allows and a careless reader gets
// wrong: with an exponent, with every digit, and just past a rounding boundary, where reading
// through a double (strtod, then a cast) gives the neighbouring float. Counted over many programs;
// every program still compiles (the spelling reads back to the value the builder modelled).
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>

#include "generators/generate.h"
#include "oracle/oracle.h"

namespace uirgen {
namespace {

TEST(LiteralSpelling, GeneratedProgramsHoldExponentLongAndBoundaryLiterals) {
  const std::regex f32_literal(R"((^|[ ])(-?[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?)(?=$|[ ]))");
  int exponent = 0, long_digits = 0, boundary = 0;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    std::string text = program_text(sample_program(1, seed, 60));
    ASSERT_FALSE(uir::compile("gen.uir", text).error) << text;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), f32_literal); it != std::sregex_iterator(); ++it) {
      std::string token = (*it)[2];
      if (token.find_first_of("eE") != std::string::npos) ++exponent;
      if (token.size() > 30) ++long_digits;
      if (std::strtof(token.c_str(), nullptr) != static_cast<float>(std::strtod(token.c_str(), nullptr))) ++boundary;
    }
  }
  std::printf("  f32 literals in 150 programs: %d with an exponent, %d longer than 30 characters, %d on a "
              "rounding boundary\n", exponent, long_digits, boundary);
  EXPECT_GT(exponent, 10);
  EXPECT_GT(long_digits, 5);
  EXPECT_GT(boundary, 2);
}

}  // namespace
}  // namespace uirgen
