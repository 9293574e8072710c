// The words of the work figure, shared by every report (reports/) and the grader's messages.
#include "grader/work/work_result.h"

#include <fmt/format.h>

namespace uirgrade {
namespace {

std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t k = 0; k < names.size(); ++k)
    out += fmt::format("{}`{}`", k == 0 ? "" : k + 1 == names.size() ? " and " : ", ", names[k]);
  return out;
}

std::string times(uint64_t n) { return n == 1 ? "once" : fmt::format("{} times", n); }

}  // namespace

std::string describe_hot_line(const HotLine& hot) {
  std::string where;
  if (hot.oracle_loops.empty()) {
    where = "outside every loop";
  } else {
    where = fmt::format("in loop `{}`", hot.oracle_loops.back());
    if (hot.oracle_loops.size() > 1) {
      std::vector<std::string> outer(hot.oracle_loops.begin(), hot.oracle_loops.end() - 1);
      where += fmt::format(" (inside {})", quoted_list(outer));
    }
  }
  std::string depends = hot.depends_on.empty() ? "it depends on no range"
                                               : fmt::format("it depends only on {}", quoted_list(hot.depends_on));
  return fmt::format("line {} runs {}; the oracle computes `{}` {}, {}: {} (spec §5.3)", hot.line, times(hot.runs),
                     hot.oracle_statement, times(hot.oracle_runs), where, depends);
}

std::string describe_work(const WorkFigure& work) {
  if (work.status != WorkFigure::Status::Measured) {
    std::string text = fmt::format("work not measured: {}", work.message);
    if (work.max_points > 0) text += fmt::format("; 0 of {:g} work points", work.max_points);
    return text;
  }
  std::string text = fmt::format("work {:.2f}x the oracle's ({} instructions in kernel; the oracle's {})", work.ratio,
                                 work.student_instructions, work.oracle_instructions);
  if (work.max_points > 0 && work.limit)
    text += fmt::format("; {} the limit of {:g}x: {:g} of {:g} work points",
                        work.ratio <= *work.limit ? "within" : "over", *work.limit, work.points, work.max_points);
  else
    text += "; advisory: no points depend on it this week";
  return text;
}

}  // namespace uirgrade
