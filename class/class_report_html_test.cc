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
  // Issue 25: what an instructor opens the report for comes first (the students, the causes),
  // after a contents list; the student table used to sit 7,000 px down.
  size_t contents = html.find("<ul id=\"contents\">");
  ASSERT_NE(contents, std::string::npos);
  EXPECT_LT(contents, students);
  EXPECT_LT(students, causes);
  EXPECT_LT(causes, histogram);
  EXPECT_LT(histogram, rates);
  // Weakest first: week3/b (1 of 2 passed) before week1/a (2 of 2).
  EXPECT_LT(html.find("<td>week3/b</td><td class=\"num\">1/2</td>"), html.find("<td>week1/a</td><td class=\"num\">2/2</td>"));
  EXPECT_NE(html.find("<b>1 student</b>: week3/b — wrong-buffer"), std::string::npos);
  // A test every graded student passed is folded away.
  size_t folded = html.find("<details id=\"all-passed\"><summary>1 test every graded student passed</summary>");
  ASSERT_NE(folded, std::string::npos) << html;
  EXPECT_GT(html.find("<td>week1/a</td>"), folded);
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

TEST(GraderClassReportHtml, TheTopNamesTheDateAndTheSuitesFolder) {
  ClassRun run = class_fixture::small_class();
  run.graded_at = "2026-12-03 10:58 UTC";
  run.suites_folder = "suites: /course/suites (--suites)";
  std::string html = report_of(run);
  size_t students = html.find("<table id=\"students\">");
  size_t date = html.find("Graded 2026-12-03 10:58 UTC.");
  size_t suites = html.find("Tests from suites: /course/suites (--suites).");
  ASSERT_NE(date, std::string::npos) << html;
  ASSERT_NE(suites, std::string::npos) << html;
  EXPECT_LT(date, students);
  EXPECT_NE(html.find("<h1>Week 3: 3 students</h1>"), std::string::npos);
  run.students.resize(1);
  EXPECT_NE(report_of(run).find("<h1>Week 3: 1 student</h1>"), std::string::npos);  // not "1 students"
}

// Issue 25: not-executable and missing students were out of the median but in the histogram;
// students that never started were in the pass rates and in every cause.
TEST(GraderClassReportHtml, StudentsNotGradedAreCountedApartFromEveryStatistic) {
  using class_fixture::test_result;
  ClassRun run = class_fixture::small_class();  // ann 3/3, the hostile one 1/3, zed missing
  StudentRecord broken;
  broken.id = "cr";
  broken.status = StudentStatus::Broken;
  broken.reason = "broken: your student-uirc starts with '#!/bin/sh\\r': Windows line ends";
  broken.report.results = {test_result("week1/a", "week1", 1, 1, Verdict::Crash),
                           test_result("week3/b", "week3", 3, 2, Verdict::InternalError)};
  run.students.push_back(broken);
  std::string html = report_of(run);
  EXPECT_NE(html.find("over the 2 students graded"), std::string::npos) << html;
  EXPECT_NE(html.find("Not graded (score 0, counted apart from the statistics): 1 broken, 1 missing."),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<td>week3/b</td><td class=\"num\">1/2</td>"), std::string::npos) << html;  // not 1/3
  EXPECT_NE(html.find("<td>week1/a</td><td class=\"num\">2/2</td>"), std::string::npos) << html;
  EXPECT_EQ(html.find("crash"), std::string::npos) << "the broken student is no cause";
  EXPECT_EQ(html.find("internal-error"), std::string::npos) << "the broken student is no cause";
  EXPECT_NE(html.find("<b>1 student</b>: week3/b"), std::string::npos) << html;
  // The histogram holds the 2 graded students only (each bar's count is in its title).
  EXPECT_EQ(html.find(": 2 students</title>"), std::string::npos) << html;
  size_t first_bar = html.find(": 1 student</title>");
  ASSERT_NE(first_bar, std::string::npos) << html;
  EXPECT_NE(html.find(": 1 student</title>", first_bar + 1), std::string::npos) << html;
}

// Issue 25: generated tests were grouped by test name: "fuzz/11 — wrong-buffer: bob, cy" showed
// bob's example while cy failed it for floor division, as its own minimised program said.
TEST(GraderClassReportHtml, GeneratedFailuresAreGroupedByWhatTheirMinimisedProgramsShow) {
  using class_fixture::test_result;
  ClassRun run = class_fixture::small_class();
  run.tests.push_back(test_result("fuzz/11", "fuzz", 3, 1, Verdict::Pass));
  run.tests.push_back(test_result("fuzz/12", "fuzz", 3, 1, Verdict::Pass));
  auto failing = [&](const std::string& name, const std::string& minimized) {
    TestResult result = test_result(name, "fuzz", 3, 1, Verdict::WrongBuffer);
    result.message = "wrong buffer";
    result.minimized = minimized;
    result.minimized_message = "slot 0 differs";
    return result;
  };
  const std::string division = "%a = const 7\n%b = const -2\n%c = idiv %a, %b\nstore %c\n";
  const std::string accumulate = "%a = const 7\nrange %i 4\n%c = add %a, %i\nstore %c\nend\n";
  StudentRecord bob, cy, dee;
  bob.id = "bob";
  bob.report.results = {failing("fuzz/11", accumulate)};
  cy.id = "cy";
  cy.report.results = {failing("fuzz/11", division)};
  dee.id = "dee";
  dee.report.results = {failing("fuzz/12", division)};
  run.students.push_back(bob);
  run.students.push_back(cy);
  run.students.push_back(dee);
  std::string html = report_of(run);
  size_t floors = html.find("<b>2 students</b>: generated tests whose minimised program (const, idiv, store) is "
                            "wrong-buffer: slot 0 differs");
  size_t loops = html.find("<b>1 student</b>: generated tests whose minimised program (add, const, range, store)");
  EXPECT_NE(floors, std::string::npos) << html;
  EXPECT_NE(loops, std::string::npos) << html;
  EXPECT_NE(html.find("Tests: fuzz/11 (1), fuzz/12 (1)", floors), std::string::npos) << html;
}

}  // namespace
}  // namespace uirgrade
