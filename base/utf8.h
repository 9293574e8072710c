// UTF-8 decoding for the reports. Student output is arbitrary bytes, but JSON and XML must be valid
// UTF-8, so every writer walks text one code point at a time and replaces each byte that does not
// start a valid sequence with U+FFFD.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace uirgrade {

inline constexpr char32_t kReplacementCharacter = 0xFFFD;

struct Utf8Step {
  char32_t code_point = 0;  // kReplacementCharacter when !valid
  size_t length = 1;        // bytes consumed: an invalid byte is consumed on its own
  bool valid = false;
};

/// Decodes the code point starting at `pos` (< text.size()). Strict: overlong forms, surrogates and
/// values above U+10FFFF are invalid.
Utf8Step next_utf8(std::string_view text, size_t pos);

/// Appends the UTF-8 encoding of `code_point` (which must be a scalar value).
void append_utf8(std::string& out, char32_t code_point);

}  // namespace uirgrade
