// JUnit XML, in the dialect that GitLab, GitHub actions and Jenkins all read: <testsuites> holding
// one <testsuite> per suite (in the order the suites first appear), each <testcase> with classname
// (the suite), name (the full test name) and time. A failed test carries
// <failure message="..." type="VERDICT">details</failure> and its reproduce commands in
// <system-out>; an internal error (never the student's fault) is an <error> instead, as JUnit
// separates broken tests from failing ones.
//
// Every text goes through shown_result (or printable_line) first, so the XML is well-formed and bounded whatever the student printed:
// valid UTF-8, and no character that XML 1.0 forbids (control characters are spelled out).
#include <fmt/format.h>

#include <map>
#include <ostream>

#include "grader/feedback/display_text.h"
#include "reports/report_digest.h"
#include "reports/report.h"
#include "reports/shown_result.h"
#include "reports/report_names.h"
#include "reports/report_totals.h"
#include "reports/report_work.h"

namespace uirgrade {
namespace {

// For element content and attribute values alike (attributes are always double-quoted).
std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;  // also keeps "]]>" out of content
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

// Attribute values are one line: a parser would turn a raw newline in an attribute into a space.
std::string xml_attribute(std::string_view bytes) { return xml_escape(printable_line(bytes)); }

std::string xml_seconds(double seconds) { return fmt::format("{:.3f}", seconds); }

struct SuiteGroup {
  std::vector<const TestResult*> results;
  Totals totals;
  int errors = 0;  // internal errors
  double seconds = 0;
};

void write_testcase(const TestResult& result, std::ostream& out) {
  out << fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"", xml_attribute(result.suite),
                     xml_attribute(result_label(result)), xml_seconds(result.seconds));
  // A render test's compile time, as a property of the test case (JUnit's schema allows them).
  std::string properties;
  if (result.compile_seconds > 0)
    properties += fmt::format("<property name=\"compile_time\" value=\"{}\"/>", xml_seconds(result.compile_seconds));
  if (result.work && result.work->status == WorkFigure::Status::Measured)  // the figure, for CI dashboards
    properties += fmt::format("<property name=\"work_ratio\" value=\"{:.4f}\"/>", result.work->ratio);
  const std::string compiled =
      properties.empty() ? std::string() : fmt::format("      <properties>{}</properties>\n", properties);
  // A work figure reads as the test's output: a pass with advice is still a pass.
  std::string work;
  for (const std::string& line : work_lines(result)) work += line + "\n";
  const std::string work_out =
      work.empty() ? std::string() : fmt::format("      <system-err>{}</system-err>\n", xml_escape(work));
  if (result.verdict == Verdict::Pass) {
    out << (compiled.empty() && work_out.empty() ? std::string("/>\n") : ">\n" + compiled + work_out + "    </testcase>\n");
    return;
  }
  const char* element = result.verdict == Verdict::InternalError ? "error" : "failure";
  out << ">\n" << compiled;
  const ShownResult shown = shown_result(result);  // bounded and escaped, as in every report
  out << fmt::format("      <{} message=\"{}\" type=\"{}\">{}</{}>\n", element, xml_escape(shown.message),
                     verdict_name(result.verdict), xml_escape(details_and_minimized(shown)), element);
  if (!result.reproduce.empty()) {
    out << fmt::format("      <system-out>{}</system-out>\n", xml_escape(shown.reproduce));
  }
  out << "    </testcase>\n";
}

}  // namespace

void write_junit(const Report& report, std::ostream& out) {
  std::vector<std::string> suite_order;
  std::map<std::string, SuiteGroup> suites;
  int total_errors = 0;
  for (const TestResult& result : report.results) {
    auto [it, inserted] = suites.try_emplace(result.suite);
    if (inserted) suite_order.push_back(result.suite);
    SuiteGroup& group = it->second;
    group.results.push_back(&result);
    group.totals.add(result);
    group.seconds += result.seconds;
    if (result.verdict == Verdict::InternalError) ++group.errors, ++total_errors;
  }
  const Totals totals = add_up(report.results);
  const RunInfo& info = report.info;
  const std::optional<std::string> not_started = did_not_start(report.results);

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format(
      "<testsuites name=\"uirgrade week {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{}\">\n",
      info.week, totals.tests, totals.failed() - total_errors, total_errors, xml_seconds(info.seconds));
  for (const std::string& name : suite_order) {
    const SuiteGroup& group = suites.at(name);
    out << fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\" time=\"{}\">\n",
        xml_attribute(name), group.totals.tests, group.totals.failed() - group.errors, group.errors,
        xml_seconds(group.seconds));
    // The run's facts, so that a CI page alone says how to reproduce it.
    out << "    <properties>\n";
    out << fmt::format("      <property name=\"sandbox\" value=\"{}\"/>\n", xml_attribute(info.isolation));
    // A CI page may be the student's: a secret seed stays in the JSON report.
    if (!info.seed_is_secret) out << fmt::format("      <property name=\"seed\" value=\"{}\"/>\n", info.seed);
    out << fmt::format("      <property name=\"week\" value=\"{}\"/>\n", info.week);
    out << fmt::format("      <property name=\"student\" value=\"{}\"/>\n", xml_attribute(info.student));
    out << fmt::format("      <property name=\"points\" value=\"{:g}/{:g}\"/>\n", group.totals.points,
                       group.totals.max_points);
    if (not_started)  // a compiler that failed alike on every test: the one cause, from visible tests
      out << fmt::format("      <property name=\"cause\" value=\"{}\"/>\n", xml_attribute(shown_line(*not_started)));
    out << "    </properties>\n";
    for (const TestResult* result : group.results) write_testcase(*result, out);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace uirgrade
