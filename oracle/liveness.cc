// Liveness is a backward reachability over operands: operands always name earlier statements, so one
// pass from the last statement to the first marks everything a root depends on.
#include "oracle/liveness.h"

#include <fmt/format.h>

namespace uir {
namespace {

bool is_output_version(const Stmt& stmt) { return stmt.op == Op::After && stmt.open_ranges.empty(); }

/// Everything the statements for which `is_root` holds depend on, themselves included.
template <typename IsRoot>
std::vector<bool> reached_from(const Program& program, IsRoot is_root) {
  std::vector<bool> reached(program.stmts.size(), false);
  for (size_t k = program.stmts.size(); k-- > 0;) {
    const Stmt& stmt = program.stmts[k];
    if (is_root(stmt)) reached[k] = true;
    if (!reached[k]) continue;
    for (const Operand& operand : stmt.operands)
      if (operand.kind == Operand::Kind::Ref && operand.ref >= 0) reached[operand.ref] = true;
  }
  return reached;
}

}  // namespace

std::vector<bool> live_statements(const Program& program) {
  return reached_from(program, [](const Stmt& s) { return s.op == Op::Assert || is_output_version(s); });
}

std::optional<Error> check_effects_take_effect(const Program& program, const LoopTree& tree) {
  std::vector<bool> visible = reached_from(program, is_output_version);
  for (size_t k = 0; k < program.stmts.size(); ++k) {
    const Stmt& stmt = program.stmts[k];
    if ((stmt.op != Op::Store && stmt.op != Op::End) || visible[k]) continue;
    std::string message = fmt::format("{} {} never takes effect: no after outside every loop depends on it",
                                      op_info(stmt.op).spelling, stmt.name);
    for (int32_t r : stmt.open_ranges)
      if (tree.end_of[r] < 0) {
        message = fmt::format("{} {} never takes effect: range {} is never closed by an end",
                              op_info(stmt.op).spelling, stmt.name, program.stmts[r].name);
        break;
      }
    return Error{Rule::DeadEffect, stmt.line, stmt.column, static_cast<int>(stmt.name.size()), message};
  }
  return std::nullopt;
}

}  // namespace uir
