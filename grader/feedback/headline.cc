#include "grader/feedback/headline.h"

#include <algorithm>
#include <array>
#include <vector>

#include "testcase/compare.h"
#include "base/text_lines.h"

namespace uirgrade {
namespace {

bool blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

bool contains(std::string_view line, std::string_view part) { return line.find(part) != std::string_view::npos; }

}  // namespace

std::string compiler_error_headline(std::string_view output, size_t max_chars) {
  std::vector<std::string_view> lines = split_lines(output);
  for (std::string_view line : lines)
    if (contains(line, "error:") || contains(line, "undefined reference")) return first_line(line, max_chars);
  for (std::string_view line : lines)
    if (!blank(line) && !contains(line, "In function") && !contains(line, "At top level") &&
        !line.starts_with("In file included from") && !contains(line, "In instantiation of"))
      return first_line(line, max_chars);
  return first_line(output, max_chars);
}

std::string stderr_headline(std::string_view err, size_t max_chars) {
  std::vector<std::string_view> lines = split_lines(err);
  size_t traceback = lines.size();
  for (size_t k = 0; k < lines.size(); ++k)
    if (lines[k].starts_with("Traceback (most recent call last):")) traceback = k;
  if (traceback < lines.size()) {
    for (size_t k = traceback + 1; k < lines.size(); ++k)
      if (!blank(lines[k]) && lines[k][0] != ' ' && lines[k][0] != '\t') return first_line(lines[k], max_chars);
  }
  for (std::string_view line : lines)
    if (!blank(line)) return first_line(line, max_chars);
  return "";
}

std::string own_words(std::string_view err, std::string_view out, size_t max_chars) {
  if (std::string headline = stderr_headline(err, max_chars); !headline.empty()) return "stderr: " + headline;
  // Two lines of stdout: a runtime's start-up failure is often a line of context, then the reason.
  std::string said;
  int lines = 0;
  for (size_t start = 0; start < out.size() && lines < 2 && said.size() < max_chars;) {
    size_t end = std::min(out.find('\n', start), out.size());
    std::string_view line = out.substr(start, end - start);
    start = end + 1;
    if (blank(line)) continue;
    said += (lines++ ? " | " : "") + first_line(line, max_chars);
  }
  if (said.size() > max_chars) said = said.substr(0, max_chars) + "...";
  return said.empty() ? "" : "stdout: " + said;
}

bool reports_memory_exhaustion(std::string_view err) {
  if (error_from_stderr(err) || assert_line_from_stderr(err)) return false;
  static constexpr std::array<std::string_view, 7> kMarkers = {
      "MemoryError", "std::bad_alloc", "OutOfMemoryError", "out of memory", "Cannot allocate memory",
      "memory allocation of",  // Rust: "memory allocation of N bytes failed"
      "cannot allocate memory"};
  std::string headline = stderr_headline(err, std::string::npos);
  for (std::string_view marker : kMarkers)
    if (contains(headline, marker)) return true;
  return false;
}

}  // namespace uirgrade
