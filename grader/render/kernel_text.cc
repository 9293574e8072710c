// One pass over the bytes, keeping the line and where it starts. Each refusal names what gcc would
// do with the byte, so that a student who emitted it by accident sees why it matters: the checks
// of spec §6.2 read the text as gcc does only when no byte is read two ways.
#include "grader/render/kernel_text.h"

#include <cstdint>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"
#include "grader/render/c_tokens.h"
#include "base/utf8.h"

namespace uirgrade {
namespace {

/// Blanks gcc skips between a backslash and the newline it still splices (gcc warns and splices).
bool splice_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\f' || ch == '\v' || ch == '\r'; }

/// The line that starts at `start`, as a student can read it (control bytes spelled out, cut short).
std::string readable_line(std::string_view c, size_t start) {
  size_t end = c.find('\n', start);
  std::string_view line = c.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  if (line.ends_with('\r')) line.remove_suffix(1);
  return shown_line(line);
}

}  // namespace

std::optional<ForbiddenConstruct> find_unreadable_kernel_text(std::string_view c) {
  int line = 1;
  size_t line_start = 0;
  auto refuse = [&](std::string what) {
    return ForbiddenConstruct{std::move(what) + " (the grader reads a kernel exactly as the C compiler does)", line,
                              readable_line(c, line_start)};
  };
  if (c.size() > kMaxKernelBytes) return kernel_too_large(c.substr(0, kMaxKernelBytes));
  for (size_t k = 0; k < c.size();) {
    const unsigned char byte = static_cast<unsigned char>(c[k]);
    const size_t column = k - line_start + 1;
    if (byte == '\n') {
      ++line;
      line_start = ++k;
      continue;
    }
    if (byte == '\r') {
      if (k + 1 < c.size() && c[k + 1] == '\n') {
        ++k;
        continue;
      }
      return refuse(fmt::format("has a carriage return (CR) at column {} that no line feed follows: gcc ends a "
                                "line there, so what follows would be read as code after a `//` comment or as a "
                                "new line; end lines with LF or CR LF",
                                column));
    }
    if (byte == '\\') {
      size_t next = k + 1;
      while (next < c.size() && splice_blank(c[next])) ++next;
      if (next == c.size() || c[next] == '\n')
        return refuse(fmt::format("ends a line with a backslash (column {}): gcc joins the next line to it (a line "
                                  "splice), which continues a `//` comment or a directive and cuts words in two",
                                  column));
      ++k;
      continue;
    }
    if (byte == '?' && k + 2 < c.size() && c[k + 1] == '?' && trigraph_meaning(c[k + 2]))
      return refuse(fmt::format("has the trigraph `??{}` at column {}: gcc reads it as `{}` under -std=c11, even in "
                                "comments and strings (write `?\\?{}` in a string)",
                                c[k + 2], column, trigraph_meaning(c[k + 2]), c[k + 2]));
    if (byte < 0x80) {
      if ((byte < 0x20 && byte != '\t' && byte != '\f') || byte == 0x7f)
        return refuse(fmt::format("has the control character \\x{:02x} at column {}: a kernel is plain text, with no "
                                  "control character but tab and form feed",
                                  byte, column));
      ++k;
      continue;
    }
    const Utf8Step step = next_utf8(c, k);
    if (!step.valid)
      return refuse(fmt::format("has the byte \\x{:02x} at column {}, which does not start a valid UTF-8 character: "
                                "a kernel is UTF-8 text",
                                byte, column));
    if (step.code_point >= 0x80 && step.code_point <= 0x9f)
      return refuse(fmt::format("has the control character U+{:04X} at column {}: a kernel is plain text, with no "
                                "control character but tab and form feed",
                                static_cast<uint32_t>(step.code_point), column));
    k += step.length;
  }
  return std::nullopt;
}

ForbiddenConstruct kernel_too_large(std::string_view kept) {
  int line = 1;
  size_t line_start = 0;
  for (size_t k = 0; k < kept.size(); ++k)
    if (kept[k] == '\n') ++line, line_start = k + 1;
  return ForbiddenConstruct{fmt::format("the rendered C is longer than {} bytes (1 MiB), the most a kernel may be; it "
                                        "passes that size on this line",
                                        kMaxKernelBytes),
                            line, readable_line(kept, line_start)};
}

}  // namespace uirgrade
