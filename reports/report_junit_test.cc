#include <gtest/gtest.h>

#include "reports/report_testing.h"
#include "base/utf8.h"

namespace uirgrade {
namespace {

std::string junit_of(const Report& report) { return report_fixture::written_by(write_junit, report); }

TEST(ReportJunit, HasOnlyCharactersXmlAllows) {
  const std::string xml = junit_of(report_fixture::sample_report());
  for (size_t pos = 0; pos < xml.size();) {
    const Utf8Step step = next_utf8(xml, pos);
    ASSERT_TRUE(step.valid) << "invalid UTF-8 at byte " << pos;
    const char32_t c = step.code_point;
    ASSERT_TRUE(c == '\n' || c == '\t' || c >= 0x20) << "control character " << unsigned(c) << " at " << pos;
    ASSERT_NE(c, 0xFFFEu);
    pos += step.length;
  }
}

// An independent check: python's XML parser reads the file, and its view of the suites and the
// failures is compared with what sample_report holds (counted by hand).
TEST(ReportJunit, PythonParsesItIntoTheExpectedSuitesAndCases) {
  if (!report_fixture::have_python3()) GTEST_SKIP() << "python3 is not installed";
  const std::string path = report_fixture::write_temp_file(junit_of(report_fixture::sample_report()));
  int exit_code = 0;
  const std::string out = report_fixture::run_python(
      "import sys, xml.dom.minidom\n"
      "doc = xml.dom.minidom.parse(sys.argv[1])\n"
      "root = doc.documentElement\n"
      "print(root.tagName, root.getAttribute('tests'), root.getAttribute('failures'), "
      "root.getAttribute('errors'))\n"
      "for s in root.getElementsByTagName('testsuite'):\n"
      "    print(s.getAttribute('name'), s.getAttribute('tests'), s.getAttribute('failures'), "
      "s.getAttribute('errors'))\n"
      "for c in root.getElementsByTagName('testcase'):\n"
      "    bad = c.getElementsByTagName('failure') + c.getElementsByTagName('error')\n"
      "    kind = bad[0].tagName + ':' + bad[0].getAttribute('type') if bad else 'ok'\n"
      "    print(c.getAttribute('classname') + '|' + c.getAttribute('name') + '|' + kind)\n",
      path, &exit_code);
  std::remove(path.c_str());
  ASSERT_EQ(exit_code, 0) << out;
  EXPECT_EQ(out,
            "testsuites 17 11 1\n"
            "fuzz 2 0 0\n"
            "week1 2 1 0\n"
            "week2 3 2 0\n"
            "week3 10 8 1\n"
            "fuzz|fuzz/1|ok\n"
            "fuzz|fuzz/2|ok\n"
            "week1|week1/add|ok\n"
            "week1|week1/odd \"<&>\" é|failure:wrong-exit\n"
            "week2|week2/buffer|failure:wrong-buffer\n"
            "week2|week2/buffer [render]|ok\n"
            "week2|week2/malformed|failure:malformed-output\n"
            "week3|week3/crash|failure:crash\n"
            "week3|week3/hidden_fail|failure:wrong-buffer\n"
            "week3|week3/hidden_pass|ok\n"
            "week3|week3/internal|error:internal-error\n"
            "week3|week3/memory|failure:memory-limit\n"
            "week3|week3/output|failure:output-limit\n"
            "week3|week3/render_cc [render]|failure:compile-error\n"
            "week3|week3/render_loops [render]|failure:forbidden-construct\n"
            "week3|week3/render_ubsan [render]|failure:sanitizer-error\n"
            "week3|week3/timeout|failure:timeout\n");
}

TEST(ReportJunit, FailureCarriesMessageDetailsAndReproduceReadably) {
  Report report;
  report.results.push_back(report_fixture::make_result("week2/buffer", Verdict::WrongBuffer, 0, 1));
  report.results[0].message = "slot 1: \"a\" < b & c";
  report.results[0].details = "line 1\n\x1b[31mline 2\x1b[0m";
  const std::string xml = junit_of(report);
  EXPECT_NE(xml.find("<failure message=\"slot 1: &quot;a&quot; &lt; b &amp; c\" type=\"wrong-buffer\">"
                     "line 1\n\\x1b[31mline 2\\x1b[0m</failure>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<system-out>grade --week 3 --seed 42 --only week2/buffer ./student-uirc</system-out>"),
            std::string::npos)
      << xml;
}

}  // namespace
}  // namespace uirgrade
