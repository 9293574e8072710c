// Student text (a line of their C) goes through the display policy like every other student text.
#include "reports/report_work.h"

#include <fmt/format.h>

#include "grader/feedback/display_text.h"
#include "reports/report_digest.h"

namespace uirgrade {

std::vector<std::string> work_lines(const TestResult& result) {
  if (!result.work) return {};
  std::vector<std::string> lines = {describe_work(*result.work)};
  if (!student_may_see(result)) return lines;
  for (const HotLine& hot : result.work->hot_lines) {
    lines.push_back(describe_hot_line(hot));
    lines.push_back(fmt::format("  {:>5} | {}", hot.line, elide_middle(printable_line(hot.source_line), 100)));
  }
  return lines;
}

void write_work_section(const Report& report, std::ostream& out) {
  bool any = false;
  for (const TestResult& result : report.results) {
    if (!result.work) continue;
    if (!any)
      out << "Work (instructions executed inside kernel, counted by callgrind at -O1 without loop-invariant "
             "motion, against the oracle's kernel; spec §7):\n";
    any = true;
    std::vector<std::string> lines = work_lines(result);
    out << fmt::format("  {}: {}\n", printable_line(result.name), lines.front());
    for (size_t k = 1; k < lines.size(); ++k) out << "    " << lines[k] << '\n';
  }
  if (any) out << '\n';
}

}  // namespace uirgrade
