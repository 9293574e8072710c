// Test helper for the linearizer's later stages: runs the stages before order_loops() on a program
// the way linearize.cc runs them, so loop_order_test and schedule_test can call their stage directly.
#pragma once

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "oracle/liveness.h"
#include "oracle/load_placement.h"
#include "oracle/nesting.h"
#include "oracle/oracle.h"

namespace uir::testing {

/// What order_loops() and schedule() take, for a program that passes every rule before E-LOAD-ORDER.
struct StagesBeforeLoopOrder {
  Compiled compiled;
  LoopTree tree;
  std::vector<bool> live;
  Placement placement;
};

inline StagesBeforeLoopOrder stages_before_loop_order(std::string_view text) {
  StagesBeforeLoopOrder out{compile("t.uir", text), {}, {}, {}};
  const Program& program = out.compiled.program;
  EXPECT_FALSE(build_loop_tree(program, &out.tree).has_value());
  EXPECT_FALSE(check_effects_take_effect(program, out.tree).has_value());
  out.live = live_statements(program);
  std::vector<int32_t> target(program.stmts.size(), kTopLevel);
  for (size_t s = 0; s < program.stmts.size(); ++s) {
    if (!out.live[s]) continue;
    EXPECT_FALSE(find_target(program, out.tree, static_cast<int32_t>(s), &target[s]).has_value());
  }
  out.placement = place_statements(program, out.tree, out.live, target, /*move_loads=*/true);
  return out;
}

}  // namespace uir::testing
