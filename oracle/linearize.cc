// The linearizer (spec §5.3, book chapter 5), as a row of small stages, each in its own file:
//   nesting.cc        the loop tree from the ends; E-NEST for a range enclosing itself
//   liveness.cc       E-DEAD-EFFECT; which statements are live (only they are placed)
//   nesting.cc        each live statement's target; E-NEST when its loops are not one chain
//   load_placement.cc the load rule, and the load -> store ordering edges
//   loop_order.cc     the order of sibling loops; E-LOAD-ORDER
//   schedule.cc       the three-step list scheduler that writes the linear list
// The whole-program rules come out in the order of spec §8 because the stages run in that order.
#include "oracle/linearize.h"

#include "oracle/liveness.h"
#include "oracle/load_placement.h"
#include "oracle/loop_order.h"
#include "oracle/nesting.h"
#include "oracle/schedule.h"
#include "oracle/users.h"

namespace uir {

std::optional<Error> linearize(const Program& program, Linear* out, const OracleVariant& variant) {
  *out = Linear{};
  LoopTree tree;
  if (auto error = build_loop_tree(program, &tree)) return error;
  if (variant.checks_program(Rule::DeadEffect))
    if (auto error = check_effects_take_effect(program, tree)) return error;
  out->live = live_statements(program);

  std::vector<int32_t> target(program.stmts.size(), kTopLevel);
  for (size_t s = 0; s < program.stmts.size(); ++s)
    if (out->live[s])
      if (auto error = find_target(program, tree, static_cast<int32_t>(s), &target[s])) return error;

  if (auto error = variant.scheduling_refused(program, tree, out->live, target)) return error;

  // Both the load rule and the scheduler walk the live users of each statement: listed once here.
  Users users(program, out->live);
  Placement placement = place_statements(program, tree, out->live, users, target, variant.load_rule());
  variant.placed(program, tree, out->live, users, &placement);
  LoopOrder order;
  std::optional<Error> error = order_loops(program, tree, out->live, placement, variant, &order);
  if (error && error->rule == Rule::LoadOrder && !variant.checks_program(Rule::LoadOrder)) {
    // Without E-LOAD-ORDER the ordering edges that leave no order are dropped and the program runs.
    placement.load_edges.clear();
    error = order_loops(program, tree, out->live, placement, variant, &order);
  }
  if (error) return error;
  return schedule(program, tree, out->live, users, placement, order, variant.nests_pending_siblings(), &out->items);
}

}  // namespace uir
