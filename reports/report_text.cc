// The text report for people, a digest (issue 12): the failures grouped by cause, each cause with one
// test in full (what it tests, how it failed, the program lines and data, the commands) and the
// smallest generated program with that cause; then one line per failed test; then the score table,
// one row per week (its subtotal) with its suites indented below, and the total. Students read it
// (CI logs), so a test they may not see is named only. All student text goes through shown_result
// (display_text.h): escaped and bounded, as in every report; the digest cuts its example further.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>

#include "grader/feedback/display_text.h"
#include "reports/report.h"
#include "reports/report_digest.h"
#include "reports/shown_result.h"
#include "reports/plural.h"
#include "reports/report_names.h"
#include "reports/report_totals.h"
#include "reports/report_work.h"

namespace uirgrade {
namespace {

// The example of a cause shows this much of each block (already bounded by the display policy).
constexpr int kMaxDetailLines = 16;
constexpr int kMaxContextLines = 24;
constexpr size_t kMaxReasonChars = 110;  // a reason in the closing list

void write_indented(std::string_view text, std::string_view indent, int max_lines, std::ostream& out) {
  std::istringstream lines{std::string(text)};
  std::string line;
  int shown = 0, total = 0;
  while (std::getline(lines, line)) {
    if (++total > max_lines) continue;
    out << indent << line << '\n';
    ++shown;
  }
  if (total > shown) out << indent << fmt::format("... ({} more lines)\n", total - shown);
}

std::string modes_of(const FailedTest& test) {
  std::vector<std::string> modes;
  for (const TestResult* result : test.results) modes.emplace_back(mode_name(result->mode));
  return fmt::format("[{}]", fmt::join(modes, ", "));
}

/// "1 point lost", "2 points lost", "0.5 points lost": a student reads this line first.
std::string points_lost(const FailedTest& test) {
  double lost = 0;
  for (const TestResult* result : test.results) lost += result->max_points - result->points;
  return fmt::format("{:g} point{} lost", lost, lost == 1 ? "" : "s");
}

int statement_count(std::string_view program) {
  int count = 0;
  std::istringstream lines{std::string(program)};
  std::string line;
  while (std::getline(lines, line)) {
    size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] != '#') ++count;
  }
  return count;
}

/// One test in full: what it tests, how each mode failed, the program lines and data, the commands.
void write_example(const FailedTest& test, std::ostream& out) {
  const ShownResult first = shown_result(test.first());
  out << fmt::format("FAILED {} {} ({})\n", first.name, modes_of(test), points_lost(test));
  if (!first.description.empty()) {
    out << "  what it tests:\n";
    write_indented(first.description, "    ", 8, out);
  }
  for (const TestResult* result : test.results) {
    bool same = result != &test.first() && result->verdict == test.first().verdict &&
                result->details == test.first().details;
    const ShownResult shown = shown_result(*result);
    const std::string compiled =
        result->compile_seconds > 0 ? fmt::format(" (C compiled in {:.2f}s)", result->compile_seconds) : std::string();
    out << fmt::format("  {}: {}{}\n", mode_name(result->mode), same ? std::string("the same failure") : shown.message,
                       compiled);
    if (!same && !shown.details.empty()) write_indented(shown.details, "    ", kMaxDetailLines, out);
  }
  if (!first.context.empty()) write_indented(first.context, "  ", kMaxContextLines, out);
  if (!first.reproduce.empty()) {
    out << "  reproduce:\n";
    write_indented(first.reproduce, "    ", kMaxDetailLines, out);
  }
}

/// The smallest minimised program among a cause's generated tests that a student may read, if any.
const TestResult* smallest_minimized(const Cause& cause) {
  const TestResult* best = nullptr;
  int best_count = 0;
  for (const FailedTest& test : cause.tests)
    for (const TestResult* result : test.results) {
      if (result->minimized.empty() || !student_may_see_minimized(*result)) continue;
      const int count = statement_count(result->minimized);
      if (!best || count < best_count) best = result, best_count = count;
    }
  return best;
}

