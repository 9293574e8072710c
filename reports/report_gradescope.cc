// Gradescope's results.json (gradescope-autograders.readthedocs.io, "Autograder Specifications").
//
// Visibility is the point of care here. Each test carries the manifest's visibility, and its own
// `output` (message, details, reproduce commands) is shown only as that visibility allows: a hidden
// test's output reaches instructors only. Everything else that students can see (the top-level
// `output`, and the outputs of visible tests) is built from visible facts only: the seed, and
// counts. No hidden or after-due-date test is named there, and no text of theirs is copied there.
// The grader's stdout (the text report, which shows every failure) is marked hidden.
//
// Outputs are plain text (`output_format: text`), so that nothing a student's compiler printed is
// taken as HTML or Markdown, and they pass through printable_text, so that escapes show as `\x1b`.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <map>
#include <ostream>

#include "grader/feedback/display_text.h"
#include "reports/json_writer.h"
#include "reports/report.h"
#include "reports/report_digest.h"
#include "reports/shown_result.h"
#include "reports/report_names.h"
#include "reports/report_totals.h"
#include "reports/report_work.h"

namespace uirgrade {
namespace {

std::string test_output(const TestResult& result) {
  const ShownResult shown = shown_result(result);  // bounded and escaped, as in every report
  std::string text = fmt::format("{} ({} mode, {:.2f}s{})", verdict_name(result.verdict), mode_name(result.mode),
                                 result.seconds,
                                 result.compile_seconds > 0 ? fmt::format(", C compiled in {:.2f}s", result.compile_seconds)
                                                            : std::string());
  if (!shown.message.empty()) text += "\n" + shown.message;
  if (std::string details = details_and_minimized(shown); !details.empty()) text += "\n\n" + details;
  if (!shown.reproduce.empty()) text += "\n\nTo reproduce:\n" + shown.reproduce;
  if (std::vector<std::string> work = work_lines(result); !work.empty()) text += "\n\n" + fmt::format("{}", fmt::join(work, "\n"));
  return text;
}

std::string plural(int count, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

// The top-level output, which every student sees: what the lost points were lost on, the seed and
// counts, and the smallest program of each failing generated test that is not visible (a program
// the minimiser made, not the hidden test's own; the instructor decides by suite whether to show it).
std::string summary_output(const Report& report) {
  Totals visible, after_due_date, hidden;
  std::string minimized;
  for (const TestResult& result : report.results) {
    switch (result.visibility) {
      case Visibility::Visible: visible.add(result); break;
      case Visibility::AfterDueDate: after_due_date.add(result); break;
      case Visibility::Hidden: hidden.add(result); break;
    }
    if (result.visibility != Visibility::Visible && !result.minimized.empty() && student_may_see_minimized(result)) {
      const ShownResult shown = shown_result(result);
      minimized += fmt::format("\nA generated program you cannot see failed; the smallest program that fails the same way "
                            "({}):\n{}",
                            shown.minimized_message, shown.minimized);
    }
  }
  std::string text = sandbox_line(report.info) + "\n";
  // First: a compiler that failed alike on every test is told so once (from visible tests only).
  if (std::optional<std::string> not_started = did_not_start(report.results))
    text += shown_line(*not_started) + "\n";
  text += fmt::format("Points lost: {:g} in visible tests, {:g} in tests you cannot see yet ({:g} hidden, {:g} "
                      "after the due date).\n",
                      visible.lost(), hidden.lost() + after_due_date.lost(), hidden.lost(), after_due_date.lost());
  text += report.info.seed_is_secret ? fmt::format("Week {}\n", report.info.week)
                                     : fmt::format("Seed: {} (week {})\n", report.info.seed, report.info.week);
  text += fmt::format("Visible tests: {} of {} passed, {:g} of {:g} points.\n", visible.passed, visible.tests,
                      visible.points, visible.max_points);
  if (after_due_date.tests > 0) {
    text += plural(after_due_date.tests, "more test is", "more tests are") + " shown after the due date.\n";
  }
  if (hidden.tests > 0) {
    text += plural(hidden.tests, "more test is", "more tests are") + " hidden; they count in the score.\n";
  }
  return text + minimized;
}

}  // namespace

void write_gradescope(const Report& report, std::ostream& out) {
  const Totals totals = add_up(report.results);
  JsonWriter json(out);
  json.begin_object();
  json.key("score").number(totals.points);
  json.key("max_score").number(totals.max_points);
  json.key("execution_time").integer(std::lround(std::ceil(report.info.seconds)));
  json.key("output").string(summary_output(report));
  json.key("output_format").string("text");
  json.key("test_output_format").string("text");
  json.key("test_name_format").string("text");
  json.key("stdout_visibility").string("hidden");
  // Stored with the submission for instructors, never shown to the student: the seed reproduces
  // the run (grade --seed N), even a --seed random one.
  json.key("extra_data");
  json.begin_object();
  json.key("seed").string(std::to_string(report.info.seed));
  json.end_object();
  json.key("tests");
  json.begin_array();
  // "number" is "<suite>.<test>", both counted from 1 in the order they first appear.
  std::map<std::string, std::pair<int, int>> suite_numbering;  // suite -> (its number, tests so far)
  for (const TestResult& result : report.results) {
    auto it = suite_numbering.try_emplace(result.suite, int(suite_numbering.size()) + 1, 0).first;
    const int test_number = ++it->second.second;
    json.begin_object();
    json.key("name").string(printable_line(result_label(result)));
    json.key("number").string(fmt::format("{}.{}", it->second.first, test_number));
    json.key("score").number(result.points);
    json.key("max_score").number(result.max_points);
    json.key("status").string(result.verdict == Verdict::Pass ? "passed" : "failed");
    json.key("output").string(test_output(result));
    json.key("visibility").string(visibility_name(result.visibility));
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

}  // namespace uirgrade
