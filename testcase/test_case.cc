#include "testcase/test_case.h"

#include <fmt/format.h>

namespace uirgrade {

std::string format_suite_error(const SuiteError& error) {
  if (error.line > 0) return fmt::format("{}:{}: suite error: {}", error.file, error.line, error.message);
  return fmt::format("{}: suite error: {}", error.file, error.message);
}

}  // namespace uirgrade
