#include "grader/fuzz_minimize.h"

#include <gtest/gtest.h>

#include "generators/test_file.h"
#include "oracle/oracle.h"

namespace uirgrade {
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
  TestCase test = uirgen::make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  ASSERT_NE(test.source, kProgram);  // headers were inserted
  EXPECT_EQ(generated_program_text(test), kProgram);
}

TEST(FuzzMinimize, KeepsShrinkingWhileTheFailureLasts) {
  TestCase failing = uirgen::make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
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
  EXPECT_LT(uirgen::count_statements(program), uirgen::count_statements(kProgram)) << program;
  EXPECT_FALSE(uir::compile("shrunk.uir", program).error.has_value()) << program;
  EXPECT_EQ(smallest->name, "fuzz/1");
  EXPECT_EQ(smallest->mode, Mode::Run);
  EXPECT_GT(calls, 0);
}

TEST(FuzzMinimize, NothingSmallerFailsMeansNoShrink) {
  TestCase failing = uirgen::make_valid_test(kProgram, "fuzz/1", "fuzz", 3, 5, false).test;
  auto never = [](const TestCase&) { return false; };
  EXPECT_FALSE(minimize_generated_test(failing, never, 5, {100, 5.0}).has_value());
  TestCase invalid = failing;
  invalid.expect_exit = 2;  // invalid programs are not shrunk: the shrinker keeps programs valid
  auto always = [](const TestCase&) { return true; };
  EXPECT_FALSE(minimize_generated_test(invalid, always, 5, {100, 5.0}).has_value());
}

}  // namespace
}  // namespace uirgrade
