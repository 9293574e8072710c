#include <gtest/gtest.h>

#include "reports/json_reader.h"
#include "reports/report_testing.h"

namespace uirgrade {
namespace {

using report_fixture::kAfterDueMarker;
using report_fixture::kHiddenMarker;
using report_fixture::kHiddenMessageMarker;

JsonValue gradescope_of(const Report& report) {
  const std::string text = report_fixture::written_by(write_gradescope, report);
  auto parsed = parse_json(text);
  if (auto* error = std::get_if<std::string>(&parsed)) {
    ADD_FAILURE() << "results.json is not valid JSON: " << *error << "\n" << text;
    return {};
  }
  return std::get<JsonValue>(parsed);
}

const JsonValue& member(const JsonValue& object, std::string_view key) {
  static const JsonValue missing;
  const JsonValue* value = object.find(key);
  EXPECT_NE(value, nullptr) << "no field " << key;
  return value ? *value : missing;
}

TEST(ReportGradescope, ScoresAndStatusesFollowTheResults) {
  const Report report = report_fixture::sample_report();
  const JsonValue doc = gradescope_of(report);
  EXPECT_EQ(member(doc, "score").number, 6);  // counted by hand from sample_report
  EXPECT_EQ(member(doc, "max_score").number, 20);
  EXPECT_EQ(member(doc, "execution_time").number, 13);  // 12.5 s, rounded up
  EXPECT_EQ(member(doc, "stdout_visibility").text, "hidden");
  const JsonValue& tests = member(doc, "tests");
  ASSERT_EQ(tests.items.size(), report.results.size());
  for (size_t i = 0; i < tests.items.size(); ++i) {
    const TestResult& expected = report.results[i];
    const JsonValue& test = tests.items[i];
    SCOPED_TRACE(expected.name);
    EXPECT_EQ(member(test, "score").number, expected.points);
    EXPECT_EQ(member(test, "max_score").number, expected.max_points);
    EXPECT_EQ(member(test, "status").text, expected.verdict == Verdict::Pass ? "passed" : "failed");
    const char* visibility = expected.visibility == Visibility::Visible        ? "visible"
                             : expected.visibility == Visibility::AfterDueDate ? "after_due_date"
                                                                               : "hidden";
    EXPECT_EQ(member(test, "visibility").text, visibility);
  }
  // Numbers are "<suite>.<test>" in order of appearance: fuzz/1 is 1.1, week1/add 2.1, the render
  // run of week2/buffer 3.2, week3/crash 4.1.
  EXPECT_EQ(member(tests.items[0], "number").text, "1.1");
  EXPECT_EQ(member(tests.items[1], "number").text, "1.2");
  EXPECT_EQ(member(tests.items[2], "number").text, "2.1");
  EXPECT_EQ(member(tests.items[5], "number").text, "3.2");
  EXPECT_EQ(member(tests.items[5], "name").text, "week2/buffer [render]");
  EXPECT_EQ(member(tests.items[7], "number").text, "4.1");
}

TEST(ReportGradescope, HiddenTextNeverReachesAVisiblePlace) {
  const JsonValue doc = gradescope_of(report_fixture::sample_report());
  const std::string& summary = member(doc, "output").text;
  EXPECT_NE(summary.find("Seed: 18446744073709551557"), std::string::npos) << summary;
  const std::vector<std::string> secrets = {kHiddenMarker, kHiddenMessageMarker, kAfterDueMarker,
                                            "hidden_fail", "hidden_pass",        "week3/timeout"};
  for (const std::string& secret : secrets) EXPECT_EQ(summary.find(secret), std::string::npos) << secret;

  int visible_tests = 0;
  for (const JsonValue& test : member(doc, "tests").items) {
    const std::string& visibility = member(test, "visibility").text;
    const std::string& output = member(test, "output").text;
    if (visibility == "visible") {
      ++visible_tests;
      for (const std::string& secret : secrets) {
        EXPECT_EQ(output.find(secret), std::string::npos) << secret << " in " << member(test, "name").text;
      }
    } else if (visibility == "hidden" && member(test, "status").text == "failed") {
      // Instructors see a hidden test's details: they are in its own (hidden) output.
      EXPECT_NE(output.find(kHiddenMarker), std::string::npos);
    }
  }
  EXPECT_EQ(visible_tests, 14);
}

TEST(ReportGradescope, SummaryCountsVisibleTestsOnly) {
  const JsonValue doc = gradescope_of(report_fixture::sample_report());
  // Visible: 14 tests, 4 passes (fuzz/1, fuzz/2, week1/add, week2/buffer [render]), 5 of 16 points.
  EXPECT_EQ(member(doc, "output").text,
            "Sandbox: rlimits, uid 65534\n"
            "Points lost: 11 in visible tests, 3 in tests you cannot see yet (2 hidden, 1 after the due date).\n"
            "Seed: 18446744073709551557 (week 3)\n"
            "Visible tests: 4 of 14 passed, 5 of 16 points.\n"
            "1 more test is shown after the due date.\n"
            "2 more tests are hidden; they count in the score.\n");
}

// A student who fails only generated (hidden) tests learns what the points were lost on, and sees
// the smallest program that fails the same way, though not the hidden test itself.
TEST(ReportGradescope, FailingOnlyGeneratedTestsExplainsTheLostPoints) {
  Report report;
  report.results.push_back(report_fixture::make_result("week3/a", Verdict::Pass, 2, 2));
  report.results.push_back(report_fixture::make_result("fuzz/7", Verdict::WrongBuffer, 0, 1));
  report.results.back().visibility = Visibility::Hidden;
  report.results.back().details = report_fixture::kHiddenMarker;
  report.results.back().minimized = "%a = const 1\n%b = add %a %a\n";
  report.results.back().minimized_message = "wrong buffer: slot 0";
  const std::string output = member(gradescope_of(report), "output").text;
  EXPECT_NE(output.find("Points lost: 0 in visible tests, 1 in tests you cannot see yet (1 hidden, 0 after the due date).\n"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("Visible tests: 1 of 1 passed"), std::string::npos) << output;
  EXPECT_NE(output.find("(wrong buffer: slot 0):\n%a = const 1\n%b = add %a %a"), std::string::npos) << output;
  EXPECT_EQ(output.find(report_fixture::kHiddenMarker), std::string::npos) << output;

  // The week hides minimised programs (weeks.yaml fuzz_minimized: hidden): the lost points, not the program.
  report.results.back().minimized_shown = false;
  const std::string withheld = member(gradescope_of(report), "output").text;
  EXPECT_NE(withheld.find("1 in tests you cannot see yet"), std::string::npos) << withheld;
  EXPECT_EQ(withheld.find("%b = add %a %a"), std::string::npos) << withheld;
}

TEST(ReportGradescope, OutputsArePlainPrintableText) {
  const JsonValue doc = gradescope_of(report_fixture::sample_report());
  EXPECT_EQ(member(doc, "test_output_format").text, "text");
  for (const JsonValue& test : member(doc, "tests").items) {
    const std::string& output = member(test, "output").text;
    EXPECT_EQ(output.find('\x1b'), std::string::npos);
    EXPECT_EQ(output.find('\0'), std::string::npos);
  }
}

}  // namespace
}  // namespace uirgrade
