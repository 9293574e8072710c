#include "grader/feedback/display_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "base/utf8.h"

namespace uirgrade {
namespace {

bool g_uncapped_for_tests = false;

// Characters a reader cannot see or that change how the text around them reads: bidirectional
// embeddings, overrides and isolates (the "Trojan Source" characters), marks, zero-width and
// invisible characters, line and paragraph separators (line breaks to some viewers, and to
// JavaScript), the byte order mark, interlinear annotations and tag characters (invisible ASCII).
bool is_invisible_or_directional(char32_t c) {
  return c == 0x00AD || c == 0x034F || c == 0x061C || c == 0x115F || c == 0x1160 || c == 0x180E ||
         (c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) ||
         c == 0x3164 || c == 0xFEFF || c == 0xFFA0 || (c >= 0xFFF9 && c <= 0xFFFB) || (c >= 0xE0000 && c <= 0xE007F);
}

// Appends one code point of valid text, spelling out what a terminal, an XML parser or a reader's
// eye would be misled by.
void append_shown(std::string& out, char32_t code_point, bool keep_line_breaks) {
  switch (code_point) {
    case '\n': out += keep_line_breaks ? "\n" : "\\n"; return;
    case '\t': out += keep_line_breaks ? "\t" : "\\t"; return;
    case '\r': out += "\\r"; return;  // a bare CR would overwrite the line it ends
    default: break;
  }
  if (code_point < 0x20 || code_point == 0x7F) {
    out += fmt::format("\\x{:02x}", static_cast<unsigned>(code_point));
  } else if ((code_point >= 0x80 && code_point <= 0x9F) || is_invisible_or_directional(code_point)) {
    // C1 controls: some terminals take U+009B as the start of an escape sequence.
    out += code_point <= 0xFFFF ? fmt::format("\\u{:04x}", static_cast<unsigned>(code_point))
                                : fmt::format("\\U{:08x}", static_cast<unsigned>(code_point));
  } else if (code_point == 0xFFFE || code_point == 0xFFFF) {
    append_utf8(out, kReplacementCharacter);
  } else {
    append_utf8(out, code_point);
  }
}

/// Appends the shown form of `bytes` while `out` stays within `limit` bytes; returns how many bytes
/// of `bytes` were shown (all of them, or where the next character would not fit).
size_t append_shown_within(std::string& out, std::string_view bytes, bool keep_line_breaks, size_t limit) {
  size_t pos = 0;
  std::string piece;
  while (pos < bytes.size() && out.size() < limit) {
    // Fast path: a run of printable ASCII is copied at once.
    const size_t run_start = pos;
    while (pos < bytes.size() && pos - run_start < limit - out.size() && bytes[pos] >= 0x20 && bytes[pos] < 0x7F)
      ++pos;
    out.append(bytes, run_start, pos - run_start);
    if (pos == bytes.size() || out.size() >= limit) break;
    if (bytes[pos] >= 0x20 && bytes[pos] < 0x7F) continue;
    const Utf8Step step = next_utf8(bytes, pos);
    piece.clear();
    append_shown(piece, step.code_point, keep_line_breaks);
    if (out.size() + piece.size() > limit) break;
    out += piece;
    pos += step.length;
  }
  return pos;
}

constexpr size_t kUnlimited = std::numeric_limits<size_t>::max() / 2;
constexpr size_t kNoteRoom = 40;  // "... (18446744073709551615 more bytes)" fits

DisplayLimits limits() {
  return g_uncapped_for_tests ? DisplayLimits{kUnlimited, kUnlimited, kUnlimited} : kDisplayLimits;
}

/// Appends `text` shown, in at most `budget` bytes: cut with a note saying how much was left out.
void append_cut(std::string& out, std::string_view text, bool keep_line_breaks, size_t budget) {
  const size_t start = out.size();
  size_t shown = append_shown_within(out, text, keep_line_breaks, start + budget);
  if (shown == text.size()) return;
  out.resize(start);
  shown = append_shown_within(out, text, keep_line_breaks, start + (budget > kNoteRoom ? budget - kNoteRoom : 0));
  out += fmt::format("... ({} more bytes)", text.size() - shown);
}

std::string shown(std::string_view bytes, bool keep_line_breaks) {
  std::string out;
  out.reserve(bytes.size());
  append_shown_within(out, bytes, keep_line_breaks, kUnlimited);
  return out;
}

}  // namespace

std::string printable_text(std::string_view bytes) { return shown(bytes, true); }

std::string printable_line(std::string_view bytes) { return shown(bytes, false); }

std::string shown_line(std::string_view bytes) {
  std::string out;
  append_cut(out, bytes, false, limits().line_bytes);
  return out;
}

std::string shown_block(std::string_view bytes) {
  const DisplayLimits limit = limits();
  std::string out;
  size_t pos = 0;
  for (size_t lines = 0; pos < bytes.size(); ++lines) {
    const size_t room = limit.block_bytes > out.size() + kNoteRoom ? limit.block_bytes - out.size() - kNoteRoom : 0;
    if (lines == limit.lines) {
      const std::string_view rest = bytes.substr(pos);
      const size_t more = static_cast<size_t>(std::count(rest.begin(), rest.end(), '\n')) + !rest.ends_with('\n');
      out += fmt::format("... ({} more lines)\n", more);
      break;
    }
    if (room == 0) {
      out += fmt::format("... ({} more bytes)\n", bytes.size() - pos);
      break;
    }
    size_t end = bytes.find('\n', pos);
    if (end == std::string_view::npos) end = bytes.size();
    append_cut(out, bytes.substr(pos, end - pos), true, std::min(limit.line_bytes, room));
    if (end < bytes.size()) out += '\n';
    pos = end + 1;
  }
  return out;
}

UncappedDisplayForTests::UncappedDisplayForTests() { g_uncapped_for_tests = true; }
UncappedDisplayForTests::~UncappedDisplayForTests() { g_uncapped_for_tests = false; }

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
