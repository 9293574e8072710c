// The loop nest of a program (spec §5.1): which range encloses which, taken from the ends, and the
// loop each statement is placed in (its target).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "oracle/error.h"
#include "oracle/program.h"

namespace uir {

/// A place in the loop tree: the innermost open loop, named by its `range` statement, or kTopLevel.
/// A target is a chain of nested loops, so its innermost loop names it whole.
constexpr int32_t kTopLevel = -1;

/// The loop tree: every range's parent, from the ends. Indexed by statement; only ranges have entries
/// that mean anything.
struct LoopTree {
  std::vector<int32_t> parent;  // the innermost range enclosing this range, or kTopLevel
  std::vector<int> level;       // the number of loops open inside this range's body (1 at the top)
  std::vector<int32_t> end_of;  // the `end` that closes this range, or -1
  std::vector<bool> broken;     // its enclosing ranges are not one chain (no nest holds it)

  /// Loops open at `place`: 0 at the top level.
  int level_of(int32_t place) const { return place == kTopLevel ? 0 : level[place]; }
  /// Whether `outer` is `inner` or one of the loops around it.
  bool contains(int32_t outer, int32_t inner) const;
  /// The innermost place containing both.
  int32_t common(int32_t a, int32_t b) const;
  /// The loop directly inside `outer` on the way to `inner` (which `outer` strictly contains).
  int32_t child_toward(int32_t outer, int32_t inner) const;
};

/// Builds the loop tree from every `end` of the program (live or not). Returns E-NEST for the first
/// range, in file order, that encloses itself, naming the cycle.
std::optional<Error> build_loop_tree(const Program& program, LoopTree* tree);

/// The place of statement `s`: the innermost of its open ranges and the ranges enclosing them (for a
/// range, the place where it is opened). Returns E-NEST when those are not one chain of loops.
std::optional<Error> find_target(const Program& program, const LoopTree& tree, int32_t s,
                                 int32_t* target);

}  // namespace uir
