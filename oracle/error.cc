// The rule catalog (oracle/rules.def) and the spec §1 error format with a caret line.
#include "oracle/error.h"

#include <fmt/format.h>

namespace uir {

const std::vector<RuleInfo>& rule_table() {
  static const std::vector<RuleInfo> table = {
#define UIR_RULE(name, id, message, section) {Rule::name, id, message, section},
#include "oracle/rules.def"
#undef UIR_RULE
  };
  return table;
}

const RuleInfo& rule_info(Rule rule) { return rule_table()[static_cast<size_t>(rule)]; }

std::optional<Rule> rule_from_id(std::string_view id) {
  for (const RuleInfo& info : rule_table())
    if (info.id == id) return info.rule;
  return std::nullopt;
}

std::string error_headline(std::string_view path, const Error& error) {
  const RuleInfo& info = rule_info(error.rule);
  std::string_view message = error.message.empty() ? info.message : std::string_view(error.message);
  return fmt::format("{}:{}: error: {}: {}", path, error.line, info.id, message);
}

std::string format_error(const Program& program, const Error& error) {
  std::string out = error_headline(program.path, error);
  if (error.line < 1 || error.line > static_cast<int>(program.lines.size())) return out;
  std::string_view source = program.lines[error.line - 1];
  out += "\n";
  out += source;
  if (error.column > 0) {
    // Tabs stay tabs under the caret so it lines up whatever the terminal's tab width.
    std::string pad;
    for (int i = 0; i + 1 < error.column && i < static_cast<int>(source.size()); ++i)
      pad += source[i] == '\t' ? '\t' : ' ';
    out += "\n" + pad + std::string(std::max(1, error.length), '^');
  }
  return out;
}

}  // namespace uir