void write_cause(const Cause& cause, size_t number, size_t causes, std::ostream& out) {
  const int generated = cause.generated();
  const int hand_written = static_cast<int>(cause.tests.size()) - generated;
  out << fmt::format("== cause {} of {}: {} ({} test{}: {} hand-written, {} generated)\n\n", number, causes,
                     shown_line(cause.label), cause.tests.size(), cause.tests.size() == 1 ? "" : "s",
                     hand_written, generated);
  auto example = std::find_if(cause.tests.begin(), cause.tests.end(),
                              [](const FailedTest& t) { return student_may_see(t.first()); });
  if (example != cause.tests.end()) {
    write_example(*example, out);
    out << '\n';
  }
  if (const TestResult* smallest = smallest_minimized(cause)) {
    const ShownResult minimized = shown_result(*smallest);
    out << fmt::format("The smallest generated program with this cause ({} statements, minimised from {}; {}):\n",
                       statement_count(smallest->minimized), minimized.name, minimized.minimized_message);
    write_indented(minimized.minimized, "    ", 40, out);
    out << '\n';
  }
  std::vector<std::string> others;
  for (const FailedTest& test : cause.tests)
    if (example == cause.tests.end() || &test != &*example) others.push_back(shown_line(test.first().name));
  if (!others.empty()) {
    std::string line = example == cause.tests.end() ? "Tests you may not see yet (hidden or after the due date):"
                                                    : "Also with this cause:";
    for (const std::string& name : others) {
      if (line.size() + name.size() + 2 > 100) {
        out << line << '\n';
        line = "   ";
      }
      line += " " + name + (&name == &others.back() ? "" : ",");
    }
    out << line << "\n\n";
  }
}

/// lit's "Failed Tests (N)", pytest's short summary: one line per failed test.
/// In report order, hand-written tests before generated ones.
void write_closing_list(const std::vector<Cause>& causes, std::ostream& out) {
  std::vector<const FailedTest*> all;
  for (const Cause& cause : causes)
    for (const FailedTest& test : cause.tests) all.push_back(&test);
  out << fmt::format("Failed tests ({}):\n", all.size());
  std::stable_sort(all.begin(), all.end(), [](const FailedTest* a, const FailedTest* b) {
    if (a->generated != b->generated) return !a->generated;
    return a->results.front() < b->results.front();  // results are one vector in report order
  });
  size_t width = 0;
  for (const FailedTest* test : all)
    width = std::max(width, shown_line(test->first().name).size() + modes_of(*test).size() + 1);
  width = std::min<size_t>(width, 60);
  for (const FailedTest* test : all) {
    const TestResult& first = test->first();
    std::string reason = student_may_see(first)
                             ? first.message
                             : fmt::format("{} test, {}", first.visibility == Visibility::Hidden ? "hidden" : "after-due-date",
                                           points_lost(*test));
    out << fmt::format("  {:<{}}  {}\n", shown_line(first.name) + " " + modes_of(*test), width,
                       elide_middle(shown_line(reason), kMaxReasonChars));
  }
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
  const std::vector<Cause> causes = group_by_cause(report.results);
  if (totals.failed() == 0) {
    out << (totals.tests == 1 ? std::string("The test passed.\n\n") : fmt::format("All {} tests passed.\n\n", totals.tests));
  } else {
    out << fmt::format("{} of {} failed ({:g} of {:g} points lost), {}:\n\n", totals.failed(),
                       count_of(totals.tests, "test"), totals.lost(), totals.max_points, count_of(causes.size(), "cause"));
    for (size_t k = 0; k < causes.size(); ++k) write_cause(causes[k], k + 1, causes.size(), out);
    write_closing_list(causes, out);
    out << '\n';
  }
  write_work_section(report, out);
  write_score_table(report, out);
}

}  // namespace uirgrade
