// The text report for people: every failure first, each starting on a fresh line with its verdict,
// message, the details (a diff, compiler errors) indented below, and the commands that reproduce it;
// then the score table, one row per week (its subtotal) with its suites indented below, and the
// total. All student text goes through shown_result (display_text.h): escaped and bounded.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>

#include "grader/display_text.h"
#include "grader/report.h"
#include "grader/shown_result.h"
#include "grader/report_names.h"
#include "grader/report_totals.h"

namespace uirgrade {
namespace {

// Long details are already cut by the display policy (display_text.h), as in every report.
void write_indented(std::string_view text, std::string_view indent, std::ostream& out) {
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) out << indent << line << '\n';
}

void write_failure(const TestResult& result, std::ostream& out) {
  out << fmt::format("FAILED {} ({}, {}, {:g}/{:g} points, {:.2f}s)\n", printable_line(result.name),
                     mode_name(result.mode), verdict_name(result.verdict), result.points, result.max_points,
                     result.seconds);
  const ShownResult shown = shown_result(result);  // bounded and escaped, as in every report
  if (!shown.message.empty()) out << "  " << shown.message << '\n';
  if (!shown.details.empty()) write_indented(shown.details, "    ", out);
  if (!shown.reproduce.empty()) {
    out << "  reproduce:\n";
    write_indented(shown.reproduce, "    ", out);
  }
  out << '\n';
}

std::string score_row(std::string_view label, const Totals& totals, size_t label_width) {
  return fmt::format("{:<{}}  {:>9}  {:>15}\n", label, label_width,
                     fmt::format("{}/{}", totals.passed, totals.tests),
                     fmt::format("{:g}/{:g}", totals.points, totals.max_points));
}

void write_score_table(const Report& report, std::ostream& out) {
  // week -> suite -> totals; std::map orders weeks numerically and suites by name.
  std::map<int, std::map<std::string, Totals>> by_week;
  for (const TestResult& result : report.results) by_week[result.week][result.suite].add(result);

  size_t label_width = std::string_view("total").size();
  for (const auto& [week, suites] : by_week) {
    label_width = std::max(label_width, fmt::format("week {}", week).size());
    for (const auto& [suite, totals] : suites)
      label_width = std::max(label_width, 2 + printable_line(suite).size());
  }

  if (report.info.seed_is_secret)  // the text report may be what the student sees
    out << fmt::format("Score (week {}, a random seed, in the JSON report):\n", report.info.week);
  else
    out << fmt::format("Score (seed {}, week {}):\n", report.info.seed, report.info.week);
  out << fmt::format("{:<{}}  {:>9}  {:>15}\n", "", label_width, "passed", "points");
  for (const auto& [week, suites] : by_week) {
    Totals week_totals;
    for (const auto& [suite, totals] : suites) week_totals.add(totals);
    out << score_row(fmt::format("week {}", week), week_totals, label_width);
    for (const auto& [suite, totals] : suites)
      out << score_row("  " + printable_line(suite), totals, label_width);
  }
  out << score_row("total", add_up(report.results), label_width);
}

}  // namespace

void write_text(const Report& report, std::ostream& out) {
  const Totals totals = add_up(report.results);
  out << sandbox_line(report.info) << "\n\n";
  for (const TestResult& result : report.results) {
    if (result.verdict != Verdict::Pass) write_failure(result, out);
  }
  if (totals.failed() == 0) {
    out << fmt::format("All {} tests passed.\n\n", totals.tests);
  } else {
    out << fmt::format("{} of {} tests failed.\n\n", totals.failed(), totals.tests);
  }
  write_score_table(report, out);
}

}  // namespace uirgrade
