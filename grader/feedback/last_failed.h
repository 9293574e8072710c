// `grade --last-failed`: the names of the tests that failed, kept between runs in a small state
// file (like pytest's cache), so that a student re-grades only what failed until it all passes.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "grader/result.h"

namespace uirgrade {

/// The state file of a week: .uirgrade/last-failed-week<N>.txt under `dir` (the working directory).
std::string last_failed_path(const std::string& dir, int week);

/// The test names in the state file, or nullopt when there is none (or it cannot be read).
std::optional<std::set<std::string>> read_last_failed(const std::string& path);

/// The state after a run: the names that failed before and were not graded now, plus those that
/// failed now (a test graded in two modes is one name). Graded and passed: removed.
std::set<std::string> next_last_failed(const std::set<std::string>& before, const std::vector<TestResult>& graded);

/// Writes the names, one a line; an error message when it cannot.
std::optional<std::string> write_last_failed(const std::string& path, const std::set<std::string>& names);

}  // namespace uirgrade
