// The spellings of a result's enums in the reports, and their reverse for `grade merge`.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "grader/result.h"

namespace uirgrade {

std::optional<Verdict> verdict_from_name(std::string_view name);  // the reverse of verdict_name
std::string_view mode_name(Mode mode);                            // "run", "render"
std::optional<Mode> mode_from_name(std::string_view name);
/// The manifest's (and Gradescope's) spelling: "visible", "after_due_date", "hidden".
std::string_view visibility_name(Visibility visibility);
std::optional<Visibility> visibility_from_name(std::string_view name);

/// A result's name where one name can be two tests: a manifest may grade a file in both modes
/// (`modes: [run, render]`), so a render-mode result is "NAME [render]". Results are identified
/// by (name, mode).
std::string result_label(const TestResult& result);
/// The order of results in every report: by name, then run before render.
bool result_order(const TestResult& a, const TestResult& b);

}  // namespace uirgrade
