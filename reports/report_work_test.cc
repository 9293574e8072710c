// The work figure in every report: advisory and scored figures with their hot lines in the text,
// JSON (read back whole by `grade merge`), JUnit and Gradescope reports; a hidden test shows its
// figure but none of its code; a student's C in a hot line is escaped like any student text.
#include "reports/report_work.h"

#include <sstream>

#include <gtest/gtest.h>

#include "reports/report.h"
#include "reports/report_testing.h"

namespace uirgrade {
namespace {

using report_fixture::make_result;

HotLine gemm_hot_line(std::string source) {
  HotLine hot;
  hot.line = 20;
  hot.runs = 120;
  hot.source_line = std::move(source);
  hot.oracle_statement = "%ik = mul %i 6";
  hot.oracle_uir_line = 14;
  hot.oracle_runs = 4;
  hot.oracle_loops = {"%i"};
  hot.depends_on = {"%i"};
  return hot;
}

Report work_report() {
  Report report;
  report.info.week = 3;
  report.info.seed = 5;
  TestResult advisory = make_result("week3/gemm_work", Verdict::Pass, 1, 1);
  advisory.mode = Mode::Render;
  WorkFigure figure;
  figure.status = WorkFigure::Status::Measured;
  figure.student_instructions = 12637;
  figure.oracle_instructions = 11013;
  figure.ratio = 12637.0 / 11013;
  figure.hot_lines = {gemm_hot_line("int32_t v13_ik = uir_mul_i32(r3_i, 6); /* \x1b[31m */")};
  advisory.work = figure;
  TestResult scored = advisory;
  scored.name = "week3/scored_work";
  scored.work->limit = 1.1;
  scored.work->max_points = 1;
  scored.max_points = 2;
  TestResult hidden = advisory;
  hidden.name = "week3/hidden_work";
  hidden.visibility = Visibility::Hidden;
  report.results = {advisory, hidden, scored};
  return report;
}

TEST(ReportWork, TextShowsTheFigureAndWhereTheWorkGoes) {
  std::ostringstream out;
  write_text(work_report(), out);
  const std::string text = out.str();
  EXPECT_NE(text.find("week3/gemm_work: work 1.15x the oracle's (12637 instructions in kernel; the oracle's 11013); "
                      "advisory: no points depend on it this week"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("line 20 runs 120 times; the oracle computes `%ik = mul %i 6` 4 times, in loop `%i`: it depends "
                      "only on `%i` (spec §5.3)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("over the limit of 1.1x: 0 of 1 work points"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);  // the student's C is escaped
  // The hidden test: its figure, not its code.
  size_t hidden = text.find("week3/hidden_work: work 1.15x");
  ASSERT_NE(hidden, std::string::npos) << text;
  EXPECT_EQ(text.find("line 20", hidden), text.find("line 20", text.find("week3/scored_work")));
}

TEST(ReportWork, JsonKeepsTheFigureForMerge) {
  Report report = work_report();
  std::ostringstream out;
  write_json(report, out);
  auto read = read_json(out.str());
  ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
  const Report& back = std::get<Report>(read);
  ASSERT_EQ(back.results.size(), 3u);
  const TestResult& scored = back.results[2];
  ASSERT_TRUE(scored.work);
  EXPECT_EQ(scored.work->student_instructions, 12637u);
  EXPECT_EQ(scored.work->oracle_instructions, 11013u);
  EXPECT_EQ(scored.work->limit, 1.1);
  EXPECT_EQ(scored.work->max_points, 1);
  ASSERT_EQ(scored.work->hot_lines.size(), 1u);
  EXPECT_EQ(describe_hot_line(scored.work->hot_lines[0]), describe_hot_line(report.results[2].work->hot_lines[0]));
  EXPECT_TRUE(back.results[1].work->hot_lines.empty());  // hidden: no code in the JSON either
  EXPECT_FALSE(std::get<Report>(read_json([] {
                 std::ostringstream o;
                 Report plain;
                 plain.results = {make_result("week3/t", Verdict::Pass, 1, 1)};
                 write_json(plain, o);
                 return o.str();
               }())).results[0].work);
}

TEST(ReportWork, JunitAndGradescopeSayItToo) {
  std::ostringstream junit, gradescope;
  write_junit(work_report(), junit);
  write_gradescope(work_report(), gradescope);
  EXPECT_NE(junit.str().find("<property name=\"work_ratio\" value=\"1.1475\"/>"), std::string::npos) << junit.str();
  EXPECT_NE(junit.str().find("advisory: no points depend on it"), std::string::npos);
  EXPECT_NE(gradescope.str().find("advisory: no points depend on it"), std::string::npos) << gradescope.str();
  EXPECT_NE(gradescope.str().find("line 20 runs 120 times"), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
