// Approach: spec §8 reports the first failing statement in file order, and within it the first
// rule in the catalog's order. Top-level statements and functions interleave by line, so the walk
// merges them: a function is checked whole when its header line comes (its header, then its body
// statements, then its missing-ret check at its `}` line), since no top-level line sits inside it.
// Each statement goes through typecheck_statement (E-SYNTAX .. E-OPEN-RANGE), analyse_statement
// (its analysed fields, which the next statements and the op rules read) and then its op's own
// rules (OpRules, one per block).
#include "oracle/validate.h"

#include <fmt/format.h>

#include "oracle/op_rules.h"
#include "oracle/statement_analysis.h"
#include "oracle/typecheck.h"

namespace uir {

namespace {

/// The header (E-REDEFINED for the function's name), the body, then a `ret` missing at `}`.
std::optional<Error> validate_function(Program& program, int func_index, const OracleVariant& variant) {
  Function& func = program.funcs[func_index];
  if (func.redefines) {
    int first_line = first_definition_line(program.funcs, func_index, func.name);
    int column = column_of(program, func.line, func.name, func.column);
    return Error{Rule::Redefined, func.line, column, static_cast<int>(func.name.size()),
                 rule_message(Rule::Redefined,
                              fmt::format("the function {} is already defined on line {}", func.name, first_line))};
  }
  OpRules rules(func.body, variant);
  bool seen_ret = false;
  for (int k = 0; k < static_cast<int>(func.body.size()); ++k) {
    if (std::optional<Error> error = typecheck_statement(program, {func_index, seen_ret, &variant}, k)) return error;
    analyse_statement(program, {func_index, seen_ret, &variant}, k);
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

/// A variant that checks in two passes (OracleVariant::checks_statement_by_statement): every
/// statement's E-SYNTAX .. E-OPEN-RANGE first, in file order, then every statement's own rules
/// (functions stay whole, checked first).
std::optional<Error> validate_in_two_passes(Program& program, const std::optional<Error>& parse_error,
                                            const OracleVariant& variant) {
  for (size_t f = 0; f < program.funcs.size(); ++f)
    if (std::optional<Error> error = validate_function(program, static_cast<int>(f), variant)) return error;
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k) {
    if (std::optional<Error> error = typecheck_statement(program, {-1, false, &variant}, k)) return error;
    analyse_statement(program, {-1, false, &variant}, k);
  }
  OpRules rules(program.stmts, variant);
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k)
    if (std::optional<Error> error = rules.check(k)) return error;
  return parse_error;
}

}  // namespace

std::optional<Error> validate(Program& program, const std::optional<Error>& parse_error, const OracleVariant& variant) {
  if (!variant.checks_statement_by_statement()) return validate_in_two_passes(program, parse_error, variant);
  OpRules rules(program.stmts, variant);
  size_t next_func = 0;
  auto functions_before = [&](int line) -> std::optional<Error> {
    for (; next_func < program.funcs.size() && program.funcs[next_func].line < line; ++next_func)
      if (std::optional<Error> error = validate_function(program, static_cast<int>(next_func), variant)) return error;
    return std::nullopt;
  };
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k) {
    if (std::optional<Error> error = functions_before(program.stmts[k].line)) return error;
    if (std::optional<Error> error = typecheck_statement(program, {-1, false, &variant}, k)) return error;
    analyse_statement(program, {-1, false, &variant}, k);
    if (std::optional<Error> error = rules.check(k)) return error;
    variant.statement_checked(program.stmts, k);
  }
  if (std::optional<Error> error = functions_before(INT32_MAX)) return error;
  return parse_error;
}

}  // namespace uir
