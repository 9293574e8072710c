#include "grader/display_text.h"

#include <fmt/format.h>

#include <vector>

#include "grader/utf8.h"

namespace uirgrade {
namespace {

// Appends one code point of valid text, spelling out what a terminal or an XML parser would act on.
void append_shown(std::string& out, char32_t code_point, bool keep_line_breaks) {
  switch (code_point) {
    case '\n': out += keep_line_breaks ? "\n" : "\\n"; return;
    case '\t': out += keep_line_breaks ? "\t" : "\\t"; return;
    case '\r': out += "\\r"; return;  // a bare CR would overwrite the line it ends
    default: break;
  }
  if (code_point < 0x20 || code_point == 0x7F) {
    out += fmt::format("\\x{:02x}", static_cast<unsigned>(code_point));
  } else if (code_point >= 0x80 && code_point <= 0x9F) {
    // C1 controls: some terminals take U+009B as the start of an escape sequence.
    out += fmt::format("\\u{:04x}", static_cast<unsigned>(code_point));
  } else if (code_point == 0xFFFE || code_point == 0xFFFF) {
    append_utf8(out, kReplacementCharacter);
  } else {
    append_utf8(out, code_point);
  }
}

std::string shown(std::string_view bytes, bool keep_line_breaks) {
  std::string out;
  out.reserve(bytes.size());
  for (size_t pos = 0; pos < bytes.size();) {
    // Fast path: a run of printable ASCII is copied at once.
    const size_t run_start = pos;
    while (pos < bytes.size() && bytes[pos] >= 0x20 && bytes[pos] < 0x7F) ++pos;
    out.append(bytes, run_start, pos - run_start);
    if (pos == bytes.size()) break;
    const Utf8Step step = next_utf8(bytes, pos);
    append_shown(out, step.code_point, keep_line_breaks);
    pos += step.length;
  }
  return out;
}

}  // namespace

std::string printable_text(std::string_view bytes) { return shown(bytes, true); }

std::string printable_line(std::string_view bytes) { return shown(bytes, false); }

std::string elide_middle(std::string_view text, size_t max_width) {
  // Cut at code point boundaries so that the result stays valid UTF-8.
  std::vector<size_t> starts;  // byte offset of each code point
  for (size_t pos = 0; pos < text.size(); pos += next_utf8(text, pos).length) starts.push_back(pos);
  if (starts.size() <= max_width) return std::string(text);

  const std::string_view dots = "...";
  if (max_width <= dots.size()) return std::string(dots.substr(0, max_width));
  const size_t kept = max_width - dots.size();
  const size_t head = kept - kept / 2;  // the extra code point goes to the front
  const size_t tail = kept / 2;
  std::string out(text.substr(0, starts[head]));
  out += dots;
  out += text.substr(tail == 0 ? text.size() : starts[starts.size() - tail]);
  return out;
}

}  // namespace uirgrade
