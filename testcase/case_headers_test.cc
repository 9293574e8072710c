// Every header form of spec §7 and every way a header makes a test file invalid.
#include <gtest/gtest.h>

#include "testcase/case_headers.h"

namespace uirgrade {
namespace {

// Two buffers: slot 0 with 4 i32, slot 2 with 3 f32.
const char* kProgram =
    "%a = buffer 4 dtype=i32 slot=0\n"
    "%f = buffer 3 dtype=f32 slot=2\n";

std::variant<TestCase, SuiteError> parse(const std::string& headers, const std::string& program = kProgram) {
  return parse_test_file("t.uir", headers + program, "week2/t", "week2", 2);
}

TestCase parse_ok(const std::string& headers, const std::string& program = kProgram) {
  auto parsed = parse(headers, program);
  if (auto* e = std::get_if<SuiteError>(&parsed)) ADD_FAILURE() << format_suite_error(*e);
  return std::holds_alternative<TestCase>(parsed) ? std::get<TestCase>(parsed) : TestCase{};
}

/// The SuiteError of an invalid file (a failure when the file is accepted).
SuiteError parse_error(const std::string& headers, const std::string& program = kProgram) {
  auto parsed = parse(headers, program);
  if (std::holds_alternative<TestCase>(parsed)) ADD_FAILURE() << "accepted:\n" << headers;
  return std::holds_alternative<SuiteError>(parsed) ? std::get<SuiteError>(parsed) : SuiteError{};
}

TEST(TestHeaders, ExpectExitCodes) {
  for (int code : {0, 1, 2}) {
    TestCase t = parse_ok("# expect: exit " + std::to_string(code) + "\n");
    EXPECT_EQ(t.expect_exit, code);
    EXPECT_EQ(t.header_lines.at("expect"), 1);
  }
  EXPECT_EQ(parse_ok("#expect:exit 0\n").expect_exit, 0) << "blanks after # and : are optional";
}

TEST(TestHeaders, NamesAndPathAreKept) {
  TestCase t = parse_ok("# expect: exit 0\n");
  EXPECT_EQ(t.name, "week2/t");
  EXPECT_EQ(t.suite, "week2");
  EXPECT_EQ(t.week, 2);
  EXPECT_EQ(t.path, "t.uir");
  EXPECT_EQ(t.source, std::string("# expect: exit 0\n") + kProgram);
  EXPECT_EQ(t.mode, Mode::Run);
}

TEST(TestHeaders, EveryDataForm) {
  TestCase t = parse_ok(
      "# expect: exit 0\n"
      "# data 0: 1 -2 3 4\n"
      "# data 2: random -0.5..2.5\n");
  EXPECT_EQ(t.data.at(0).kind, DataSpec::Kind::Explicit);
  EXPECT_EQ(t.data.at(0).values, (std::vector<std::string>{"1", "-2", "3", "4"}));
  EXPECT_EQ(t.data.at(0).line, 2);
  EXPECT_EQ(t.data.at(2).kind, DataSpec::Kind::RandomRange);
  EXPECT_EQ(t.data.at(2).lo, -0.5);
  EXPECT_EQ(t.data.at(2).hi, 2.5);
  EXPECT_EQ(parse_ok("# expect: exit 0\n# data 0: random\n").data.at(0).kind, DataSpec::Kind::Random);
  EXPECT_EQ(parse_ok("# expect: exit 0\n# data 0: zeros\n").data.at(0).kind, DataSpec::Kind::Zeros);
  EXPECT_EQ(parse_ok("# expect: exit 0\n# data 2: iota\n").data.at(2).kind, DataSpec::Kind::Iota);
  TestCase r = parse_ok("# expect: exit 0\n# data 0: random -5..5\n");
  EXPECT_EQ(r.data.at(0).lo, -5);
  EXPECT_EQ(r.data.at(0).hi, 5);
}

TEST(TestHeaders, ExpectContentsCheckAssertErrorRender) {
  TestCase t = parse_ok(
      "# expect: exit 1\n"
      "# expect assert: 13\n"
      "# expect 2: 0.5 nan -inf\n"
      "# check: 2 0\n"
      "# render: loops=3\n");
  EXPECT_EQ(t.expect_assert_line, 13);
  EXPECT_EQ(t.expect_slots.at(2), (std::vector<std::string>{"0.5", "nan", "-inf"}));
  EXPECT_EQ(t.check_slots, (std::vector<int>{2, 0}));
  EXPECT_EQ(t.mode, Mode::Render);
  EXPECT_EQ(t.render_loops, 3);
  EXPECT_EQ(t.header_lines.at("expect 2"), 3);
  EXPECT_EQ(t.header_lines.at("render"), 5);

  TestCase e = parse_ok("# expect: exit 2\n# error: E-END-UNUSED\n");
  EXPECT_EQ(e.expect_error_rule, "E-END-UNUSED");
  TestCase r = parse_ok("# expect: exit 0\n# render\n");
  EXPECT_EQ(r.mode, Mode::Render);
  EXPECT_FALSE(r.render_loops);
}

TEST(TestHeaders, RenderWorkAloneOrWithLoops) {
  TestCase w = parse_ok("# expect: exit 0\n# render: work\n");
  EXPECT_EQ(w.mode, Mode::Render);
  EXPECT_TRUE(w.render_work);
  EXPECT_FALSE(w.render_loops);
  for (const char* header : {"# render: loops=3 work\n", "# render: work loops=3\n"}) {
    TestCase both = parse_ok(std::string("# expect: exit 0\n") + header);
    EXPECT_TRUE(both.render_work) << header;
    EXPECT_EQ(both.render_loops, 3) << header;
  }
  EXPECT_FALSE(parse_ok("# expect: exit 0\n# render: loops=2\n").render_work);
  EXPECT_FALSE(parse_ok("# expect: exit 0\n# render\n").render_work);
}

TEST(TestHeaders, MisspeltRenderOptionsAreNamed) {
  // A misspelling of `work` would silently drop the measurement: it is an error that names the fix.
  for (const char* header : {"# render: wrok\n", "# render: works\n", "# render: Work\n", "# render: loops=3 wrk\n"}) {
    SuiteError e = parse_error(std::string("# expect: exit 0\n") + header);
    EXPECT_EQ(e.line, 2) << header;
    EXPECT_NE(e.message.find("did you mean 'work'"), std::string::npos) << e.message;
  }
  SuiteError loop = parse_error("# expect: exit 0\n# render: loop=3 work\n");
  EXPECT_NE(loop.message.find("did you mean 'loops=N'"), std::string::npos) << loop.message;
  EXPECT_NE(parse_error("# expect: exit 0\n# render: work work\n").message.find("twice"), std::string::npos);
  EXPECT_NE(parse_error("# expect: exit 0\n# render: loops=1 loops=2\n").message.find("twice"), std::string::npos);
  SuiteError other = parse_error("# expect: exit 0\n# render: fast\n");
  EXPECT_NE(other.message.find("'render: work'"), std::string::npos) << other.message;
  EXPECT_EQ(parse_error("# expect: exit 2\n# render: work\n").line, 2);  // an invalid program runs no kernel
}

TEST(TestHeaders, FreeTextCommentsAreNotHeaders) {
  TestCase t = parse_ok(
      "# A comment that mentions expect and data.\n"
      "# expected output below; rendered C too\n"
      "# expect: exit 0\n"
      "# checking, erroring and rendering are words, not headers\n");
  EXPECT_EQ(t.header_lines.size(), 1u);
  EXPECT_EQ(t.header_lines.at("expect"), 3);
}

TEST(TestHeaders, HeadersEndAtTheFirstStatement) {
  // The `# expect: exit 1` after the first statement is a plain comment, not a repeat.
  TestCase t = parse_ok("# expect: exit 0\n", std::string(kProgram) + "# expect: exit 1\n");
  EXPECT_EQ(t.expect_exit, 0);
}

TEST(TestHeaders, MissingExpectIsAnError) {
  SuiteError e = parse_error("# data 0: zeros\n");
  EXPECT_EQ(e.file, "t.uir");
  EXPECT_NE(e.message.find("expect: exit"), std::string::npos) << e.message;
}

TEST(TestHeaders, UnknownOrMalformedHeaders) {
  struct Case {
    std::string header;
    int line;
  };
  for (const Case& c : std::vector<Case>{
           {"# expect: exit 3\n", 2},       // no such exit code
           {"# expect: 0\n", 2},            // missing "exit"
           {"# expect out: 1 2\n", 2},      // neither a slot nor `assert`
           {"# data: zeros\n", 2},          // data needs a slot
           {"# data 0: random 5\n", 2},     // not LO..HI
           {"# data 0: random 5..1\n", 2},  // LO above HI
           {"# data 0: zeros 3\n", 2},      // zeros takes nothing
           {"# error: E-NOPE\n", 2},        // not a rule of spec §8
           {"# check:\n", 2},               // no slots
           {"# check: 0 0\n", 2},           // a slot twice
           {"# check 0: 1\n", 2},           // check takes no slot token
           {"# render: loops=x\n", 2},      // not a number
           {"# render: 3\n", 2},            // not loops=N
           {"# expect assert: 0\n", 2},     // lines count from 1
       }) {
    SuiteError e = parse_error("# expect: exit 0\n" + c.header);
    EXPECT_EQ(e.line, c.line) << c.header << e.message;
  }
}

TEST(TestHeaders, RepeatedHeaders) {
  SuiteError e = parse_error("# expect: exit 0\n# expect 1: 0 0 0\n# expect 01: 0 0 0\n",
                             "%a = buffer 3 dtype=i32 slot=1\n");
  EXPECT_EQ(e.line, 3);
  EXPECT_NE(e.message.find("line 2"), std::string::npos) << e.message;
  EXPECT_EQ(parse_error("# expect: exit 0\n# render\n# render: loops=1\n").line, 3);
  EXPECT_EQ(parse_error("# expect: exit 0\n# expect: exit 0\n").line, 2);
  EXPECT_EQ(parse_error("# expect: exit 0\n# data 0: zeros\n# data 00: iota\n").line, 3);
}

TEST(TestHeaders, SlotsMustBeBuffersOfTheProgram) {
  for (const char* header : {"# data 1: zeros\n", "# expect 5: 1\n", "# check: 0 7\n"}) {
    SuiteError e = parse_error(std::string("# expect: exit 0\n") + header);
    EXPECT_EQ(e.line, 2) << header;
    EXPECT_NE(e.message.find("no buffer"), std::string::npos) << e.message;
  }
}

TEST(TestHeaders, ValueCountsMustMatchTheBuffer) {
  EXPECT_EQ(parse_error("# expect: exit 0\n# data 0: 1 2 3\n").line, 2);        // 3 of 4
  EXPECT_EQ(parse_error("# expect: exit 0\n# data 2: 1 2 3 4\n").line, 2);      // 4 of 3
  EXPECT_EQ(parse_error("# expect: exit 0\n# expect 0: 1 2 3 4 5\n").line, 2);  // 5 of 4
}

TEST(TestHeaders, ValuesMustBeOfTheSlotsDtype) {
  EXPECT_EQ(parse_error("# expect: exit 0\n# data 0: 1 2 3 4.5\n").line, 2);         // f32 in i32
  EXPECT_EQ(parse_error("# expect: exit 0\n# data 0: 1 2 3 2147483648\n").line, 2);  // beyond i32
  EXPECT_EQ(parse_error("# expect: exit 0\n# expect 2: 1 x 3\n").line, 2);           // not a number
  EXPECT_EQ(parse_error("# expect: exit 0\n# data 0: random -1.5..2\n").line, 2);    // i32 range
  // What strtof reads is an f32 value (spec §6.1).
  parse_ok("# expect: exit 0\n# data 2: 1 -0.5e-3 inf\n# expect 2: nan 1e3 -inf\n");
}

TEST(TestHeaders, SizesComputedByTheProgramAreCheckedWhenDataIsMade) {
  // The loader cannot know the size of `buffer %n`; make_input_data checks it (case_data_test.cc).
  TestCase t =
      parse_ok("# expect: exit 0\n# data 0: 1 2\n", "%n = add 1 2\n%a = buffer %n dtype=i32 slot=0\n");
  EXPECT_EQ(t.data.at(0).values.size(), 2u);
}

TEST(TestHeaders, HeadersThatDoNotFitTheExitCode) {
  EXPECT_EQ(parse_error("# expect: exit 0\n# expect assert: 3\n").line, 2);
  EXPECT_EQ(parse_error("# expect: exit 1\n# error: E-TYPE\n").line, 2);
  EXPECT_EQ(parse_error("# expect: exit 2\n# data 0: zeros\n").line, 2);
  EXPECT_EQ(parse_error("# expect: exit 2\n# render: loops=1\n").line, 2);
  // An invalid program may be a render test: `render` must then exit 2 too (spec §6.2).
  EXPECT_EQ(parse_ok("# expect: exit 2\n# render\n# error: E-TYPE\n").mode, Mode::Render);
}

TEST(TestHeaders, CrlfLineEnds) {
  TestCase t = parse_ok("# expect: exit 1\r\n# expect assert: 4\r\n", "%a = buffer 4 dtype=i32 slot=0\r\n");
  EXPECT_EQ(t.expect_exit, 1);
  EXPECT_EQ(t.expect_assert_line, 4);
}

}  // namespace
}  // namespace uirgrade
