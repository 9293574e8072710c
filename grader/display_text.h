// Text for people: the terminal, JUnit XML, Gradescope. Student output may hold any bytes: shown raw,
// an ANSI escape recolours the grader's terminal and a NUL makes XML ill-formed. So text shown to
// people is valid UTF-8 (invalid bytes become U+FFFD) whose control characters, other than newline
// and tab, are spelled out as escapes (`\r`, `\x1b`, `\x00`, `\u009b`): the student still sees that
// the byte was there.
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
/// At most `max_width` code points: the middle of a longer text becomes "..." (as ninja's
/// ElideMiddle), so that both the suite and the file name of a long test name stay readable.
std::string elide_middle(std::string_view text, size_t max_width);

}  // namespace uirgrade
