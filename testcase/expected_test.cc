// The oracle's side of a test, computed without any student: the outputs below are worked out by
// hand from the spec (§1's squares example, §3's first failing assert, §5's E-UNDEFINED).
#include "testcase/expected.h"

#include <gtest/gtest.h>

#include "testcase/case_testing.h"

namespace uirgrade {
namespace {

TestCase test_of(const char* source) { return test_case_fixture::week3_test_on_zeros("week3/t", source); }

TEST(GraderExpected, ValidProgramRunsWithTheTestsData) {
  auto computed = compute_expected(test_of("%b  = buffer 4 dtype=i32 slot=0\n"
                                           "%i  = range 4\n"
                                           "%sq = mul %i %i\n"
                                           "%v  = shrink %b %i shape=[]\n"
                                           "%s  = store %v %sq\n"
                                           "%e  = end %s %i\n"
                                           "%b1 = after %b %e\n"),
                                   7);
  ASSERT_TRUE(std::holds_alternative<Expected>(computed));
  const Expected& expected = std::get<Expected>(computed);
  EXPECT_EQ(expected.exit_code, 0);
  EXPECT_EQ(expected.input_text, "0: 0 0 0 0\n");
  EXPECT_EQ(uir::format_slot_data(expected.run.buffers), "0: 0 1 4 9\n");
  EXPECT_EQ(expected.describe(), "exit 0");
  EXPECT_EQ(expected.rule(), "");
}

TEST(GraderExpected, FailingAssertAndInvalidProgram) {
  auto asserts = compute_expected(test_of("%a = const 1\n%ok = cmpeq %a 1\n%bad = cmpeq %a 2\n"
                                          "assert %bad\nassert %ok\nassert %bad\n"),
                                  7);
  ASSERT_TRUE(std::holds_alternative<Expected>(asserts));
  EXPECT_EQ(std::get<Expected>(asserts).describe(), "exit 1 (the assert at line 4 fails)");

  auto invalid = compute_expected(test_of("%a = const 1\n%b = add %nope %a\n"), 7);
  ASSERT_TRUE(std::holds_alternative<Expected>(invalid));
  EXPECT_EQ(std::get<Expected>(invalid).exit_code, 2);
  EXPECT_EQ(std::get<Expected>(invalid).describe(), "exit 2 (E-UNDEFINED at line 2)");
}

TEST(GraderExpected, DataTheSuiteCannotMakeIsAMessage) {
  TestCase test = test_of("%b = buffer 4 dtype=i32 slot=0\n");
  test.data[0] = DataSpec{DataSpec::Kind::Explicit, {"1", "2"}, 0, 0, 3};  // 2 values for 4 elements
  auto computed = compute_expected(test, 7);
  ASSERT_TRUE(std::holds_alternative<std::string>(computed));
  EXPECT_NE(std::get<std::string>(computed).find(":3: suite error: data 0 has 2 values"), std::string::npos) << std::get<std::string>(computed);
}

}  // namespace
}  // namespace uirgrade
