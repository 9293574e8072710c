// Causes from the messages the engine writes (grade.cc, judge.cc): the same kind of failure is one
// cause whatever its values, and different kinds stay apart.
#include "reports/report_digest.h"

#include <gtest/gtest.h>

#include <variant>

#include "reports/json_reader.h"
#include "reports/report.h"
#include "reports/report_testing.h"

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

// A compiler that fails alike on every test is one cause, named by its own words, whatever verdicts
// its failures got (a JVM that cannot start exits 1: a wrong exit where the oracle exits 0, malformed
// output where the oracle exits 1 too).
TEST(ReportDigest, ACompilerThatFailsAlikeOnEveryTestDidNotStart) {
  const std::string words = "stdout: Error occurred during initialization of VM | Could not allocate compressed class space";
  std::vector<TestResult> results = {
      failed(Verdict::WrongExit, "uirc run prog.uir: exit 1; the oracle: exit 0", "week3/a"),
      failed(Verdict::MalformedOutput, "uirc run prog.uir: malformed output: line 1", "week3/b"),
      failed(Verdict::WrongExit, "uirc run prog.uir: exit 1; the oracle: exit 2", "fuzz/1"),
  };
  for (TestResult& result : results) result.student_said = words;
  const std::string label = "your compiler did not start: " + words + " (the same on every test)";
  EXPECT_EQ(did_not_start(results), label);
  std::vector<Cause> causes = group_by_cause(results);
  ASSERT_EQ(causes.size(), 1u);
  EXPECT_EQ(causes[0].label, label);
  EXPECT_EQ(causes[0].tests.size(), 3u);

  std::vector<TestResult> one_passed = results;
  one_passed.push_back(failed(Verdict::Pass, "", "week3/c"));
  EXPECT_EQ(did_not_start(one_passed), std::nullopt);
  EXPECT_EQ(group_by_cause(one_passed).size(), 3u) << "causes by kind, as without the rule";
  std::vector<TestResult> other_words = results;
  other_words[1].student_said = "stderr: Exception in thread \"main\" java.lang.NullPointerException";
  EXPECT_EQ(did_not_start(other_words), std::nullopt);
  std::vector<TestResult> said_nothing = results;
  for (TestResult& result : said_nothing) result.student_said.clear();
  EXPECT_EQ(did_not_start(said_nothing), std::nullopt);
  EXPECT_EQ(did_not_start({results[0]}), std::nullopt) << "one test is not every test";
  // Hidden tests neither count nor decide: their words are not quoted where students read.
  std::vector<TestResult> hidden = results;
  hidden[2].student_said = "stderr: HIDDEN-WORDS";
  hidden[2].visibility = Visibility::Hidden;
  EXPECT_EQ(did_not_start(hidden), label);
  hidden[0].visibility = hidden[1].visibility = Visibility::Hidden;
  EXPECT_EQ(did_not_start(hidden), std::nullopt);
}

// The student's words reach the first screen of every format, escaped: the text report's first
// cause, JSON's did_not_start (and each test's student_said, read back), a JUnit property, the top
// of Gradescope's output.
TEST(ReportDigest, ACompilerThatDidNotStartIsTheFirstThingEveryFormatSays) {
  Report report;
  report.info.week = 3;
  report.info.isolation = "namespaces";
  for (const char* name : {"week3/a", "week3/b"}) {
    TestResult result = report_fixture::make_result(name, Verdict::WrongExit, 0, 1);
    result.message = "uirc run prog.uir: exit 1; the oracle: exit 0";
    result.student_said = "stderr: Error: Could not find or load main class \x1b[31mMain";
    report.results.push_back(result);
  }
  const std::string escaped = "your compiler did not start: stderr: Error: Could not find or load main class "
                              "\\x1b[31mMain (the same on every test)";
  const std::string text = report_fixture::written_by(write_text, report);
  EXPECT_NE(text.find("== cause 1 of 1: " + escaped), std::string::npos) << text;
  const std::string json = report_fixture::written_by(write_json, report);
  auto parsed = parse_json(json);
  ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed)) << std::get<std::string>(parsed);
  const JsonValue* cause = std::get<JsonValue>(parsed).find("did_not_start");
  ASSERT_NE(cause, nullptr) << json;
  EXPECT_EQ(cause->text.find(escaped), 0u) << cause->text;
  auto read = read_json(json);
  ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
  EXPECT_EQ(std::get<Report>(read).results[0].student_said, "stderr: Error: Could not find or load main class \\x1b[31mMain");
  const std::string junit = report_fixture::written_by(write_junit, report);
  EXPECT_NE(junit.find("<property name=\"cause\" value=\"" + escaped), std::string::npos) << junit;
  const std::string gradescope = report_fixture::written_by(write_gradescope, report);
  auto results_json = parse_json(gradescope);
  ASSERT_TRUE(std::holds_alternative<JsonValue>(results_json)) << std::get<std::string>(results_json);
  const JsonValue* output = std::get<JsonValue>(results_json).find("output");
  ASSERT_NE(output, nullptr) << gradescope;
  const size_t said = output->text.find(escaped);
  EXPECT_NE(said, std::string::npos) << output->text;
  EXPECT_LT(said, output->text.find("Points lost")) << "before the points";
  for (const std::string* format : {&text, &json, &junit, &gradescope})
    EXPECT_EQ(format->find('\x1b'), std::string::npos) << "a raw escape byte reached a report";
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
