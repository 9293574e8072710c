// The first half of a statement's checks (spec §8): E-SYNTAX that needs values, E-FUNC-BODY,
// E-LITERAL, E-REDEFINED, E-UNDEFINED, E-TYPE and E-OPEN-RANGE, in that order, and the analysed
// fields a statement gets once it passes them (kind, dtype, length, memory root, version, open
// ranges, constant value, interval).
#pragma once

#include <optional>

#include "oracle/error.h"
#include "oracle/mutants.h"
#include "oracle/program.h"

namespace uir {

/// Where a statement sits: the top level (func_index -1) or the body of program.funcs[func_index].
struct StatementPlace {
  int func_index = -1;
  bool after_ret = false;  // a body statement that follows a `ret` (E-FUNC-BODY)
  Mutants mutants;         // student bugs in the checks (oracle/mutants.h); none for the oracle
};

/// Checks statement `index` of its block (program.stmts, or the body of place.func_index) for the
/// rules E-SYNTAX through E-OPEN-RANGE and, when it passes, fills its analysed fields. Every earlier
/// statement of the block, and every earlier function, must already have passed.
std::optional<Error> typecheck_statement(Program& program, StatementPlace place, int index);

/// "catalog message: detail", the message every validator error carries.
std::string rule_message(Rule rule, const std::string& detail);
/// An error of `stmt` with the caret under `operand`.
Error operand_error(Rule rule, const Stmt& stmt, const Operand& operand, const std::string& detail);

/// The 1-based column of `needle` in source line `line` at or after `from_column`, or 0.
int column_of(const Program& program, int line, std::string_view needle, int from_column = 1);

}  // namespace uir
