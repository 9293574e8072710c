// The one judge of spec §6.3 (testcase/judge.h), which the grader and the mutants' grading both ask:
// each of its checks in order, with the oracle's outcome computed for real. These are the cases where
// the two judges it replaced could have disagreed (grader/verdict.cc's and mutation/'s own, once kept
// in step by MutantGradingAgainstTheEngine): a refusal of a valid program, a valid C for an invalid
// one, a rule that decides only when the test names it, a wrong line that does not decide, the
// output's form, unchecked slots, the tolerance, and the first failing assert's line.
#include "testcase/judge.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

const char* kIota = "%b = buffer 3 dtype=i32 slot=0\n%i = range 3\n%v = shrink %b %i shape=[]\n"
                    "%s = store %v %i\n%e = end %s %i\n%b1 = after %b %e\n";  // 0: 0 1 2
const char* kTwoSlots = "%b = buffer 2 dtype=i32 slot=0\n%c = buffer 1 dtype=f32 slot=1\n";  // zeros
const char* kAssert = "%a = const 1\n%no = cmpeq %a 2\nassert %no\n";  // line 3 fails
const char* kUndefined = "%a = const 1\n%b = add %nope %a\n";          // E-UNDEFINED at line 2

struct Case {
  TestCase test;
  Expected expected;
};

Case make(const char* source, std::optional<std::string> expect_rule = {}) {
  Case c;
  c.test.source = source;
  c.test.data[0] = DataSpec{DataSpec::Kind::Zeros, {}, 0, 0, 0};
  c.test.data[1] = DataSpec{DataSpec::Kind::Zeros, {}, 0, 0, 0};
  c.test.expect_error_rule = std::move(expect_rule);
  c.expected = std::get<Expected>(compute_expected(c.test, 1));
  return c;
}

OutcomeJudgement judge(const Case& c, int exit_code, std::string_view out, std::string_view err = "") {
  return judge_outcome(c.test, c.expected, {exit_code, out, err});
}

TEST(Judge, TheOraclesOwnOutcomePasses) {
  Case iota = make(kIota);
  EXPECT_TRUE(judge(iota, 0, "0: 0 1 2\n").passes());
  Case assert_fails = make(kAssert);
  EXPECT_TRUE(judge(assert_fails, 1, "", "prog.uir:3: assert failed\n").passes());
  Case undefined = make(kUndefined);
  OutcomeJudgement refused = judge(undefined, 2, "", "prog.uir:2: error: E-UNDEFINED: %nope\n");
  EXPECT_TRUE(refused.passes());
  EXPECT_FALSE(refused.error_differs(undefined.expected));
}

TEST(Judge, TheExitCodeComesFirst) {
  Case iota = make(kIota);
  // Right buffers, wrong exit: still the exit.
  EXPECT_EQ(judge(iota, 1, "0: 0 1 2\n", "prog.uir:1: assert failed\n").mismatch, Mismatch::ExitCode);
  // A valid program refused (a mutant that deadlocks), and an invalid one compiled (exit 0 with C).
  EXPECT_EQ(judge(iota, 2, "", "prog.uir:1: error: E-NEST: x\n").mismatch, Mismatch::ExitCode);
  Case undefined = make(kUndefined, "E-UNDEFINED");
  EXPECT_EQ(judge(undefined, 0, "").mismatch, Mismatch::ExitCode);
  // An exit the contract does not allow (a mutant's crash is 86, its endless loop 124).
  EXPECT_EQ(judge(iota, 86, "0: 0 1 2\n").mismatch, Mismatch::ExitCode);
  EXPECT_EQ(judge(iota, 124, "").mismatch, Mismatch::ExitCode);
}

