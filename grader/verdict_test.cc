// The comparison of spec §6.3 on processes that exited 0, 1 or 2, with the oracle's outcome computed
// for real; each case is the first check in the order that fails.
#include "grader/verdict.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

ProcessResult exited(int code, std::string out, std::string err = "") {
  ProcessResult result;
  result.started = result.exited = true;
  result.exit_code = code;
  result.out = std::move(out);
  result.err = std::move(err);
  return result;
}

struct Graded {
  std::optional<Judgement> judgement;
  std::string note;
};

Graded judge(const char* source, const ProcessResult& result, std::optional<std::string> expect_rule = {}) {
  TestCase test;
  test.source = source;
  test.data[0] = DataSpec{DataSpec::Kind::Zeros, {}, 0, 0, 0};
  test.expect_error_rule = expect_rule;
  Expected expected = std::get<Expected>(compute_expected(test, 1));
  Graded graded;
  graded.judgement = compare_outcome(test, expected, result, "student-uirc run prog.uir", &graded.note);
  return graded;
}

const char* kIota = "%b = buffer 3 dtype=i32 slot=0\n%i = range 3\n%v = shrink %b %i shape=[]\n"
                    "%s = store %v %i\n%e = end %s %i\n%b1 = after %b %e\n";  // 0: 0 1 2
const char* kAssert = "%a = const 1\n%no = cmpeq %a 2\nassert %no\n";  // line 3 fails
const char* kUndefined = "%a = const 1\n%b = add %nope %a\n";          // E-UNDEFINED at line 2

TEST(GraderVerdict, PassAndEachFailureInOrder) {
  EXPECT_FALSE(judge(kIota, exited(0, "0: 0 1 2\n")).judgement);

  auto wrong_exit = judge(kIota, exited(1, "0: 0 1 2\n", "boom\n")).judgement;
  ASSERT_TRUE(wrong_exit);
  EXPECT_EQ(wrong_exit->verdict, Verdict::WrongExit);
  EXPECT_EQ(wrong_exit->message, "student-uirc run prog.uir: exit 1 (stderr: boom); the oracle: exit 0");

  // Nothing on stderr: what it said on stdout (a JVM says there why it could not start).
  auto silent_exit = judge(kIota, exited(1, "Error occurred during initialization of VM\nCould not reserve\n")).judgement;
  ASSERT_TRUE(silent_exit);
  EXPECT_EQ(silent_exit->message,
            "student-uirc run prog.uir: exit 1 (stdout: Error occurred during initialization of VM | Could not "
            "reserve); the oracle: exit 0");

  auto malformed = judge(kIota, exited(0, "zero: 0 1 2\n")).judgement;
  ASSERT_TRUE(malformed);
  EXPECT_EQ(malformed->verdict, Verdict::MalformedOutput);
  EXPECT_EQ(malformed->message.find("stderr"), std::string::npos) << malformed->message;
  auto malformed_saying = judge(kIota, exited(0, "zero: 0 1 2\n", "warning: slot names are mine\n")).judgement;
  ASSERT_TRUE(malformed_saying);
  EXPECT_NE(malformed_saying->message.find("(stderr: warning: slot names are mine)"), std::string::npos)
      << malformed_saying->message;

  auto wrong = judge(kIota, exited(0, "0: 0 1 3\n")).judgement;
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->verdict, Verdict::WrongBuffer);
  EXPECT_EQ(wrong->wrong_slot, 0);  // the failure context explains this slot's placement
}

TEST(GraderVerdict, FailingAssertMustBeTheFirstInTheFile) {
  EXPECT_FALSE(judge(kAssert, exited(1, "", "prog.uir:3: assert failed\n")).judgement);
  auto other_line = judge(kAssert, exited(1, "", "prog.uir:2: assert failed\n")).judgement;
  ASSERT_TRUE(other_line);
  EXPECT_NE(other_line->message.find("at line 3, not 2"), std::string::npos) << other_line->message;
  EXPECT_FALSE(other_line->wrong_slot);  // a wrong assert line is a WrongBuffer with no slot to name
}

TEST(GraderVerdict, ErrorRuleDecidesOnlyWhenTheTestNamesIt) {
  const char* wrong_rule = "prog.uir:2: error: E-BOUNDS: nope\n";
  Graded feedback = judge(kUndefined, exited(2, "", wrong_rule));
  EXPECT_FALSE(feedback.judgement);
  EXPECT_EQ(feedback.note, "you report E-BOUNDS at line 2; the oracle reports E-UNDEFINED at line 2");
  Graded decided = judge(kUndefined, exited(2, "", wrong_rule), "E-UNDEFINED");
  ASSERT_TRUE(decided.judgement);
  EXPECT_EQ(decided.judgement->verdict, Verdict::WrongExit);
  EXPECT_TRUE(judge(kUndefined, exited(2, "", "prog.uir:2: error: E-UNDEFINED: x\n")).note.empty());
}

}  // namespace
}  // namespace uirgrade
