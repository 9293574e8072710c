// Comparing a student's outcome with the oracle's (spec §6.3): buffers with a per-test tolerance,
// the failing assert's line, the reported error rule, and the student's stdout parsed as slot lines.
// Every mismatch comes back as a Difference: one line saying what differs and a short readable diff.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "testcase/case.h"
#include "oracle/data.h"

namespace uirgrade {

/// What differs, for people: `message` is one line, `details` a short diff (may be empty).
struct Difference {
  std::string message;
  std::string details;
  int slot = -1;  // compare_buffers: the slot that differs
};

/// Spec §6.3 for one f32: equal (so -0.0 == 0.0), both NaN, or |got - expected| <= atol +
/// rtol * |expected|. An infinity matches only the same infinity.
bool f32_matches(float expected, float got, const Tolerance& tolerance);

/// Compares the checked slots (`check_slots`, or all when nullopt) of two buffer sets that hold the
/// same slots in the same order; i32 exactly, f32 with f32_matches. Returns the first slot that differs.
std::optional<Difference> compare_buffers(const std::vector<uir::SlotData>& expected,
                                          const std::vector<uir::SlotData>& got,
                                          const std::optional<std::vector<int>>& check_slots,
                                          const Tolerance& tolerance);

/// Parses a student's stdout as the slot lines of `specs` (spec §6.1); a malformed-output
/// Difference names the line and why otherwise.
std::variant<std::vector<uir::SlotData>, Difference> parse_student_output(
    std::string_view out, const std::vector<uir::SlotSpec>& specs);

/// The LINE of a first stderr line of the form `PATH:LINE: assert failed` (spec §6.1), else nullopt.
std::optional<int> assert_line_from_stderr(std::string_view err);

/// An error a compiler under test reported: the first stderr line `PATH:LINE: error: RULE: ...`.
struct ReportedError {
  std::string rule;  // "E-BOUNDS"
  int line = 0;
};
std::optional<ReportedError> error_from_stderr(std::string_view err);

/// The first line of `text` (without its line end), cut to `max_chars` with "..." when longer.
std::string first_line(std::string_view text, size_t max_chars = 200);
/// The first `max_lines` lines of `text`, with "... (N more lines)" when there are more; each line
/// cut at kExcerptLineBytes with "... (N more bytes)", so that an excerpt of a student's stderr (or
/// of a compiler's message quoting the student's 1 MiB line) stays a few KiB, however it was written.
inline constexpr size_t kExcerptLineBytes = 1000;
std::string first_lines(std::string_view text, size_t max_lines);

}  // namespace uirgrade
