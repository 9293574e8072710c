#include "grader/feedback/failure_context.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "testcase/compare.h"
#include "oracle/placement_explain.h"
#include "base/text_lines.h"

namespace uirgrade {

std::string program_excerpt(const std::string& source, int line, int column, std::string_view label, int around) {
  std::vector<std::string_view> lines = split_lines(source);
  if (line < 1 || line > static_cast<int>(lines.size())) return "";
  std::string text;
  const int first = std::max(1, line - around), last = std::min(static_cast<int>(lines.size()), line + around);
  for (int k = first; k <= last; ++k) {
    text += fmt::format("  {:>4} | {}\n", k, first_line(lines[k - 1], 120));
    if (k != line) continue;
    std::string_view at = lines[k - 1];
    size_t caret = column > 0 ? static_cast<size_t>(column - 1) : std::min(at.find_first_not_of(" \t"), at.size());
    caret = std::min<size_t>(caret, 120);
    text += fmt::format("       | {}^ {}\n", std::string(caret, ' '), label);
  }
  return text;
}

std::string data_excerpt(const std::string& input_text, size_t max_lines, size_t max_chars) {
  std::vector<std::string_view> lines = split_lines(input_text);
  if (lines.empty()) return "  (no input data: the program has no buffers)\n";
  std::string text;
  for (size_t k = 0; k < lines.size() && k < max_lines; ++k) text += "  " + first_line(lines[k], max_chars) + "\n";
  if (lines.size() > max_lines) text += fmt::format("  ... ({} more lines)\n", lines.size() - max_lines);
  return text;
}

std::string failure_context(const TestCase& test, const FailureFacts& facts) {
  std::string text;
  const uir::Compiled* oracle = facts.oracle;
  if (oracle && oracle->error) {
    const uir::Error& error = *oracle->error;
    text += program_excerpt(test.source, error.line, error.column,
                            fmt::format("the oracle: {}", uir::rule_info(error.rule).id));
  }
  if (facts.oracle_exit == 1 && facts.oracle_assert_line > 0)
    text += program_excerpt(test.source, facts.oracle_assert_line, 0, "the oracle: this assert fails first");
  if (facts.student_assert_line && *facts.student_assert_line != facts.oracle_assert_line)
    text += program_excerpt(test.source, *facts.student_assert_line, 0, "you: this assert fails");
  if (facts.student_error_line && (!oracle || !oracle->error || oracle->error->line != *facts.student_error_line))
    text += program_excerpt(test.source, *facts.student_error_line, 0, "you: an error here");
  if (oracle && !oracle->error) {
    text += "the input data (stdin):\n" + data_excerpt(facts.input_text);
    if (facts.wrong_slot) {
      std::string placement = uir::explain_placements(*oracle, *facts.wrong_slot);
      if (!placement.empty())
        text += fmt::format("where the oracle runs the loads and stores that feed slot {} (uir-oracle lin prog.uir "
                            "prints the whole placement):\n{}",
                            *facts.wrong_slot, placement);
    }
  }
  return text;
}

std::string test_description(const TestCase& test) {
  std::string text = test.description;
  if (!test.about.empty()) text += (text.empty() ? "" : "\n") + std::string("about: ") + test.about;
  return text;
}

}  // namespace uirgrade
