// Blanking the leading comment block (spec §7). A line is "before the first statement" while its
// text, after blanks, is empty or starts with `#`, the same rule the header parser uses
// (case_headers.cc), so everything the parser could read as a header or free text is blanked.
// Whitespace-only lines are emptied too: they carry nothing a program needs, and spaces could carry
// information as well as any comment.
#include "testcase/student_program.h"

namespace uirgrade {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

bool starts_statement(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && is_blank(line[i])) ++i;
  return i < line.size() && line[i] != '#';
}

}  // namespace

std::string student_program(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    if (starts_statement(line)) {
      out.append(text.substr(pos));
      return out;
    }
    if (nl == std::string_view::npos) break;  // a last comment line without a newline: nothing left
    if (!line.empty() && line.back() == '\r') out += '\r';
    out += '\n';
    pos = nl + 1;
  }
  return out;
}

}  // namespace uirgrade
