// A failure in context (issue 12): what a student needs next to a verdict to see where the
// program and their compiler part ways, without opening the suite: the lines of the program that
// matter with a caret, the input data, and for a wrong buffer of a program with loops the oracle's
// placement of the loads and stores that feed that buffer (oracle/placement_explain.h).
#pragma once

#include <optional>
#include <string>

#include "testcase/case.h"
#include "oracle/oracle.h"

namespace uirgrade {

/// Lines `line - around .. line + around` of `source`, numbered, with a caret under column
/// `column` of `line` (under its first non-blank character when column is 0) and the `label`
/// after it. Empty when `line` is not a line of `source`.
std::string program_excerpt(const std::string& source, int line, int column, std::string_view label,
                            int around = 2);

/// The first `max_lines` lines of the student's stdin, each cut to `max_chars`, with a count of
/// the lines left out.
std::string data_excerpt(const std::string& input_text, size_t max_lines = 4, size_t max_chars = 100);

/// What the engine knows of a failure, for its context.
struct FailureFacts {
  const uir::Compiled* oracle = nullptr;  // the oracle's compile of the test's program
  int oracle_exit = 0;
  int oracle_assert_line = 0;  // the oracle's failing assert (exit 1)
  std::optional<int> student_assert_line;  // from the student's stderr
  std::optional<int> student_error_line;   // from the student's stderr (exit 2)
  std::optional<int> wrong_slot;           // a wrong buffer: the slot that differs first
  std::string input_text;                  // the student's stdin
};

/// The context block: the program lines at fault (the oracle's error, the failing assert, the line
/// the student blames), the data, and the placement for a wrong buffer in a program with loops.
std::string failure_context(const TestCase& test, const FailureFacts& facts);

/// The test's description for people: its leading comments, then its `# about:` line.
std::string test_description(const TestCase& test);

}  // namespace uirgrade
