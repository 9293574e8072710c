// Errors are values: a rule ID from the catalog (oracle/rules.def), a line, and the column of the
// operand at fault, so messages can quote the line with a caret under it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "oracle/program.h"

namespace uir {

enum class Rule : uint8_t {
#define UIR_RULE(name, id, message, section) name,
#include "oracle/rules.def"
#undef UIR_RULE
};

struct RuleInfo {
  Rule rule;
  std::string_view id;       // "E-SYNTAX"
  std::string_view message;  // the catalog's one-line message
  std::string_view section;  // "§4.1"
};
const RuleInfo& rule_info(Rule rule);
std::optional<Rule> rule_from_id(std::string_view id);
/// Every rule of the catalog, in the order of spec §8.
const std::vector<RuleInfo>& rule_table();

struct Error {
  Rule rule = Rule::Syntax;
  int line = 0;
  int column = 0;  // 1-based; 0 when no particular column is at fault
  int length = 0;  // characters to underline (at least one caret is drawn when column > 0)
  std::string message;  // specific message; the catalog's message when empty
};

/// "PATH:LINE: error: E-RULE: message" (spec §1), one line, no newline.
std::string error_headline(std::string_view path, const Error& error);
/// The headline, then the offending source line and a caret under the column at fault.
std::string format_error(const Program& program, const Error& error);

}  // namespace uir
