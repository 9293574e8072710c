// The report's outputs: the section escapes every byte of the students' C and ids and marks the
// shared lines; the CSV quotes what a spreadsheet would misread; the JSON reads back.
#include "class/similarity_report.h"

#include <sstream>

#include <gtest/gtest.h>

#include "base/csv.h"
#include "reports/json_reader.h"

namespace uirgrade {
namespace {

SimilarityReport report_of_one_pair() {
  SimilarityReport report;
  report.render_tests = 3;
  report.ranking.students = 3;
  report.ranking.pairs_in_class = 3;
  report.ranking.pairs_scored = 1;
  SimilarPair pair;
  pair.a = "=cmd|' /C calc'!A0";  // a roster id a spreadsheet would run
  pair.b = "<b>bo</b>";
  pair.score = 0.9;
  pair.behaviour = 0.9;
  pair.best_test = "week3/acc [render]";
  pair.shared_failures = {{{"week3/gemm", "wrong-buffer", "abc"}, 2}};
  report.ranking.pairs = {pair};
  report.ranking.clusters = {{"a", "b", "c"}};
  SideBySide shown;
  shown.c_a = "int x;\n// </pre><script>alert(1)</script>\nint y;\n";
  shown.c_b = "int x;\nint y;\n";
  shown.shared_a = {1, 3};
  shown.shared_b = {1, 2};
  report.side_by_side = {shown};
  return report;
}

TEST(SimilarityReport, TheSectionEscapesTheStudentsBytesAndMarksTheSharedLines) {
  const std::string html = similarity_section_html(report_of_one_pair());
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;/pre&gt;&lt;script&gt;"), std::string::npos);
  EXPECT_EQ(html.find("<b>bo</b>"), std::string::npos);
  EXPECT_NE(html.find("<mark>int x;</mark>\n// &lt;/pre&gt;"), std::string::npos) << html;
  EXPECT_NE(html.find("\n<mark>int y;</mark>\n"), std::string::npos);
  EXPECT_NE(html.find("<details id=\"pair-1\" open>"), std::string::npos);
  EXPECT_NE(html.find("week3/gemm: wrong-buffer, shared by 2 of the class"), std::string::npos);
  EXPECT_NE(html.find("<ul id=\"similar-clusters\">"), std::string::npos);
  EXPECT_NE(html.find("How the score is computed"), std::string::npos);
  EXPECT_NE(html.find("not a finding"), std::string::npos);
}

TEST(SimilarityReport, TheEvidenceOpensNearTheFirstSharedLineAndTheListCutsLongFailureLists) {
  SimilarityReport report = report_of_one_pair();
  std::string c;
  for (int line = 1; line <= 10; ++line) c += "int line" + std::to_string(line) + ";\n";
  report.side_by_side[0] = {c, c, {8}, {8}};
  for (int k = 0; k < 4; ++k) report.ranking.pairs[0].shared_failures.push_back({{"t" + std::to_string(k), "crash", "d"}, 2});
  const std::string html = similarity_section_html(report);
  EXPECT_NE(html.find("<pre class=\"sbs\"><i>(5 lines before)</i>\nint line6;\nint line7;\n<mark>int line8;</mark>\n"),
            std::string::npos) << html;
  EXPECT_EQ(html.find("int line5;"), std::string::npos);
  EXPECT_NE(html.find("; and 2 more</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("<li>t3: crash, shared by 2 of the class</li>"), std::string::npos);  // all of them below
}

TEST(SimilarityReport, TheCsvAndTheJsonReadBack) {
  std::ostringstream csv, json;
  write_similarity_csv(report_of_one_pair(), csv);
  write_similarity_json(report_of_one_pair(), json);
  auto rows = parse_csv(csv.str());
  ASSERT_TRUE(std::holds_alternative<std::vector<std::vector<std::string>>>(rows));
  const auto& table = std::get<std::vector<std::vector<std::string>>>(rows);
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table[0][0], "rank");
  EXPECT_EQ(table[1][1], "'=cmd|' /C calc'!A0");  // made text, not a formula
  EXPECT_EQ(table[1][3], "0.9000");
  EXPECT_EQ(table[1][7], "week3/gemm (wrong-buffer, 2 of the class)");
  auto parsed = parse_json(json.str());
  ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed)) << std::get<std::string>(parsed);
  const JsonValue& root = std::get<JsonValue>(parsed);
  ASSERT_NE(root.find("pairs"), nullptr);
  EXPECT_EQ(root.find("pairs")->items.at(0).find("b")->text, "<b>bo</b>");
  EXPECT_EQ(root.find("clusters")->items.at(0).items.size(), 3u);
  EXPECT_NE(root.find("method")->text.find("ln(1 + n/df)"), std::string::npos);
}

TEST(SimilarityReport, TheSourceEvidenceIsInEveryOutputEscaped) {
  SimilarityReport report = report_of_one_pair();
  report.ranking.pairs[0].source = 0.87;
  SourceSimilarity source;
  source.students_with_sources = 3;
  source.files = 5;
  source.handout = true;
  source.runs = {"sim_c over 5 files (and the handout): 0.1 s"};
  source.notes = {"<b>bo</b>: skipped blob.c: not text (a NUL byte or invalid UTF-8)"};
  report.source = source;
  report.handout_dir = "starter";
  SourcePair pair;
  pair.a = report.ranking.pairs[0].a;
  pair.b = report.ranking.pairs[0].b;
  pair.score = 0.87;
  pair.shared_tokens = 870;
  pair.tokens_a = 1000;
  pair.tokens_b = 2000;
  pair.tools = "sim_c";
  pair.files = {{"parse.c", "</p><script>x()</script>.c", 870}};
  report.source_pairs = {pair};

  const std::string html = similarity_section_html(report);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_EQ(html.find("<b>bo</b>"), std::string::npos);
  EXPECT_NE(html.find("<th>source</th>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\">0.87</td>"), std::string::npos) << html;
  // The smaller submission's share (870 of a's 1000 tokens), the tool, the files as the students named them.
  EXPECT_NE(html.find("87% of =cmd|&#39; /C calc&#39;!A0&#39;s source tokens (870 of 1000) are found in &lt;b&gt;bo&lt;/b&gt;&#39;s, "
                      "by sim_c; most in parse.c and &lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;.c: 870 tokens"),
            std::string::npos) << html;
  EXPECT_NE(html.find("&lt;b&gt;bo&lt;/b&gt;: skipped blob.c"), std::string::npos);
  EXPECT_NE(html.find("the handout starter excluded"), std::string::npos);
  EXPECT_NE(html.find("the larger of the behaviour score and the source score"), std::string::npos);

  std::ostringstream csv, json;
  write_similarity_csv(report, csv);
  write_similarity_json(report, json);
  auto rows = parse_csv(csv.str());
  ASSERT_TRUE(std::holds_alternative<std::vector<std::vector<std::string>>>(rows));
  const auto& table = std::get<std::vector<std::vector<std::string>>>(rows);
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table[0][8], "source");
  EXPECT_EQ(table[1][8], "0.8700");
  EXPECT_NE(table[1][9].find("by sim_c"), std::string::npos);
  auto parsed = parse_json(json.str());
  ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed)) << std::get<std::string>(parsed);
  const JsonValue& root = std::get<JsonValue>(parsed);
  ASSERT_NE(root.find("source"), nullptr);
  EXPECT_EQ(root.find("source")->find("handout")->text, "starter");
  EXPECT_EQ(root.find("source")->find("notes")->items.size(), 1u);
  EXPECT_NE(root.find("pairs")->items.at(0).find("source_evidence")->text.find("870 of 1000"), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
