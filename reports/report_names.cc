#include "reports/report_names.h"

namespace uirgrade {

std::optional<Verdict> verdict_from_name(std::string_view name) {
  // Verdict's values are 0..InternalError (the last one) in result.h.
  for (int i = 0; i <= static_cast<int>(Verdict::InternalError); ++i) {
    const auto verdict = static_cast<Verdict>(i);
    if (verdict_name(verdict) == name) return verdict;
  }
  return std::nullopt;
}

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

std::string result_label(const TestResult& result) {
  return result.mode == Mode::Render ? result.name + " [render]" : result.name;
}

bool result_order(const TestResult& a, const TestResult& b) {
  if (a.name != b.name) return a.name < b.name;
  return a.mode == Mode::Run && b.mode == Mode::Render;
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

}  // namespace uirgrade
