// Causes from the messages the engine writes (grade.cc, judge.cc): the same kind of failure is one
// cause whatever its values, and different kinds stay apart.
#include "reports/report_digest.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TestResult failed(Verdict verdict, std::string message, std::string name = "week3/t") {
  TestResult result;
  result.name = std::move(name);
  result.suite = result.name.substr(0, result.name.find('/'));
  result.verdict = verdict;
  result.message = std::move(message);
  return result;
}

TEST(ReportDigest, CauseIsTheKindOfFailureWithoutItsParticulars) {
  EXPECT_EQ(cause_of(failed(Verdict::WrongExit, "uirc run prog.uir: exit 1 (stderr: prog.uir:3: assert failed); the oracle: exit 0")),
            "wrong-exit: exit 1 where the oracle exits 0");
  EXPECT_EQ(cause_of(failed(Verdict::WrongExit, "uirc run prog.uir: exit 0; the oracle: exit 2 (E-BOUNDS at line 4)")),
            "wrong-exit: exit 0 where the oracle exits 2");
  EXPECT_EQ(cause_of(failed(Verdict::WrongExit, "exit 2 as expected, but the wrong rule: you report E-TYPE at line 2")),
            "wrong-exit: exit 2, but the wrong error rule");
  EXPECT_EQ(cause_of(failed(Verdict::WrongBuffer, "uirc run prog.uir: wrong buffer: slot 0: 1 of 4 values differ")),
            cause_of(failed(Verdict::WrongBuffer, "the rendered kernel: wrong buffer: slot 3: 4 of 4 values differ")));
  EXPECT_NE(cause_of(failed(Verdict::WrongBuffer, "uirc run prog.uir: the failing assert that comes first in the file is at line 3, not 5")),
            cause_of(failed(Verdict::WrongBuffer, "uirc run prog.uir: wrong buffer: slot 0")));
  EXPECT_EQ(cause_of(failed(Verdict::Crash, "uirc run prog.uir crashed: SIGSEGV (Segmentation fault)")), "crash: SIGSEGV");
  EXPECT_EQ(cause_of(failed(Verdict::Crash, "uirc run prog.uir exited with status 7 (the contract allows 0, 1, 2)")),
            "crash: an exit status outside the contract");
  EXPECT_EQ(cause_of(failed(Verdict::ForbiddenConstruct, "the rendered C has 0 `for` statements; the test asks for exactly 1")),
            "forbidden-construct: the wrong number of `for` loops");
}

TEST(ReportDigest, GroupsTestsNotResults) {
  std::vector<TestResult> results = {
      failed(Verdict::WrongBuffer, "wrong buffer: slot 0", "fuzz/2"),
      failed(Verdict::WrongBuffer, "wrong buffer: slot 0", "week3/a"),
      failed(Verdict::WrongBuffer, "wrong buffer: slot 1", "week3/a"),
      failed(Verdict::Pass, "", "week3/b"),
      failed(Verdict::Timeout, "did not finish", "week3/c"),
  };
  results[1].mode = Mode::Run;
  results[2].mode = Mode::Render;
  std::vector<Cause> causes = group_by_cause(results);
  ASSERT_EQ(causes.size(), 2u);
  ASSERT_EQ(causes[0].tests.size(), 2u);
  EXPECT_EQ(causes[0].tests[0].first().name, "week3/a") << "hand-written first";
  EXPECT_EQ(causes[0].tests[0].results.size(), 2u) << "run and render of one test: one entry";
  EXPECT_TRUE(causes[0].tests[1].generated);
  EXPECT_EQ(causes[0].generated(), 1);
  EXPECT_EQ(causes[1].label, "timeout: did not finish in time");
}

TEST(ReportDigest, OnlyVisibleTestsAreShownToStudents) {
  TestResult result = failed(Verdict::WrongBuffer, "x");
  EXPECT_TRUE(student_may_see(result));
  result.visibility = Visibility::AfterDueDate;
  EXPECT_FALSE(student_may_see(result));
  result.visibility = Visibility::Hidden;
  EXPECT_FALSE(student_may_see(result));
}

}  // namespace
}  // namespace uirgrade
