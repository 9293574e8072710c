// Text for people: the terminal, JUnit XML, Gradescope. Student output may hold any bytes: shown raw,
// an ANSI escape recolours the grader's terminal, a NUL makes XML ill-formed, and a bidirectional
// override (U+202E) makes a line read differently from what it holds. So text shown to people is
// valid UTF-8 (invalid bytes become U+FFFD) whose control characters, other than newline and tab,
// and whose invisible or direction-changing characters are spelled out as escapes (`\r`, `\x1b`,
// `\x00`, `\u009b`, `\u202e`): the student still sees that the character was there.
//
// And it is bounded (shown_line, shown_block): a student that prints a 1 MiB line must not make a
// report 1 MiB longer. Every report writer passes what it quotes through these (shown_result.h).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace uirgrade {

/// Valid UTF-8 with control characters spelled out; keeps newlines and tabs. Also drops the
/// noncharacters U+FFFE and U+FFFF (as U+FFFD), which XML 1.0 does not allow.
std::string printable_text(std::string_view bytes);
/// printable_text for one line: newlines and tabs are spelled out (`\n`, `\t`) as well.
std::string printable_line(std::string_view bytes);
/// What one quoted text may take in a report, after escaping.
struct DisplayLimits {
  size_t line_bytes = 240;         // one line; longer lines end in "... (N more bytes)"
  size_t lines = 40;               // lines of one block; more end in "... (N more lines)"
  size_t block_bytes = 6 << 10;    // one block (a test's details, its reproduce commands)
};
inline constexpr DisplayLimits kDisplayLimits{};

/// printable_line, cut to kDisplayLimits.line_bytes (the note included). Reads only as much of
/// `bytes` as it shows, so a huge input costs no more than a short one.
std::string shown_line(std::string_view bytes);
/// printable_text with each line cut as by shown_line, at most kDisplayLimits.lines lines and
/// block_bytes bytes (the note of what was left out included).
std::string shown_block(std::string_view bytes);

/// Test-only weakening: while one is alive, shown_line and shown_block escape but never cut, so a
/// test can show what the limits prevent. Not thread-safe; never used outside tests.
class UncappedDisplayForTests {
 public:
  UncappedDisplayForTests();
  ~UncappedDisplayForTests();
  UncappedDisplayForTests(const UncappedDisplayForTests&) = delete;
  UncappedDisplayForTests& operator=(const UncappedDisplayForTests&) = delete;
};

/// At most `max_width` code points: the middle of a longer text becomes "..." (as ninja's
/// ElideMiddle), so that both the suite and the file name of a long test name stay readable.
std::string elide_middle(std::string_view text, size_t max_width);

}  // namespace uirgrade
