#include <gtest/gtest.h>

#include "grader/report_testing.h"

namespace uirgrade {
namespace {

std::string text_of(const Report& report) { return report_fixture::written_by(write_text, report); }

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(ReportText, EachFailureStartsALineWithItsVerdictAndReproduceCommand) {
  const std::string text = text_of(report_fixture::sample_report());
  EXPECT_TRUE(has_line(text, "FAILED week2/buffer (run, wrong-buffer, 0/1 points, 0.25s)")) << text;
  EXPECT_TRUE(has_line(text, "  what happened in week2/buffer")) << text;
  EXPECT_TRUE(has_line(text, "    expected: 1 2 3")) << text;
  EXPECT_TRUE(has_line(text, "         got: 1 2 4")) << text;
  EXPECT_TRUE(has_line(text, "  reproduce:")) << text;
  EXPECT_TRUE(has_line(text, "    grade --week 3 --seed 42 --only week2/buffer ./student-uirc")) << text;
  EXPECT_TRUE(has_line(text, "FAILED week3/render_cc (render, compile-error, 0/1 points, 0.25s)")) << text;
  EXPECT_EQ(text.find("FAILED fuzz/1"), std::string::npos);  // passes are not listed
  EXPECT_TRUE(has_line(text, "12 of 17 tests failed.")) << text;
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
  report.results.push_back(report_fixture::make_result("week1/add", Verdict::Pass, 1, 1));
  const std::string text = text_of(report);
  EXPECT_EQ(text.find("FAILED"), std::string::npos);
  EXPECT_TRUE(has_line(text, "All 1 tests passed.")) << text;
}

TEST(ReportText, LongDetailsAreCut) {
  Report report;
  report.results.push_back(report_fixture::make_result("week1/add", Verdict::WrongBuffer, 0, 1));
  std::string details;
  for (int i = 1; i <= 100; ++i) details += "line " + std::to_string(i) + "\n";
  report.results[0].details = details;
  const std::string text = text_of(report);
  EXPECT_TRUE(has_line(text, "    line 40")) << text;
  EXPECT_FALSE(has_line(text, "    line 41")) << text;
  EXPECT_TRUE(has_line(text, "    ... (60 more lines)")) << text;
}

}  // namespace
}  // namespace uirgrade
