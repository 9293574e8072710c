// Only students whose kernel passed a work test have a figure: a failing kernel's work says nothing
// about placement, and the pass rates already show it.
#include "class/class_work.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "reports/html_text.h"
#include "reports/report_names.h"

namespace uirgrade {

std::vector<WorkDistribution> work_distributions(const ClassRun& run) {
  std::map<std::string, WorkDistribution> by_test;
  for (const StudentRecord& student : run.students)
    for (const TestResult& result : student.report.results) {
      if (!result.work) continue;
      WorkDistribution& work = by_test[result_label(result)];
      work.test = result_label(result);
      if (result.work->limit && result.work->max_points > 0) work.threshold = *result.work->limit;
      if (result.work->status != WorkFigure::Status::Measured) {
        ++work.not_measured;
        continue;
      }
      work.ratios.push_back(result.work->ratio);
      work.far_above.emplace_back(student.id, result.work->ratio);
    }
  std::vector<WorkDistribution> ordered;
  for (const TestResult& test : run.tests) {
    auto it = by_test.find(result_label(test));
    if (it == by_test.end()) continue;
    WorkDistribution work = std::move(it->second);
    by_test.erase(it);
    std::sort(work.ratios.begin(), work.ratios.end());
    std::erase_if(work.far_above, [&](const auto& entry) { return entry.second < work.threshold; });
    std::stable_sort(work.far_above.begin(), work.far_above.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    ordered.push_back(std::move(work));
  }
  return ordered;
}

std::string describe_distribution(const WorkDistribution& work) {
  std::string text;
  if (work.ratios.empty()) {
    text = "no kernel measured";
  } else {
    text = fmt::format("min {:.2f}, median {:.2f}, max {:.2f} over {} student{}", work.ratios.front(),
                       work.ratios[work.ratios.size() / 2], work.ratios.back(), work.ratios.size(),
                       work.ratios.size() == 1 ? "" : "s");
  }
  if (work.not_measured > 0) text += fmt::format(" ({} passing kernel{} not measured)", work.not_measured, work.not_measured == 1 ? "" : "s");
  std::vector<std::string> names;
  for (const auto& [id, ratio] : work.far_above) names.push_back(fmt::format("{} {:.2f}x", id, ratio));
  text += names.empty() ? fmt::format("; none far above the oracle (>= {:g}x)", work.threshold)
                        : fmt::format("; far above the oracle (>= {:g}x): {}", work.threshold, fmt::join(names, ", "));
  return text;
}

void write_work_section_html(const ClassRun& run, std::ostream& out) {
  std::vector<WorkDistribution> works = work_distributions(run);
  if (works.empty()) return;
  out << "<h2 id=\"work-title\">Work per test (the kernel's instructions / the oracle's)</h2>\n<table id=\"work\">\n"
         "<tr><th>test</th><th>distribution</th></tr>\n";
  for (const WorkDistribution& work : works)
    out << fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", html_text(work.test), html_text(describe_distribution(work)));
  out << "</table>\n";
}

}  // namespace uirgrade
