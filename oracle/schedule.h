// The list scheduler of the book's chapter 5 (§5.6): one heap per place, and three steps.
#pragma once

#include <optional>
#include <vector>

#include "oracle/error.h"
#include "oracle/linearize.h"
#include "oracle/load_placement.h"
#include "oracle/loop_order.h"
#include "oracle/nesting.h"
#include "oracle/program.h"
#include "oracle/users.h"

namespace uir {

/// Emits every live statement once, in an order where each comes after its operands (and each store
/// after the loads of the version it overwrites), inside exactly the loops of its place.
/// `nest_into_siblings` (OracleVariant::nests_pending_siblings; false for the oracle) is the book's
/// attempt (b): when nothing fits, it opens a pending sibling loop inside the current one and emits
/// outer statements inside inner loops.
std::optional<Error> schedule(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                              const Users& users, const Placement& placement, const LoopOrder& order, bool nest_into_siblings,
                              std::vector<Placed>* items);

}  // namespace uir