TEST(Judge, TheRuleDecidesOnlyWhenTheTestNamesIt) {
  const char* wrong_rule = "prog.uir:2: error: E-BOUNDS: nope\n";
  Case unnamed = make(kUndefined);
  OutcomeJudgement feedback = judge(unnamed, 2, "", wrong_rule);
  EXPECT_TRUE(feedback.passes());
  ASSERT_TRUE(feedback.reported);
  EXPECT_EQ(feedback.reported->rule, "E-BOUNDS");
  EXPECT_TRUE(feedback.error_differs(unnamed.expected));
  // No error line at all: passes when the test names no rule, fails when it does.
  EXPECT_TRUE(judge(unnamed, 2, "", "").passes());
  EXPECT_TRUE(judge(unnamed, 2, "", "").error_differs(unnamed.expected));

  Case named = make(kUndefined, "E-UNDEFINED");
  EXPECT_EQ(judge(named, 2, "", wrong_rule).mismatch, Mismatch::ErrorRule);
  EXPECT_EQ(judge(named, 2, "", "").mismatch, Mismatch::ErrorRule);
  // The right rule at another line: feedback, never a failure.
  OutcomeJudgement other_line = judge(named, 2, "", "prog.uir:1: error: E-UNDEFINED: x\n");
  EXPECT_TRUE(other_line.passes());
  EXPECT_TRUE(other_line.error_differs(named.expected));
}

TEST(Judge, TheOutputsFormBeforeItsValues) {
  Case iota = make(kIota);
  OutcomeJudgement malformed = judge(iota, 0, "zero: 0 1 2\n");
  EXPECT_EQ(malformed.mismatch, Mismatch::MalformedOutput);
  EXPECT_FALSE(malformed.difference.message.empty());
  EXPECT_EQ(judge(iota, 0, "").mismatch, Mismatch::MalformedOutput);
  EXPECT_EQ(judge(iota, 0, "0: 0 1\n").mismatch, Mismatch::MalformedOutput);  // one value short
}

TEST(Judge, CheckedSlotsWithTheTestsTolerance) {
  Case iota = make(kIota);
  OutcomeJudgement wrong = judge(iota, 0, "0: 0 1 3\n");
  EXPECT_EQ(wrong.mismatch, Mismatch::Buffer);
  EXPECT_EQ(wrong.difference.slot, 0);

  Case two = make(kTwoSlots);
  EXPECT_TRUE(judge(two, 0, "0: 0 0\n1: 0\n").passes());
  EXPECT_EQ(judge(two, 0, "0: 0 0\n1: 1\n").mismatch, Mismatch::Buffer);
  EXPECT_EQ(judge(two, 0, "0: 0 0\n1: 1\n").difference.slot, 1);
  // `# check: 0`: slot 1 is not looked at (but still parsed).
  two.test.check_slots = std::vector<int>{0};
  EXPECT_TRUE(judge(two, 0, "0: 0 0\n1: 1\n").passes());
  EXPECT_EQ(judge(two, 0, "0: 0 0\n1: one\n").mismatch, Mismatch::MalformedOutput);
  // The f32 slot within the test's tolerance (the oracle's 0: only atol counts).
  two.test.check_slots.reset();
  EXPECT_TRUE(judge(two, 0, "0: 0 0\n1: 5e-07\n").passes());
  two.test.tolerance = Tolerance{0.0, 1e-3};
  EXPECT_TRUE(judge(two, 0, "0: 0 0\n1: 0.0005\n").passes());
  EXPECT_EQ(judge(two, 0, "0: 0 0\n1: 0.002\n").mismatch, Mismatch::Buffer);
}

TEST(Judge, TheFailingAssertMustBeTheFirstInTheFile) {
  Case assert_fails = make(kAssert);
  OutcomeJudgement other_line = judge(assert_fails, 1, "", "prog.uir:2: assert failed\n");
  EXPECT_EQ(other_line.mismatch, Mismatch::AssertLine);
  EXPECT_EQ(other_line.assert_line, 2);
  OutcomeJudgement no_line = judge(assert_fails, 1, "", "assertion failed somewhere\n");
  EXPECT_EQ(no_line.mismatch, Mismatch::AssertLine);
  EXPECT_FALSE(no_line.assert_line);
  // The buffers come before the assert's line.
  Case iota = make(kIota);
  EXPECT_EQ(judge(iota, 0, "0: 0 1 3\n", "prog.uir:9: assert failed\n").mismatch, Mismatch::Buffer);
}

}  // namespace
}  // namespace uirgrade
