// The text report as a digest (issue 12), on fake results: grouped by cause, one example in full
// per cause, a run and a render failure of one test shown once, hand-written tests first, the
// minimised program as a cause's example, hidden tests named only, a closing list, the score table.
#include <gtest/gtest.h>

#include "reports/report_testing.h"

namespace uirgrade {
namespace {

using report_fixture::make_result;

std::string text_of(const Report& report) { return report_fixture::written_by(write_text, report); }

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

size_t count_of(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TestResult wrong_buffer(std::string name, Mode mode = Mode::Run) {
  TestResult result = make_result(std::move(name), Verdict::WrongBuffer, 0, 2);
  result.mode = mode;
  result.message = "student-uirc run prog.uir: wrong buffer: slot 1: 1 of 1 values differ; first at [0]: expected 7, got 4";
  result.details = "slot 1 (f32[1])\n  [0]  7  4\n";
  return result;
}

TEST(ReportText, EachCauseShowsOneTestInFull) {
  const std::string text = text_of(report_fixture::sample_report());
  EXPECT_TRUE(has_line(text, "12 of 17 tests failed (14 of 20 points lost), 11 causes:")) << text;
  EXPECT_TRUE(has_line(text, "== cause 2 of 11: wrong-buffer: wrong buffer contents (2 tests: 2 hand-written, 0 generated)"))
      << text;
  EXPECT_TRUE(has_line(text, "FAILED week2/buffer [run] (1 point lost)")) << text;
  EXPECT_TRUE(has_line(text, "  run: what happened in week2/buffer")) << text;
  EXPECT_TRUE(has_line(text, "    expected: 1 2 3")) << text;
  EXPECT_TRUE(has_line(text, "         got: 1 2 4")) << text;
  EXPECT_TRUE(has_line(text, "  reproduce:")) << text;
  EXPECT_TRUE(has_line(text, "    grade --week 3 --seed 42 --only week2/buffer ./student-uirc")) << text;
  EXPECT_TRUE(has_line(text, "Also with this cause: week3/hidden_fail")) << text;
  EXPECT_EQ(text.find("FAILED fuzz/1"), std::string::npos);  // passes are not listed
}

TEST(ReportText, DescriptionAndContextOfATestTheStudentMaySee) {
  Report report;
  report.results.push_back(wrong_buffer("week3/accumulator"));
  report.results[0].description = "The week-3 spec's accumulator.\nabout: spec §5.3, the load rule";
  report.results[0].context = "the input data (stdin):\n  0: 1.5 2 -0.5 4\n";
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "  what it tests:")) << text;
  EXPECT_TRUE(has_line(text, "    The week-3 spec's accumulator.")) << text;
  EXPECT_TRUE(has_line(text, "    about: spec §5.3, the load rule")) << text;
  EXPECT_TRUE(has_line(text, "  the input data (stdin):")) << text;
  EXPECT_TRUE(has_line(text, "    0: 1.5 2 -0.5 4")) << text;
}

TEST(ReportText, GroupsByCauseNotByValue) {
  Report report;
  report.results.push_back(wrong_buffer("week3/a"));
  report.results.push_back(wrong_buffer("week3/b"));
  report.results.back().message = "student-uirc run prog.uir: wrong buffer: slot 0: 3 of 8 values differ; first at [2]: expected 1, got 0";
  report.results.push_back(make_result("week3/c", Verdict::WrongExit, 0, 1));
  report.results.back().message = "student-uirc run prog.uir: exit 0; the oracle: exit 1 (the assert at line 5 fails)";
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "3 of 3 tests failed (5 of 5 points lost), 2 causes:")) << text;
  EXPECT_TRUE(has_line(text, "== cause 1 of 2: wrong-buffer: wrong buffer contents (2 tests: 2 hand-written, 0 generated)"))
      << text;
  EXPECT_TRUE(has_line(text, "== cause 2 of 2: wrong-exit: exit 0 where the oracle exits 1 (1 test: 1 hand-written, 0 generated)"))
      << text;
  EXPECT_EQ(count_of(text, "FAILED "), 2u) << "one example per cause\n" << text;
}

TEST(ReportText, RunAndRenderFailuresOfOneTestAreShownOnce) {
  Report report;
  report.results.push_back(wrong_buffer("week3/accumulator", Mode::Run));
  report.results.push_back(wrong_buffer("week3/accumulator", Mode::Render));
  report.results.back().message = "the rendered kernel: wrong buffer: slot 1: 1 of 1 values differ; first at [0]: expected 7, got 4";
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "FAILED week3/accumulator [run, render] (4 points lost)")) << text;
  EXPECT_TRUE(has_line(text, "  render: the same failure")) << text;
  EXPECT_EQ(count_of(text, "slot 1 (f32[1])"), 1u) << text;
  EXPECT_TRUE(has_line(text, "Failed tests (1):")) << text;
}

TEST(ReportText, HandWrittenTestsComeBeforeGeneratedOnes) {
  Report report;
  report.results.push_back(wrong_buffer("fuzz/10"));  // sorted by name, fuzz/ comes first
  report.results.push_back(wrong_buffer("week3/accumulator"));
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "FAILED week3/accumulator [run] (2 points lost)")) << text;
  EXPECT_TRUE(has_line(text, "Also with this cause: fuzz/10")) << text;
  EXPECT_LT(text.find("  week3/accumulator [run]"), text.find("  fuzz/10 [run]")) << text;
}

