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

std::string result_label(const TestResult& result) {
  return result.mode == Mode::Render ? result.name + " [render]" : result.name;
}

bool result_order(const TestResult& a, const TestResult& b) {
  if (a.name != b.name) return a.name < b.name;
  return a.mode == Mode::Run && b.mode == Mode::Render;
}

}  // namespace uirgrade
