// Generated programs as test files (case_file.h). The headers go after the generator's first line,
// and the grader's own header parser must read back exactly the TestCase we built, with the assert
// line moved by the number of header lines. Expected values are worked out by hand from the programs
// below and from random_inputs for the data seed.
#include "generators/case_file.h"

#include <gtest/gtest.h>


#include "generators/differential.h"
#include "testcase/case_headers.h"
#include "oracle/oracle.h"
#include "oracle/text_lines_testing.h"

namespace uirgen {
namespace {

// Line 10 is the assert, before any header is inserted. Element 1 becomes 2 * element 0.
constexpr const char* kFailingDoubler =
    "# uirgen: hand-written\n"
    "%b = buffer 2 dtype=i32 slot=0\n"
    "%v = shrink %b 0 shape=[]\n"
    "%x = load %v\n"
    "%y = mul %x 2\n"
    "%w = shrink %b 1 shape=[]\n"
    "%s = store %w %y\n"
    "%b1 = after %b %s\n"
    "%no = cmpne 1 1\n"
    "assert %no\n";

using uir::testing::lines_of;

int line_of(const std::string& text, const std::string& wanted) {
  std::vector<std::string> lines = lines_of(text);
  for (size_t k = 0; k < lines.size(); ++k)
    if (lines[k] == wanted) return static_cast<int>(k) + 1;
  return 0;
}

TEST(MakeValidTest, HeadersFollowTheFirstLineAndTheAssertLineMovesWithThem) {
  GeneratedTest made = make_valid_test(kFailingDoubler, "fuzz/1", "fuzz", 3, 99, false);
  std::vector<uir::SlotData> inputs = random_inputs({{0, uir::DType::I32, 2}}, 99);
  std::string in0 = std::to_string(inputs[0].i32(0)), in1 = std::to_string(inputs[0].i32(1));
  std::string doubled = std::to_string(2 * inputs[0].i32(0));

  std::vector<std::string> lines = lines_of(made.file_text);
  ASSERT_GE(lines.size(), 6u);
  EXPECT_EQ(lines[0], "# uirgen: hand-written");
  EXPECT_EQ(lines[1], "# expect: exit 1");
  EXPECT_EQ(lines[2], "# data 0: " + in0 + " " + in1);
  EXPECT_EQ(lines[3], "# expect 0: " + in0 + " " + doubled);
  EXPECT_EQ(lines[4], "# expect assert: 14");  // four header lines above line 10
  EXPECT_EQ(lines[5], "%b = buffer 2 dtype=i32 slot=0");
  EXPECT_EQ(line_of(made.file_text, "assert %no"), 14);

  const uirgrade::TestCase& test = made.test;
  EXPECT_EQ(test.name, "fuzz/1");
  EXPECT_EQ(test.suite, "fuzz");
  EXPECT_EQ(test.week, 3);
  EXPECT_EQ(test.mode, uirgrade::Mode::Run);
  EXPECT_EQ(test.visibility, uirgrade::Visibility::Hidden);
  EXPECT_EQ(test.expect_exit, 1);
  EXPECT_EQ(test.expect_assert_line, 14);
  EXPECT_EQ(test.expect_slots.at(0), (std::vector<std::string>{in0, doubled}));
  EXPECT_EQ(test.data.at(0).values, (std::vector<std::string>{in0, in1}));
  EXPECT_EQ(test.source, made.file_text);
  std::map<std::string, int> header_lines = {{"expect", 2}, {"data 0", 3}, {"expect 0", 4}, {"expect assert", 5}};
  EXPECT_EQ(test.header_lines, header_lines);

  // The file, run by the oracle, fails at the line its header names.
  uir::Compiled compiled = uir::compile("t.uir", made.file_text);
  ASSERT_FALSE(compiled.error);
  EXPECT_EQ(uir::run(compiled, inputs).failed_assert_line, 14);
}

TEST(MakeValidTest, TheGradersHeaderParserReadsBackTheSameTest) {
  for (bool render : {false, true}) {
    GeneratedTest made = make_valid_test(kFailingDoubler, "fuzz/2", "fuzz", 2, 5, render);
    auto parsed = uirgrade::parse_test_file("fuzz/2.uir", made.file_text, "fuzz/2", "fuzz", 2);
    ASSERT_TRUE(std::holds_alternative<uirgrade::TestCase>(parsed))
        << std::get<uirgrade::SuiteError>(parsed).message;
    const uirgrade::TestCase& back = std::get<uirgrade::TestCase>(parsed);
    EXPECT_EQ(back.mode, render ? uirgrade::Mode::Render : uirgrade::Mode::Run);
    EXPECT_EQ(back.expect_exit, made.test.expect_exit);
    EXPECT_EQ(back.expect_assert_line, made.test.expect_assert_line);
    EXPECT_EQ(back.expect_slots, made.test.expect_slots);
    ASSERT_EQ(back.data.size(), 1u);
    EXPECT_EQ(back.data.at(0).kind, uirgrade::DataSpec::Kind::Explicit);
    EXPECT_EQ(back.data.at(0).values, made.test.data.at(0).values);
    EXPECT_EQ(back.header_lines, made.test.header_lines);
  }
}

TEST(MakeValidTest, RenderTestOfAPassingProgram) {
  std::string passing = "# uirgen: hand-written\n%k = const 4\n%ok = cmpeq %k 4\nassert %ok\n";
  GeneratedTest made = make_valid_test(passing, "fuzz/3", "fuzz", 1, 1, true);
  EXPECT_EQ(made.file_text,
            "# uirgen: hand-written\n# expect: exit 0\n# render\n%k = const 4\n%ok = cmpeq %k 4\nassert %ok\n");
  EXPECT_EQ(made.test.mode, uirgrade::Mode::Render);
  EXPECT_EQ(made.test.expect_exit, 0);
  EXPECT_FALSE(made.test.expect_assert_line);
  EXPECT_TRUE(made.test.data.empty());
  EXPECT_EQ(made.test.header_lines.at("render"), 3);
}

TEST(MakeInvalidTest, NamesExitTwoAndTheRule) {
  InvalidProgram invalid;
  invalid.text = "# uirgen: hand-written\n%x = idiv 1 0\n";
  invalid.rule = uir::Rule::DivZero;
  invalid.line = 2;
  GeneratedTest made = make_invalid_test(invalid, "fuzz/4", "fuzz", 1);
  EXPECT_EQ(made.file_text, "# uirgen: hand-written\n# expect: exit 2\n# error: E-DIV-ZERO\n%x = idiv 1 0\n");
  EXPECT_EQ(made.test.expect_exit, 2);
  EXPECT_EQ(made.test.expect_error_rule, "E-DIV-ZERO");
  EXPECT_EQ(made.test.source, made.file_text);

  auto parsed = uirgrade::parse_test_file("fuzz/4.uir", made.file_text, "fuzz/4", "fuzz", 1);
  ASSERT_TRUE(std::holds_alternative<uirgrade::TestCase>(parsed));
  const uirgrade::TestCase& back = std::get<uirgrade::TestCase>(parsed);
  EXPECT_EQ(back.expect_error_rule, "E-DIV-ZERO");
  EXPECT_EQ(back.header_lines, made.test.header_lines);
  // The oracle reports the rule on the line the statement now sits on.
  uir::Compiled compiled = uir::compile("t.uir", made.file_text);
  ASSERT_TRUE(compiled.error);
  EXPECT_EQ(compiled.error->rule, uir::Rule::DivZero);
  EXPECT_EQ(compiled.error->line, 4);
}

}  // namespace
}  // namespace uirgen
