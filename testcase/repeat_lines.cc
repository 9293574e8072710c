// One pass over the file's lines: a `#repeat` line is parsed (its range, then its template cut
// into literal text and `{n±K}` placeholders once) and written out TO-FROM+1 times; every other line
// is copied as it is, with its own line end.
#include "testcase/repeat_lines.h"

#include <charconv>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace uirgrade {
namespace {

constexpr std::string_view kRepeat = "#repeat ";

/// A template cut into pieces: literal text, or n plus an offset.
struct Piece {
  std::string literal;
  bool is_number = false;
  long offset = 0;
};

/// Reads a decimal integer (an optional '-', then digits) at the front of `text`, advancing it.
bool read_integer(std::string_view& text, long& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr == text.data()) return false;
  text.remove_prefix(static_cast<size_t>(ptr - text.data()));
  return true;
}

/// `{n}`, `{n-K}` or `{n+K}` at the front of `text`: its offset, and `text` advanced past it.
bool read_placeholder(std::string_view& text, long& offset) {
  if (text.substr(0, 2) != "{n") return false;
  std::string_view rest = text.substr(2);
  offset = 0;
  if (!rest.empty() && (rest[0] == '+' || rest[0] == '-')) {
    const bool minus = rest[0] == '-';
    rest.remove_prefix(1);
    if (rest.empty() || rest[0] < '0' || rest[0] > '9' || !read_integer(rest, offset)) return false;
    if (minus) offset = -offset;
  }
  if (rest.empty() || rest[0] != '}') return false;
  text = rest.substr(1);
  return true;
}

std::vector<Piece> cut_template(std::string_view text) {
  std::vector<Piece> pieces;
  while (!text.empty()) {
    long offset = 0;
    if (read_placeholder(text, offset)) {
      pieces.push_back(Piece{"", true, offset});
      continue;
    }
    if (pieces.empty() || pieces.back().is_number) pieces.push_back(Piece{});
    pieces.back().literal += text[0];
    text.remove_prefix(1);
  }
  return pieces;
}

}  // namespace

std::variant<std::string, SuiteError> expand_repeat_lines(const std::string& path, const std::string& text) {
  if (text.find(kRepeat) == std::string::npos) return text;
  std::string out;
  int line_number = 0;
  for (size_t start = 0; start < text.size();) {
    ++line_number;
    size_t newline = text.find('\n', start);
    const size_t end = newline == std::string::npos ? text.size() : newline + 1;
    std::string_view line(text.data() + start, end - start);
    start = end;
    if (line.substr(0, kRepeat.size()) != kRepeat) {
      out += line;
      continue;
    }
    // The line's own end ("\n", "\r\n" or none at the end of the file) ends each line it stands for.
    std::string_view body = line;
    std::string_view line_end;
    if (!body.empty() && body.back() == '\n') body.remove_suffix(1), line_end = "\n";
    if (!body.empty() && body.back() == '\r') body.remove_suffix(1), line_end = "\r\n";
    std::string_view spec = body.substr(kRepeat.size());
    long from = 0, to = 0;
    const bool well_formed = read_integer(spec, from) && spec.substr(0, 2) == ".." &&
                             (spec.remove_prefix(2), read_integer(spec, to)) && spec.substr(0, 2) == ": ";
    if (!well_formed)
      return SuiteError{path, line_number, "a '#repeat' line is '#repeat FROM..TO: TEMPLATE' (FROM, TO integers)"};
    if (to < from)
      return SuiteError{path, line_number, fmt::format("'#repeat {}..{}': TO is below FROM", from, to)};
    if (to - from + 1 > kMaxRepeatLines)
      return SuiteError{path, line_number,
                        fmt::format("'#repeat {}..{}' stands for {} lines; at most {} (testcase/repeat_lines.h)", from,
                                    to, to - from + 1, kMaxRepeatLines)};
    const std::vector<Piece> pieces = cut_template(spec.substr(2));
    for (long n = from; n <= to; ++n) {
      for (const Piece& piece : pieces) {
        if (piece.is_number)
          out += std::to_string(n + piece.offset);
        else
          out += piece.literal;
      }
      out += (n < to || !line_end.empty()) ? (line_end.empty() ? std::string_view("\n") : line_end) : "";
      if (out.size() > kMaxExpandedTestBytes)
        return SuiteError{path, line_number,
                          fmt::format("the '#repeat' lines make the file larger than {} MiB (testcase/repeat_lines.h)",
                                      kMaxExpandedTestBytes >> 20)};
    }
  }
  return out;
}

}  // namespace uirgrade
