// The "stuck" designs are checks on the targets the oracle computed: attempt (a) can emit a
// statement only while exactly its open ranges are open, which is possible only when they are its
// whole chain of loops; the book's idx order nests each loop inside the ranges declared before it,
// so a loop whose parent (from the ends) is declared after it is never opened in a place that exists;
// a scheduler that closes its scopes under "encloses" one step only has a target that is no chain
// from the top whenever a loop of the chain encloses the statement's ranges only transitively.
#include "mutation/mutant_linearize.h"

#include <algorithm>

#include <fmt/format.h>

namespace uirgrade {
namespace {

using uir::Error;
using uir::Kind;
using uir::kTopLevel;
using uir::LoopTree;
using uir::Op;
using uir::Placement;
using uir::Program;
using uir::RangeSet;
using uir::Rule;
using uir::Stmt;
using uir::Users;

Error stuck_at(const Stmt& stmt, const std::string& why) {
  return Error{Rule::Nest, stmt.line, stmt.column, 1, "can't schedule: " + why};
}

/// encloses-direct-only: the student's loops for `stmt` are its open ranges and their direct enclosers
/// (the open ranges of the ends that close them); the first loop of the real chain (around its
/// deepest open range) that this one step leaves out, if any.
std::optional<int32_t> missed_by_one_step(const Program& program, const LoopTree& tree, const Stmt& stmt) {
  RangeSet one_step = stmt.open_ranges;
  for (int32_t r : stmt.open_ranges)
    if (tree.end_of[r] >= 0)
      for (int32_t d : program.stmts[tree.end_of[r]].open_ranges) one_step = one_step.with(d);
  for (int32_t r : stmt.open_ranges)
    for (int32_t p = tree.parent[r]; p != kTopLevel; p = tree.parent[p])
      if (!one_step.contains(p)) return p;
  return std::nullopt;
}

}  // namespace

std::optional<Error> mutant_scheduler_stuck(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                                            const std::vector<int32_t>& target, const Mutants& mutants) {
  for (size_t s = 0; s < program.stmts.size(); ++s) {
    const Stmt& stmt = program.stmts[s];
    if (!live[s]) continue;
    if (mutants.has(Mutant::NestByRangeLine) && stmt.op == Op::Range && tree.parent[s] > static_cast<int32_t>(s))
      return stuck_at(stmt, fmt::format("loop {} must sit inside {}, which is declared after it",
                                        stmt.name, program.stmts[tree.parent[s]].name));
    if (mutants.has(Mutant::EnclosesDirectOnly) && stmt.op != Op::Range && stmt.op != Op::End)
      if (std::optional<int32_t> missed = missed_by_one_step(program, tree, stmt))
        return stuck_at(stmt, fmt::format("{} needs loop {}, which no range of it encloses directly",
                                          stmt.name, program.stmts[*missed].name));
    if (mutants.has(Mutant::ExactScope) && stmt.op != Op::Range && stmt.op != Op::End) {
      size_t chain = 0;
      for (int32_t p = target[s]; p != kTopLevel; p = tree.parent[p]) ++chain;
      if (chain != stmt.open_ranges.size())
        return stuck_at(stmt, fmt::format("the open loops never equal the open ranges of {}", stmt.name));
    }
  }
  return std::nullopt;
}

void place_allocs_with_their_users(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                                   const Users& users, Placement* placement) {
  for (size_t a = 0; a < program.stmts.size(); ++a) {
    if (!live[a] || program.stmts[a].op != Op::Alloc) continue;
    std::span<const int32_t> of = users.of(static_cast<int32_t>(a));
    if (of.empty()) continue;
    int32_t common = placement->place[of[0]];
    for (int32_t u : of) common = tree.common(common, placement->place[u]);
    placement->place[a] = common;
  }
}

void place_values_with_their_users(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                                   const Users& users, Placement* placement) {
  // Users come after what they use in the file, so walking backwards places every user first.
  for (size_t k = program.stmts.size(); k-- > 0;) {
    const Stmt& stmt = program.stmts[k];
    if (!live[k] || stmt.op == Op::Load || stmt.op == Op::Range || (stmt.kind != Kind::Value && stmt.kind != Kind::View))
      continue;
    std::span<const int32_t> of = users.of(static_cast<int32_t>(k));
    if (of.empty()) continue;
    int32_t common = placement->place[of[0]];
    for (int32_t u : of) common = tree.common(common, placement->place[u]);
    int32_t& place = placement->place[k];
    if (common != place && tree.common(common, place) == place) place = common;  // strictly inside its place
  }
}

}  // namespace uirgrade
