// Test helper for the linearizer's later stages: runs the stages before order_loops() on a program
// the way linearize.cc runs them, so that a test of a later stage (loop_order_test, schedule_test, and
// the tests of the linearizer's variants built on the oracle) can call it directly.
#pragma once

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "oracle/liveness.h"
#include "oracle/load_placement.h"
#include "oracle/nesting.h"
#include "oracle/oracle.h"
#include "oracle/users.h"

namespace uir::testing {

/// What order_loops() and schedule() take, for a program that passes every rule before E-LOAD-ORDER.
struct StagesBeforeLoopOrder {
  explicit StagesBeforeLoopOrder(std::string_view text)
      : compiled(compile("t.uir", text)),
        live(live_statements(compiled.program)),
        users(compiled.program, live) {
    const Program& program = compiled.program;
    EXPECT_FALSE(build_loop_tree(program, &tree).has_value());
    EXPECT_FALSE(check_effects_take_effect(program, tree).has_value());
    target.assign(program.stmts.size(), kTopLevel);
    for (size_t s = 0; s < program.stmts.size(); ++s) {
      if (!live[s]) continue;
      EXPECT_FALSE(find_target(program, tree, static_cast<int32_t>(s), &target[s]).has_value());
    }
    placement = place_statements(program, tree, live, users, target);
  }

  Compiled compiled;
  std::vector<bool> live;
  Users users;
  LoopTree tree;
  std::vector<int32_t> target;  // each live statement's loop before the load rule (find_target)
  Placement placement;
};

}  // namespace uir::testing
