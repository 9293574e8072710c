// The order of sibling loops (spec §5.3: "Sibling loops that nothing orders are opened in the order of
// their range lines"; "Loads before overwriting stores"), and E-LOAD-ORDER when no order works.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "oracle/error.h"
#include "oracle/load_placement.h"
#include "oracle/nesting.h"
#include "oracle/program.h"
#include "oracle/variant.h"

namespace uir {

struct LoopOrder {
  /// Per place (index place + 1, so the top level is 0): the loops directly inside it, in the order
  /// the scheduler opens them.
  std::vector<std::vector<int32_t>> children;
  const std::vector<int32_t>& inside(int32_t place) const { return children[place + 1]; }
};

/// Orders the loops inside every place so that each dependency, and each load -> store edge, runs
/// forwards; returns E-LOAD-ORDER naming the first load (file order) whose edge cannot be kept with
/// the edges of the loads before it. `variant` may add preferred edges (kept when they leave an order)
/// and reorder the siblings found (OracleVariant::preferred_loop_edges, reorder_siblings).
std::optional<Error> order_loops(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                                 const Placement& placement, const OracleVariant& variant, LoopOrder* out);

}  // namespace uir
