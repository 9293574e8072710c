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
std::optional<Error> validate_function(Program& program, int func_index, const Mutants& mutants) {
  Function& func = program.funcs[func_index];
  if (func.redefines) {
    int first_line = first_definition_line(program.funcs, func_index, func.name);
    int column = column_of(program, func.line, func.name, func.column);
    return Error{Rule::Redefined, func.line, column, static_cast<int>(func.name.size()),
                 rule_message(Rule::Redefined,
                              fmt::format("the function {} is already defined on line {}", func.name, first_line))};
  }
  OpRules rules(func.body, mutants);
  bool seen_ret = false;
  for (int k = 0; k < static_cast<int>(func.body.size()); ++k) {
    if (std::optional<Error> error = typecheck_statement(program, {func_index, seen_ret, mutants}, k)) return error;
    analyse_statement(program, {func_index, seen_ret, mutants}, k);
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

/// The mutants skip-e-end-unused and end-checks-first-effect: an effect that an end lists without depending on its range is
/// treated as inside the loop (the student's loop repeats it), as if it had the range open.
void put_effects_inside_the_loop(std::vector<Stmt>& block, const Stmt& end) {
  int32_t range = end.operands.back().ref;
  for (size_t k = 0; k + 1 < end.operands.size(); ++k) {
    RangeSet& open = block[end.operands[k].ref].open_ranges;
    open = open.with(range);
  }
}

/// The mutant rules-in-two-passes: every statement's E-SYNTAX .. E-OPEN-RANGE first, in file order,
/// then every statement's own rules (functions stay whole, checked first).
std::optional<Error> validate_in_two_passes(Program& program, const std::optional<Error>& parse_error,
                                            const Mutants& mutants) {
  for (size_t f = 0; f < program.funcs.size(); ++f)
    if (std::optional<Error> error = validate_function(program, static_cast<int>(f), mutants)) return error;
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k) {
    if (std::optional<Error> error = typecheck_statement(program, {-1, false, mutants}, k)) return error;
    analyse_statement(program, {-1, false, mutants}, k);
  }
  OpRules rules(program.stmts, mutants);
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k)
    if (std::optional<Error> error = rules.check(k)) return error;
  return parse_error;
}

}  // namespace

std::optional<Error> validate(Program& program, const std::optional<Error>& parse_error, const Mutants& mutants) {
  if (mutants.has(Mutant::RulesInTwoPasses)) return validate_in_two_passes(program, parse_error, mutants);
  OpRules rules(program.stmts, mutants);
  size_t next_func = 0;
  auto functions_before = [&](int line) -> std::optional<Error> {
    for (; next_func < program.funcs.size() && program.funcs[next_func].line < line; ++next_func)
      if (std::optional<Error> error = validate_function(program, static_cast<int>(next_func), mutants)) return error;
    return std::nullopt;
  };
  for (int k = 0; k < static_cast<int>(program.stmts.size()); ++k) {
    if (std::optional<Error> error = functions_before(program.stmts[k].line)) return error;
    if (std::optional<Error> error = typecheck_statement(program, {-1, false, mutants}, k)) return error;
    analyse_statement(program, {-1, false, mutants}, k);
    if (std::optional<Error> error = rules.check(k)) return error;
    if ((mutants.has(Mutant::SkipEndUnused) || mutants.has(Mutant::EndChecksFirstEffect)) &&
        program.stmts[k].op == Op::End)
      put_effects_inside_the_loop(program.stmts, program.stmts[k]);
  }
  if (std::optional<Error> error = functions_before(INT32_MAX)) return error;
  return parse_error;
}

}  // namespace uir
