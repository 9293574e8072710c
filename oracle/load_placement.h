// Where each live statement is placed, with the load rule of spec §5.3, and the ordering edges from
// loads to the stores that overwrite what they read (spec §4.1 E-LOAD-ORDER).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "oracle/nesting.h"
#include "oracle/program.h"
#include "oracle/users.h"
#include "oracle/variant.h"

namespace uir {

struct Placement {
  /// Per statement: the innermost loop it runs in (kTopLevel outside every loop); live ones only.
  std::vector<int32_t> place;
  /// (load, store): the live load must run before the store into the version it reads. In file
  /// order of the loads.
  std::vector<std::pair<int32_t, int32_t>> load_edges;
};

/// Starts from each live statement's target and applies the load rule: a load moves into the
/// innermost loop holding every live use when that loop is deeper and stores into the version the
/// load reads. Then every statement sits at least as deep as its operands (a view whose offset is a
/// moved load moves with it). `users` are the live users of `live` (built once by the linearizer and
/// shared with the scheduler). `rule`: the load rule's clauses (OracleVariant::load_rule; the
/// default is the spec's).
Placement place_statements(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                           const Users& users, const std::vector<int32_t>& target,
                           const OracleVariant::LoadRule& rule = {});

}  // namespace uir
