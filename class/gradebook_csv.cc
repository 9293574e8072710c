#include "class/gradebook_csv.h"

#include <map>
#include <ostream>

#include <fmt/format.h>

#include "base/csv.h"

namespace uirgrade {
namespace {

constexpr Verdict kEveryVerdict[] = {
    Verdict::Pass,  Verdict::WrongExit,    Verdict::WrongBuffer,    Verdict::MalformedOutput,
    Verdict::Timeout, Verdict::Crash,      Verdict::MemoryLimit,    Verdict::OutputLimit,
    Verdict::CompileError, Verdict::SanitizerError, Verdict::ForbiddenConstruct, Verdict::BuildFailed,
    Verdict::InternalError, Verdict::NotRun};

/// Points as a spreadsheet reads them: no exponent, no trailing zeros.
std::string points_text(double points) {
  std::string text = fmt::format("{:.3f}", points);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

struct Totals {
  double points = 0, max = 0;
};

}  // namespace

void write_gradebook(const ClassRun& run, std::ostream& out) {
  // The columns come from the run's tests, so a student with no results (missing) has every column.
  std::map<int, Totals> week_max;
  std::map<std::string, Totals> suite_max;
  double max = 0;
  for (const TestResult& test : run.tests) {
    week_max[test.week].max += test.max_points;
    suite_max[test.suite].max += test.max_points;
    max += test.max_points;
  }
  std::vector<std::string> header = {"student", "status", "score", "max", "percent"};
  for (const auto& [week, totals] : week_max) {
    header.push_back(fmt::format("week {}", week));
    header.push_back(fmt::format("week {} max", week));
  }
  for (const auto& [suite, totals] : suite_max) {
    header.push_back(csv_field(fmt::format("suite {}", suite)));
    header.push_back(csv_field(fmt::format("suite {} max", suite)));
  }
  for (Verdict verdict : kEveryVerdict) header.push_back(std::string(verdict_name(verdict)));
  header.push_back("reason");
  header.push_back("report");
  out << csv_row(header);

  for (const StudentRecord& student : run.students) {
    std::map<int, Totals> weeks = week_max;
    std::map<std::string, Totals> suites = suite_max;
    std::map<Verdict, int> verdicts;
    double score = 0;
    for (const TestResult& result : student.report.results) {
      weeks[result.week].points += result.points;
      suites[result.suite].points += result.points;
      score += result.points;
      ++verdicts[result.verdict];
    }
    std::vector<std::string> row = {csv_field(student.id), std::string(status_name(student.status)),
                                    points_text(score), points_text(max),
                                    max > 0 ? fmt::format("{:.1f}", 100 * score / max) : "0"};
    for (const auto& [week, totals] : week_max) {
      row.push_back(points_text(weeks[week].points));
      row.push_back(points_text(totals.max));
    }
    for (const auto& [suite, totals] : suite_max) {
      row.push_back(points_text(suites[suite].points));
      row.push_back(points_text(totals.max));
    }
    for (Verdict verdict : kEveryVerdict) row.push_back(std::to_string(verdicts[verdict]));
    row.push_back(csv_field(student.reason));
    row.push_back(csv_field("students/" + student.id + ".json"));
    out << csv_row(row);
  }
}

}  // namespace uirgrade
