// Where the oracle runs the loads and stores that feed a buffer (issue 12): for a student whose
// buffer is wrong in a program with loops, the placement their linearizer most likely got wrong.
// Each statement is told with the loop it runs in and why: a load the load rule moved into a loop
// (it is read afresh every iteration because the loop stores into what it reads), a load kept
// outside the loop its uses run in (nothing in that loop stores into what it reads), or one that
// runs where its operands are. `uir-oracle lin` prints the whole placement.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "oracle/oracle.h"

namespace uir {

struct FedPlacement {
  enum class Why { WithItsOperands, MovedIn, KeptOut };
  int32_t stmt = -1;          // a load or store of Program::stmts
  int32_t loop = -1;          // the range statement of the innermost loop it runs in; -1: no loop
  int32_t other_loop = -1;    // MovedIn: the loop its operands alone would put it in (-1: none);
                              // KeptOut: the deeper loop its uses run in
  int32_t store = -1;         // MovedIn: a store in its loop into the memory it reads
  Why why = Why::WithItsOperands;
};

/// The live loads and stores the final contents of the buffer with `slot` depend on (through
/// values, views, `after` and `end`), in the order the oracle runs them. Empty for an invalid
/// program or one without that slot.
std::vector<FedPlacement> placements_feeding_slot(const Compiled& compiled, int slot);

/// One line per FedPlacement (at most `max_lines`, loads first), e.g.
///   "line 11  %cur = load %a  runs in loop %k (line 9): moved in by the load rule, as the loop
///    stores into what it reads (line 15)". Empty when the program has no loop.
std::string explain_placements(const Compiled& compiled, int slot, size_t max_lines = 10);

}  // namespace uir
