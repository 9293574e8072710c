// Approach: spec §8 reports the first failing statement in file order, and within it the first
// rule in the catalog's order. Top-level statements and functions interleave by line, so the walk
// merges them: a function is checked whole when its header line comes (its header, then its body
// statements, then its missing-ret check at its `}` line), since no top-level line sits inside it.
// Each statement goes through typecheck_statement (E-SYNTAX .. E-OPEN-RANGE, filling its analysed
// fields) and then its op's own rules (OpRules, one per block).
#include "oracle/validate.h"

#include <fmt/format.h>

#include "oracle/op_rules.h"
#include "oracle/typecheck.h"

namespace uir {

namespace {

/// The header (E-REDEFINED for the function's name), the body, then a `ret` missing at `}`.
std::optional<Error> validate_function(Program& program, int func_index) {
  Function& func = program.funcs[func_index];
  if (func.redefines) {
    int first_line = 0;
    for (int k = 0; k < func_index && !first_line; ++k)
      if (program.funcs[k].name == func.name) first_line = program.funcs[k].line;
    int column = column_of(program, func.line, func.name, func.column);
    return Error{Rule::Redefined, func.line, column, static_cast<int>(func.name.size()),
                 rule_message(Rule::Redefined,
                              fmt::format("the function {} is already defined on line {}", func.name, first_line))};
  }
  OpRules rules(func.body);
  bool seen_ret = false;
  for (int k = 0; k < static_cast<int>(func.body.size()); ++k) {
    if (std::optional<Error> error = typecheck_statement(program, {func_index, seen_ret}, k)) return error;
    if (std::optional<Error> error = rules.check(k)) return error;
    seen_ret = seen_ret || func.body[k].op == Op::Ret;
  }
  // A body the parser cut short (close_line 0) ends at the parser's error, which comes later.
  if (!seen_ret && func.close_line > 0) {
    int column = column_of(program, func.close_line, "}");
    return Error{Rule::FuncBody, func.close_line, column, 1,
                 rule_message(Rule::FuncBody, fmt::format("{} ends without a ret", func.name))};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> validate(Program& program, const std::optional<Error>& parse_error) {
  OpRules rules(program.stmts);
  size_t next_func = 0;
  auto functions_before = [&](int line) -> std::optional<Error> {
    for (; next_func < program.funcs.size() && program.funcs[next_func].line < line; ++next_func)
      if (std::optional<Error> error = validate_function(program, static_cast<int>(next_func))) return error;
    return std::nullopt;
  };
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k) {
    if (std::optional<Error> error = functions_before(program.stmts[k].line)) return error;
    if (std::optional<Error> error = typecheck_statement(program, {}, k)) return error;
    if (std::optional<Error> error = rules.check(k)) return error;
  }
  if (std::optional<Error> error = functions_before(INT32_MAX)) return error;
  return parse_error;
}

}  // namespace uir
