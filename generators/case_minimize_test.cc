#include "generators/case_minimize.h"

#include <gtest/gtest.h>

#include "generators/case_file.h"
#include "oracle/oracle.h"

namespace uirgen {

using uirgrade::DataSpec;
using uirgrade::Mode;
using uirgrade::TestCase;
using uirgrade::Tolerance;

namespace {

// A generated-looking program: the generator's first line, then statements.
const std::string kProgram =
    "# uirgen: week=3 seed=7 size=10\n"
    "%b = buffer 4 dtype=i32 slot=0\n"
    "%c = buffer 4 dtype=i32 slot=1\n"
    "%i = range 4\n"
    "%v = shrink %b %i shape=[]\n"
    "%x = load %v\n"
    "%y = mul %x 3\n"
    "%w = shrink %c %i shape=[]\n"
    "%s = store %w %y\n"
    "%e = end %s %i\n"
    "%c1 = after %c %e\n";

TEST(FuzzMinimize, ProgramTextIsTheTestWithoutItsHeaders) {
  TestCase test = make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  ASSERT_NE(test.source, kProgram);  // headers were inserted
  EXPECT_EQ(generated_program_text(test), kProgram);
}

TEST(FuzzMinimize, KeepsMinimizingWhileTheFailureLasts) {
  TestCase failing = make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  // A "student" that fails whenever a program multiplies: the smallest failing program still
  // multiplies, is valid, and is smaller than the original.
  int calls = 0;
  auto still_fails = [&](const TestCase& candidate) {
    ++calls;
    return generated_program_text(candidate).find(" mul ") != std::string::npos;
  };
  std::optional<TestCase> smallest = minimize_generated_test(failing, still_fails, 5, {200, 10.0});
  ASSERT_TRUE(smallest.has_value());
  std::string program = generated_program_text(*smallest);
  EXPECT_NE(program.find(" mul "), std::string::npos) << program;
  EXPECT_LT(count_statements(program), count_statements(kProgram)) << program;
  EXPECT_FALSE(uir::compile("minimized.uir", program).error.has_value()) << program;
  EXPECT_EQ(smallest->name, "fuzz/1");
  EXPECT_EQ(smallest->mode, Mode::Run);
  EXPECT_GT(calls, 0);
}

TEST(FuzzMinimize, CandidatesAreJudgedWithTheFailingTestsToleranceAndTimeout) {
  // A test compared exactly (as a kill suite's are): the student's answer differs from the
  // oracle's by less than the default tolerance, so a candidate made with the default would pass.
  TestCase failing = make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  failing.tolerance = Tolerance{0, 0};
  failing.timeout_seconds = 3.5;
  int judged_otherwise = 0;
  auto still_fails = [&](const TestCase& candidate) {
    judged_otherwise += candidate.tolerance.rtol != 0 || candidate.tolerance.atol != 0 ||
                        candidate.timeout_seconds != std::optional<double>(3.5);
    return generated_program_text(candidate).find(" mul ") != std::string::npos;
  };
  std::optional<TestCase> smallest = minimize_generated_test(failing, still_fails, 5, {200, 10.0});
  ASSERT_TRUE(smallest.has_value());
  EXPECT_EQ(judged_otherwise, 0);
  EXPECT_EQ(smallest->tolerance.rtol, 0);
  EXPECT_EQ(smallest->timeout_seconds, std::optional<double>(3.5));
}

TEST(FuzzMinimize, NothingSmallerFailsMeansNoMinimizedTest) {
  TestCase failing = make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  auto never = [](const TestCase&) { return false; };
  EXPECT_FALSE(minimize_generated_test(failing, never, 5, {100, 5.0}).has_value());
}

TEST(FuzzMinimize, CandidatesKeepTheFailingTestsData) {
  // The failure needs the data the test was made with (seed 5), and the minimiser is given
  // another seed (99): a candidate that got fresh data from the seed would not fail.
  TestCase failing = make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  ASSERT_EQ(failing.data.at(0).kind, DataSpec::Kind::Explicit);
  const std::vector<std::string> data = failing.data.at(0).values;
  ASSERT_NE(data, make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 99, false).test.data.at(0).values);
  auto still_fails = [&](const TestCase& candidate) {
    auto it = candidate.data.find(0);
    return it != candidate.data.end() && it->second.values == data;
  };
  std::optional<TestCase> smallest = minimize_generated_test(failing, still_fails, 99, {200, 10.0});
  ASSERT_TRUE(smallest.has_value());
  EXPECT_EQ(smallest->data.at(0).values, data);
  EXPECT_LT(count_statements(generated_program_text(*smallest)), count_statements(kProgram));
}

TEST(FuzzMinimize, AnInvalidTestMinimizesToAnInvalidTestOfTheSameRule) {
  const std::string program = kProgram + "%d = idiv 7 %x\n";  // %x may be 0: E-DIV-ZERO
  uir::Compiled compiled = uir::compile("p.uir", program);
  ASSERT_TRUE(compiled.error.has_value());
  InvalidProgram invalid{program, -1, compiled.error->rule, compiled.error->line};
  TestCase failing = make_invalid_test(invalid, "fuzz/21", "fuzz", 3).test;
  ASSERT_EQ(failing.expect_error_rule, "E-DIV-ZERO");
  auto mentions_idiv = [](const TestCase& candidate) {
    return generated_program_text(candidate).find(" idiv ") != std::string::npos;
  };
  std::optional<TestCase> smallest = minimize_generated_test(failing, mentions_idiv, 5, {200, 10.0});
  ASSERT_TRUE(smallest.has_value());
  EXPECT_EQ(smallest->expect_exit, 2);
  EXPECT_EQ(smallest->expect_error_rule, "E-DIV-ZERO");
  std::string text = generated_program_text(*smallest);
  EXPECT_EQ(uir::compile("s.uir", text).error->rule, uir::Rule::DivZero) << text;
  EXPECT_LE(count_statements(text), 4) << text;
  // Issue 25: a program `grade` minimised said "# minimised by uirgen".
  std::optional<TestCase> by_grade = minimize_generated_test(failing, mentions_idiv, 5, {200, 10.0}, nullptr, "grade");
  ASSERT_TRUE(by_grade.has_value());
  EXPECT_NE(by_grade->source.find("# minimised by grade\n"), std::string::npos) << by_grade->source;
  EXPECT_EQ(by_grade->source.find("uirgen"), std::string::npos) << by_grade->source;
}

}  // namespace
}  // namespace uirgen
