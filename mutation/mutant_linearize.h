// The linearizer's mutants that are whole decisions of their own, not a switch inside a stage
// (mutation/catalogue.def): the book's deadlocking designs, and the book's ALLOC placement.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "mutation/catalogue.h"
#include "oracle/error.h"
#include "oracle/load_placement.h"
#include "oracle/nesting.h"
#include "oracle/users.h"

namespace uirgrade {

/// exact-scope, nest-by-range-line and encloses-direct-only: the error a student's scheduler stops with (E-NEST, "can't
/// schedule") on a valid program that its design cannot place; nothing when it can.
std::optional<uir::Error> mutant_scheduler_stuck(const uir::Program& program, const uir::LoopTree& tree,
                                                 const std::vector<bool>& live, const std::vector<int32_t>& target,
                                                 const Mutants& mutants);

/// alloc-zeroed-per-iteration: each alloc is placed in the innermost loop holding all its users (the
/// book's rule), where the runner and the renderer zero it.
void place_allocs_with_their_users(const uir::Program& program, const uir::LoopTree& tree,
                                   const std::vector<bool>& live, const uir::Users& users, uir::Placement* placement);

/// values-in-uses-loop: each live value and view (not a load: moving one changes what it reads) is
/// moved into the innermost loop holding all its live uses when that loop is deeper than its place,
/// users first, so a chain of values sinks together. Results are unchanged; the work is not.
void place_values_with_their_users(const uir::Program& program, const uir::LoopTree& tree,
                                   const std::vector<bool>& live, const uir::Users& users, uir::Placement* placement);

}  // namespace uirgrade
