// The spellings of a result's enums in the reports, and their reverse for `grade merge`.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "grader/result.h"

namespace uirgrade {

std::optional<Verdict> verdict_from_name(std::string_view name);  // the reverse of verdict_name
// A mode's and a visibility's names are the manifest's (testcase/case.h: mode_name, visibility_name).

/// A result's name where one name can be two tests: a manifest may grade a file in both modes
/// (`modes: [run, render]`), so a render-mode result is "NAME [render]". Results are identified
/// by (name, mode).
std::string result_label(const TestResult& result);
/// The order of results in every report: by name, then run before render.
bool result_order(const TestResult& a, const TestResult& b);

}  // namespace uirgrade
