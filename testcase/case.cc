#include "testcase/case.h"

#include <fmt/format.h>

namespace uirgrade {

std::string_view mode_name(Mode mode) {
  switch (mode) {
    case Mode::Run: return "run";
    case Mode::Render: return "render";
  }
  return "unknown";
}

std::optional<Mode> mode_from_name(std::string_view name) {
  for (Mode mode : {Mode::Run, Mode::Render}) {
    if (mode_name(mode) == name) return mode;
  }
  return std::nullopt;
}

std::string_view visibility_name(Visibility visibility) {
  switch (visibility) {
    case Visibility::Visible: return "visible";
    case Visibility::AfterDueDate: return "after_due_date";
    case Visibility::Hidden: return "hidden";
  }
  return "unknown";
}

std::optional<Visibility> visibility_from_name(std::string_view name) {
  for (Visibility visibility : {Visibility::Visible, Visibility::AfterDueDate, Visibility::Hidden}) {
    if (visibility_name(visibility) == name) return visibility;
  }
  return std::nullopt;
}

std::string format_suite_error(const SuiteError& error) {
  if (error.line > 0) return fmt::format("{}:{}: suite error: {}", error.file, error.line, error.message);
  return fmt::format("{}: suite error: {}", error.file, error.message);
}

std::string format_suite_warning(const SuiteError& warning) {
  if (warning.line > 0) return fmt::format("{}:{}: warning: {}", warning.file, warning.line, warning.message);
  return fmt::format("{}: warning: {}", warning.file, warning.message);
}

}  // namespace uirgrade
