// The class report's sections, and that nothing a student controls reaches the page as markup:
// the hostile id and stderr of the fixture appear, but only as text.
#include "class/class_report_html.h"

#include <sstream>

#include <gtest/gtest.h>

#include "class/class_run_testing.h"

namespace uirgrade {
namespace {

std::string report_of(const ClassRun& run, const std::vector<MutantKills>& mutants = {}) {
  std::ostringstream out;
  write_class_report(run, mutants, out);
  return out.str();
}

TEST(GraderClassReportHtml, SectionsInOrder) {
  std::string html = report_of(class_fixture::small_class());
  size_t histogram = html.find("<svg id=\"histogram\"");
  size_t rates = html.find("<table id=\"pass-rates\">");
  size_t causes = html.find("<div id=\"causes\">");
  size_t students = html.find("<table id=\"students\">");
  ASSERT_NE(histogram, std::string::npos);
  ASSERT_NE(rates, std::string::npos);
  ASSERT_NE(causes, std::string::npos);
  ASSERT_NE(students, std::string::npos);
  EXPECT_LT(histogram, rates);
  EXPECT_LT(rates, causes);
  EXPECT_LT(causes, students);
  // Weakest first: week3/b (1 of 2 passed) before week1/a (2 of 2).
  EXPECT_LT(html.find("<td>week3/b</td><td class=\"num\">1/2</td>"), html.find("<td>week1/a</td><td class=\"num\">2/2</td>"));
  EXPECT_NE(html.find("<b>1 student</b>: week3/b — wrong-buffer"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"students/zed.txt\">zed</a>"), std::string::npos);
  EXPECT_EQ(html.find("://"), std::string::npos);  // nothing to fetch
}

TEST(GraderClassReportHtml, StudentBytesAreTextNeverMarkup) {
  ClassRun run = class_fixture::small_class();
  std::string html = report_of(run);
  // The payloads are on the page (so the test would see them raw if escaping broke) ...
  EXPECT_NE(html.find("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  // ... but never as markup, in text or in a link.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_NE(html.find("href=\"students/%3Dcmd%7C%27%20-C%20calc%27%21A0%20%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E.txt\""),
            std::string::npos) << html;
}

TEST(GraderClassReportHtml, IdenticalFailuresAndTheClosestMutant) {
  ClassRun run = class_fixture::small_class();
  run.students[0].report.results[1].mode = Mode::Render;
  StudentRecord twin = run.students[0];
  twin.id = "twin";
  run.students.push_back(twin);
  std::vector<MutantKills> mutants = {{"loads-never-move", "the accumulator never accumulates", {"week3/b:render", "week3/c"}}};
  std::string html = report_of(run, mutants);
  EXPECT_NE(html.find("<a href=\"students/twin.txt\">twin</a> (2)</td><td>week3/b [render]</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("loads-never-move (similarity 0.50): the accumulator never accumulates"), std::string::npos);
}

// Two tests of one pitfall (the same `# about:` line) are one cause: its students counted once each,
// its tests and verdicts listed; a test without an about line stays a cause of its own.
TEST(GraderClassReportHtml, FailuresAreGroupedByTheTestsAboutLine) {
  using class_fixture::test_result;
  ClassRun run = class_fixture::small_class();
  const std::string pitfall = "book ch. 5: the accumulator is not reset per output element";
  run.tests.push_back(test_result("week3/c", "week3", 3, 1, Verdict::Pass));
  run.tests.push_back(test_result("week3/d", "week3", 3, 1, Verdict::Pass));
  run.about_by_test = {{"week3/c", pitfall}, {"week3/d", pitfall}};
  run.students[0].report.results.push_back(test_result("week3/c", "week3", 3, 1, Verdict::WrongBuffer));
  run.students[1].report.results.push_back(test_result("week3/d", "week3", 3, 1, Verdict::WrongBuffer));
  StudentRecord cy;
  cy.id = "cy";
  cy.report.results = {test_result("week3/c", "week3", 3, 1, Verdict::WrongBuffer),
                       test_result("week3/d", "week3", 3, 1, Verdict::Crash)};
  run.students.push_back(cy);
  std::string html = report_of(run);
  size_t group = html.find("<b>3 students</b>: " + pitfall + " — crash (1), wrong-buffer (3)</summary>");
  ASSERT_NE(group, std::string::npos) << html;
  EXPECT_NE(html.find("<p>Tests: week3/c (2), week3/d (2)</p>", group), std::string::npos) << html;
  size_t own = html.find("<b>1 student</b>: week3/b — wrong-buffer</summary>");
  EXPECT_NE(own, std::string::npos) << html;
  EXPECT_LT(group, own);  // the largest cause first
  EXPECT_EQ(html.find("on a smaller program"), std::string::npos) << "no failure was minimised";

  // A minimised failure is the cause's example, whichever student it comes from.
  run.students[1].report.results.back().minimized = "%zz = const 7\n";
  run.students[1].report.results.back().minimized_message = "wrong buffer: slot 0";
  html = report_of(run);
  EXPECT_NE(html.find("For example " + run.students[1].id + " (week3/d)"), std::string::npos) << html;
  EXPECT_NE(html.find("The same failure (wrong buffer: slot 0) on a smaller program:</p>\n<pre>%zz = const 7\n</pre>"),
            std::string::npos)
      << html;
}

}  // namespace
}  // namespace uirgrade
