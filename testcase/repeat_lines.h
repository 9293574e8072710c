// Test files that hold a long program as one line of instructions instead of megabytes of text.
//
// A line of a test file that starts with `#repeat FROM..TO: TEMPLATE` stands for TO-FROM+1 lines: the
// template once for every n from FROM to TO, with `{n}` replaced by n and `{n-K}` / `{n+K}` by n-K /
// n+K. The suite loader expands it (testcase/suite.cc) before anything reads the file, so every line
// number, header and result is that of the expanded text, and the compiler under test receives the
// expanded program (docs/format.md Part B). To the oracle and to a student the unexpanded line is a
// comment, so the file alone is not the test: `grade --keep` writes the program as graded.
#pragma once

#include <string>
#include <variant>

#include "testcase/case.h"

namespace uirgrade {

/// A `#repeat` line expands to at most this many lines, and a whole file to at most this many bytes
/// (a suite with a typo of one more digit in TO stops at load with a message, not with the grader
/// out of memory). The largest test of the suites, 33,000 lines, is 0.8 MB.
inline constexpr long kMaxRepeatLines = 1'000'000;
inline constexpr size_t kMaxExpandedTestBytes = 64u << 20;

/// `text` (the file `path`) with each `#repeat` line expanded; a malformed `#repeat` line, or an
/// expansion past the limits above, is a SuiteError naming the file and line. A file without such
/// a line comes back unchanged.
std::variant<std::string, SuiteError> expand_repeat_lines(const std::string& path, const std::string& text);

}  // namespace uirgrade
