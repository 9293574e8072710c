// The progress of a run, as ninja's LinePrinter shows a build. On a terminal: one status line,
// rewritten in place with "\r" and "clear to end of line" (ESC [K), its test name elided in the
// middle so that the line never wraps (a wrapped line cannot be overwritten); a failure first clears
// the status line, is printed on lines of its own, and the status line is drawn again below it. On
// anything else (a CI log, a pipe): one plain line per finished test, nothing overwritten.
#include <fmt/format.h>

#include <chrono>
#include <ostream>

#include "grader/feedback/display_text.h"
#include "reports/report.h"
#include "reports/report_names.h"

namespace uirgrade {
namespace {

double now_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

constexpr std::string_view kClearLine = "\r\x1b[K";

}  // namespace

ProgressPrinter::ProgressPrinter(std::ostream& out, bool is_terminal, int total, size_t columns)
    : out_(out), is_terminal_(is_terminal), total_(total), start_seconds_(now_seconds()), columns_(columns) {}

void ProgressPrinter::test_finished(const TestResult& result) {
  ++done_;
  const bool passed = result.verdict == Verdict::Pass;
  passed ? ++passed_ : ++failed_;
  const std::string counter = fmt::format("[{}/{}]", done_, total_);
  const std::string name = printable_line(result_label(result));
  const std::string failure =
      fmt::format("FAILED {} ({}): {}", name, verdict_name(result.verdict), shown_line(result.message));

  if (!is_terminal_) {
    out_ << counter << ' ' << (passed ? fmt::format("passed {} ({:.2f}s)", name, result.seconds) : failure)
         << '\n';
    return;
  }

  if (!passed) out_ << kClearLine << failure << '\n';
  const std::string status = fmt::format("{} {} passed, {} failed, {:.1f}s: ", counter, passed_, failed_,
                                         now_seconds() - start_seconds_);
  // One column is left free: some terminals wrap when the last column is written.
  const size_t room = columns_ > status.size() + 1 ? columns_ - status.size() - 1 : 0;
  const std::string line = status + elide_middle(name, room);
  out_ << kClearLine << line << std::flush;
  last_width_ = line.size();
}

void ProgressPrinter::finish() {
  if (is_terminal_ && last_width_ > 0) out_ << kClearLine << std::flush;
  last_width_ = 0;
}

}  // namespace uirgrade
