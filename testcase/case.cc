#include "testcase/case.h"

#include <fmt/format.h>

namespace uirgrade {

std::string format_suite_error(const SuiteError& error) {
  if (error.line > 0) return fmt::format("{}:{}: suite error: {}", error.file, error.line, error.message);
  return fmt::format("{}: suite error: {}", error.file, error.message);
}

std::string format_suite_warning(const SuiteError& warning) {
  if (warning.line > 0) return fmt::format("{}:{}: warning: {}", warning.file, warning.line, warning.message);
  return fmt::format("{}: warning: {}", warning.file, warning.message);
}

}  // namespace uirgrade
