#include "reports/shown_result.h"

#include "grader/feedback/display_text.h"

namespace uirgrade {

ShownResult shown_result(const TestResult& result) {
  return ShownResult{shown_line(result.name),        shown_line(result.message),
                     shown_block(result.details),      shown_block(result.reproduce),
                     shown_block(result.description),  shown_block(result.context),
                     shown_block(result.minimized),       shown_line(result.minimized_message),
                     shown_line(result.student_said)};
}

std::string details_and_minimized(const ShownResult& shown) {
  if (shown.minimized.empty()) return shown.details;
  return shown.details + (shown.details.empty() ? "" : "\n\n") + "Minimised: the same failure (" + shown.minimized_message +
         ") on this smaller program:\n" + shown.minimized;
}

}  // namespace uirgrade
