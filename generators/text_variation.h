// Spellings of a program's text that spec §1 leaves open, for generated tests (issue 23): spaces
// around `=` optional, attributes in any order, more than one space between tokens, a comment at
// the end of a line, `\r\n` line ends, names with `_`, `.` or a leading digit. Line numbers never change, so an invalid program's rule and
// line stay what the oracle reported; the caller still compiles the result and keeps the original
// when the outcome differs.
#pragma once

#include <cstdint>
#include <string>

namespace uirgen {

/// `text` with each statement line respelt as a seeded draw decides (comment lines, `func` headers
/// and `}` are left alone, but for the names in a header). The same seed always gives the same text.
std::string vary_spelling(const std::string& text, uint64_t seed);

}  // namespace uirgen
