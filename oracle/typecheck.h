// The first half of a statement's checks (spec §8): E-SYNTAX that needs values, E-FUNC-BODY,
// E-LITERAL, E-REDEFINED, E-UNDEFINED, E-TYPE and E-OPEN-RANGE, in that order. A statement that
// passes them gets its analysed fields from analyse_statement (statement_analysis.h).
#pragma once

#include <optional>

#include "oracle/error.h"
#include "oracle/program.h"
#include "oracle/statement_analysis.h"

namespace uir {

/// Checks statement `index` of its block (program.stmts, or the body of place.func_index) for the
/// rules E-SYNTAX through E-OPEN-RANGE. Every earlier statement of the block, and every earlier
/// function, must already have passed and been analysed.
std::optional<Error> typecheck_statement(Program& program, StatementPlace place, int index);

/// "catalog message: detail", the message every validator error carries.
std::string rule_message(Rule rule, const std::string& detail);
/// An error of `stmt` with the caret under `operand`.
Error operand_error(Rule rule, const Stmt& stmt, const Operand& operand, const std::string& detail);

/// The line of the first of items[0 .. count) named `name`, or 0: where E-REDEFINED's "already
/// defined on line N" points (items are statements or functions).
template <class Items>
int first_definition_line(const Items& items, int count, std::string_view name) {
  for (int k = 0; k < count; ++k)
    if (items[k].name == name) return items[k].line;
  return 0;
}

/// The 1-based column of `needle` in source line `line` at or after `from_column`, or 0.
int column_of(const Program& program, int line, std::string_view needle, int from_column = 1);

}  // namespace uir
