#include "testcase/repeat_lines.h"

#include <gtest/gtest.h>
#include <fmt/format.h>
#include <openssl/sha.h>

#include <fstream>
#include <sstream>

#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

std::string expanded(const std::string& text) {
  auto result = expand_repeat_lines("t.uir", text);
  if (auto* error = std::get_if<SuiteError>(&result)) return "error at line " + std::to_string(error->line) + ": " + error->message;
  return std::get<std::string>(result);
}

TEST(RepeatLines, ATextWithoutRepeatLinesComesBackUnchanged) {
  EXPECT_EQ(expanded("%a = const 1\n# repeat 1..3: not ours (a space after '#')\n"),
            "%a = const 1\n# repeat 1..3: not ours (a space after '#')\n");
}

TEST(RepeatLines, EachNumberFromFromToToWithItsOffsets) {
  EXPECT_EQ(expanded("%a0 = const 0\n#repeat 1..3: %a{n} = add %a{n-1} {n+10}\n%z = const 9\n"),
            "%a0 = const 0\n%a1 = add %a0 11\n%a2 = add %a1 12\n%a3 = add %a2 13\n%z = const 9\n");
}

TEST(RepeatLines, KeepsTheLinesOwnEndingAndCopiesOtherBraces) {
  EXPECT_EQ(expanded("#repeat 2..3: {x} {n\r\n"), "{x} {n\r\n{x} {n\r\n");
  EXPECT_EQ(expanded("a\n#repeat 0..1: b{n}"), "a\nb0\nb1");
}

TEST(RepeatLines, MalformedOrTooLongRepeatLinesAreSuiteErrorsAtTheirLine) {
  EXPECT_EQ(expanded("%a = const 1\n#repeat 1-3: x\n").substr(0, 16), "error at line 2:");
  EXPECT_EQ(expanded("#repeat 3..1: x\n").substr(0, 16), "error at line 1:");
  EXPECT_EQ(expanded("#repeat 1..3 x\n").substr(0, 16), "error at line 1:");
  EXPECT_EQ(expanded("#repeat 1..99999999: x\n").substr(0, 16), "error at line 1:");
  // Within the line limit, but past the byte limit: stops at the limit, not after 500 MB.
  EXPECT_EQ(expanded("#repeat 1..1000000: " + std::string(600, 'x') + "\n").substr(0, 16), "error at line 1:");
}

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest);
  std::string hex;
  for (unsigned char c : digest) hex += fmt::format("{:02x}", c);
  return hex;
}

// The suites' three 33,000-line programs were committed as text until they became '#repeat' lines;
// expanded, each is byte for byte the file as committed before (its SHA-256 at commit 607e4e9), so
// the tests, their line numbers and their results are the same.
TEST(RepeatLines, TheSuitesLongProgramsExpandToTheTextTheyReplaced) {
  const std::pair<const char*, const char*> files[] = {
      {"week1/err_redefined_name_33000_lines_below.uir",
       "9c8a8aa90c4ecc98a2fa0bb4ed26ce8c31033334696bf6be453ac9b1482c1b7e"},
      {"week1/err_undefined_name_defined_33000_lines_below.uir",
       "98696d01f42b4c4de576e95488185b69a9d0a6a2b4bbf72ccdea3a9f7b478ab0"},
      {"week1/names_33000_each_looked_up_far_below_its_definition.uir",
       "a03bf1fac467b4b4d59905bb2c968baac11bf0579e36c880168770c93c0f9537"},
  };
  for (const auto& [file, sha] : files) {
    std::ifstream in(std::string(UIRGRADE_SOURCE_DIR) + "/suites/" + file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    ASSERT_LT(text.str().size(), 1000u) << file << " is short: its long part is a '#repeat' line";
    EXPECT_EQ(sha256_hex(expanded(text.str())), sha) << file;
  }
}

}  // namespace
}  // namespace uirgrade
