#include "grader/shown_result.h"

#include "grader/display_text.h"

namespace uirgrade {

ShownResult shown_result(const TestResult& result) {
  return ShownResult{shown_line(result.name), shown_line(result.message), shown_block(result.details),
                     shown_block(result.reproduce)};
}

}  // namespace uirgrade