TEST(ReportText, TheSmallestMinimizedProgramIsTheCausesExample) {
  Report report;
  report.results.push_back(wrong_buffer("fuzz/3"));
  report.results.back().minimized = "%a = const 1\n%b = const 2\n%c = add %a %b\n# a comment\n%d = add %c %c\n";
  report.results.back().minimized_message = "wrong buffer: slot 0";
  report.results.push_back(wrong_buffer("fuzz/7"));
  report.results.back().minimized = "%x = const 1\n%y = add %x %x\n";
  report.results.back().minimized_message = "wrong buffer: slot 0";
  report.results.back().visibility = Visibility::Hidden;  // a hidden test's minimised program is still shown
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "The smallest generated program with this cause (2 statements, minimised from fuzz/7; "
                             "wrong buffer: slot 0):"))
      << text;
  EXPECT_TRUE(has_line(text, "    %y = add %x %x")) << text;
  EXPECT_FALSE(has_line(text, "    %d = add %c %c")) << text;

  // Unless the week hides minimised programs: then the visible test's is the example.
  report.results.back().minimized_shown = false;
  const std::string withheld = text_of(report);
  EXPECT_FALSE(has_line(withheld, "    %y = add %x %x")) << withheld;
  EXPECT_TRUE(has_line(withheld, "    %d = add %c %c")) << withheld;
}

TEST(ReportText, HiddenTestsShowTheirNameOnly) {
  const std::string text = text_of(report_fixture::sample_report());
  EXPECT_EQ(text.find(report_fixture::kHiddenMarker), std::string::npos) << text;
  EXPECT_EQ(text.find(report_fixture::kHiddenMessageMarker), std::string::npos) << text;
  EXPECT_EQ(text.find(report_fixture::kAfterDueMarker), std::string::npos) << text;
  EXPECT_TRUE(has_line(text, "  week3/hidden_fail [run]      hidden test, 2 points lost")) << text;
  EXPECT_TRUE(has_line(text, "Tests you may not see yet (hidden or after the due date): week3/timeout")) << text;
}

TEST(ReportText, ClosingListHasOneLinePerFailedTest) {
  const std::string text = text_of(report_fixture::sample_report());
  size_t list = text.find("Failed tests (12):\n");
  ASSERT_NE(list, std::string::npos) << text;
  EXPECT_TRUE(has_line(text, "  week2/buffer [run]           what happened in week2/buffer")) << text;
  size_t table = text.find("Score (seed");
  EXPECT_EQ(std::count(text.begin() + static_cast<long>(list), text.begin() + static_cast<long>(table), '\n'), 1 + 12 + 1)
      << text;
}

TEST(ReportText, NotRunTestsAreTheLastCause) {
  Report report;
  report.results.push_back(make_result("week1/a", Verdict::NotRun, 0, 1));
  report.results.back().message = "not run: grading stopped after 1 failures (--max-failures)";
  report.results.push_back(wrong_buffer("week3/b"));
  const std::string text = text_of(report);
  EXPECT_LT(text.find("wrong-buffer"), text.find("== cause 2 of 2: not-run: not graded")) << text;
}

TEST(ReportText, StudentBytesCannotRepaintTheTerminal) {
  const std::string text = text_of(report_fixture::sample_report());
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_EQ(text.find('\0'), std::string::npos);
  EXPECT_NE(text.find("ANSI \\x1b[31mred\\x1b[0m"), std::string::npos) << text;
}

TEST(ReportText, ScoreTableHasWeeksSuitesAndTotal) {
  const std::string text = text_of(report_fixture::sample_report());
  // Counted by hand from sample_report. Columns: label (width 7: "week 1", "  week3"), passed (9),
  // points (15), two spaces between.
  EXPECT_TRUE(has_line(text, "Score (seed 18446744073709551557, week 3):")) << text;
  EXPECT_TRUE(has_line(text, "week 1         1/2            1.5/3")) << text;
  EXPECT_TRUE(has_line(text, "  week1        1/2            1.5/3")) << text;
  EXPECT_TRUE(has_line(text, "week 2         1/3              1/3")) << text;
  EXPECT_TRUE(has_line(text, "week 3        3/12           3.5/14")) << text;
  EXPECT_TRUE(has_line(text, "  fuzz         2/2            2.5/3")) << text;
  EXPECT_TRUE(has_line(text, "  week3       1/10             1/11")) << text;
  EXPECT_TRUE(has_line(text, "total         5/17             6/20")) << text;
}

TEST(ReportText, AllPassedSaysSo) {
  Report report;
  report.results.push_back(make_result("week1/add", Verdict::Pass, 1, 1));
  const std::string text = text_of(report);
  EXPECT_EQ(text.find("FAILED"), std::string::npos);
  EXPECT_TRUE(has_line(text, "The test passed.")) << text;
}

TEST(ReportText, LongDetailsAreCut) {
  Report report;
  report.results.push_back(make_result("week1/add", Verdict::WrongBuffer, 0, 1));
  std::string details;
  for (int i = 1; i <= 100; ++i) details += "line " + std::to_string(i) + "\n";
  report.results[0].details = details;
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "    line 16")) << text;
  EXPECT_FALSE(has_line(text, "    line 17")) << text;
  // The display policy keeps 40 lines and says so in a 41st; the digest shows 16 of those.
  EXPECT_TRUE(has_line(text, "    ... (25 more lines)")) << text;
}

}  // namespace
}  // namespace uirgrade
