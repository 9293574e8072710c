// Week 3 constructs (gen_loops.cc). Each nest construct is run alone on a program that starts, as
// week 3's do, with one buffer; the oracle must accept the result, and its analysis must show the
// shape the construct promises (spec §5.3): a reduction's store adds to a load of the very version
// it stores into, taken outside the reduce loop; a pinned reduction also uses that load outside
// every loop; reduce-then-map closes two sibling loops at the same open ranges.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "generators/constructs_testing.h"
#include "oracle/oracle.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

using uir::Op;
using uir::Stmt;

/// Runs `construct` on a program holding one buffer and returns the compiled result.
uir::Compiled build_with(uint64_t seed, const std::function<void(GenState&)>& construct) {
  ProgramBuilder b{GenLimits{}};
  Chooser c{rc::Random(seed)};
  GenState g = fresh_state(b, c);
  gen_memory(g, std::nullopt, 1);
  construct(g);
  return uir::compile("loops.uir", uir::print_program(b.program()));
}

std::string failure_text(const uir::Compiled& compiled) {
  return compiled.error ? uir::format_error(compiled.program, *compiled.error) : "";
}

bool has_open(const Stmt& s, int range) {
  return std::find(s.open_ranges.begin(), s.open_ranges.end(), range) != s.open_ranges.end();
}

/// The accumulator loads of `program`: a load L, an add or max R using L, and a store of R into
/// the version L reads, where the store has a range open that L does not (the reduce loop).
std::vector<int> accumulator_loads(const uir::Program& program) {
  std::vector<int> loads;
  for (const Stmt& store : program.stmts) {
    if (store.op != Op::Store || store.operands[1].kind != uir::Operand::Kind::Ref) continue;
    const Stmt& reduce = program.stmts[store.operands[1].ref];
    if (reduce.op != Op::Add && reduce.op != Op::Max) continue;
    for (const uir::Operand& op : reduce.operands) {
      if (op.kind != uir::Operand::Kind::Ref || program.stmts[op.ref].op != Op::Load) continue;
      const Stmt& load = program.stmts[op.ref];
      if (load.version != store.version) continue;
      for (int r : store.open_ranges)
        if (!has_open(load, r)) {
          loads.push_back(op.ref);
          break;
        }
    }
  }
  return loads;
}

TEST(GenMapNest, IsValidClosesEveryLoopAndLeavesTheStateAtTopLevel) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    uir::Compiled compiled = build_with(seed, [](GenState& g) {
      gen_map_nest(g);
      EXPECT_EQ(g.open, 0u);
      EXPECT_EQ(g.unit, -1);
    });
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << failure_text(compiled);
    int ranges = 0, ends = 0, visible = 0;
    for (const Stmt& s : compiled.program.stmts) {
      ranges += s.op == Op::Range;
      ends += s.op == Op::End;
      // The nest's effect is made visible outside every loop.
      if (s.op == Op::After && s.open_ranges.empty() &&
          compiled.program.stmts[s.operands[1].ref].op == Op::End)
        ++visible;
    }
    EXPECT_GE(ranges, 1);
    EXPECT_EQ(ends, ranges) << "seed " << seed;  // no declared-ahead ranges here: each is closed
    EXPECT_EQ(visible, 1) << "seed " << seed;
  }
}

TEST(GenReduceNest, AccumulatesThroughALoadOfTheVersionItStoresInto) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    uir::Compiled compiled = build_with(seed, [](GenState& g) { gen_reduce_nest(g, false); });
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << failure_text(compiled);
    EXPECT_EQ(accumulator_loads(compiled.program).size(), 1u) << "seed " << seed;
  }
}

TEST(GenReduceNest, PinnedAlsoUsesTheAccumulatorOutsideEveryLoop) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    uir::Compiled compiled = build_with(seed, [](GenState& g) { gen_reduce_nest(g, true); });
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << failure_text(compiled);
    std::vector<int> loads = accumulator_loads(compiled.program);
    ASSERT_EQ(loads.size(), 1u) << "seed " << seed;
    bool used_outside = false;
    for (const Stmt& s : compiled.program.stmts)
      for (const uir::Operand& op : s.operands)
        if (op.kind == uir::Operand::Kind::Ref && op.ref == loads[0] && s.open_ranges.empty()) used_outside = true;
    EXPECT_TRUE(used_outside) << "seed " << seed;
  }
}

TEST(GenReduceThenMap, ClosesTwoSiblingLoopsAtTheSameOpenRanges) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    uir::Compiled compiled = build_with(seed, gen_reduce_then_map);
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << failure_text(compiled);
    // Two when the map loop updates the accumulator's memory in place, reading the total as it goes.
    EXPECT_GE(accumulator_loads(compiled.program).size(), 1u) << "seed " << seed;
    std::vector<uir::RangeSet> end_scopes;
    for (const Stmt& s : compiled.program.stmts)
      if (s.op == Op::End) end_scopes.push_back(s.open_ranges);
    bool siblings = false;
    for (size_t a = 0; a < end_scopes.size(); ++a)
      for (size_t b = a + 1; b < end_scopes.size(); ++b) siblings |= end_scopes[a] == end_scopes[b];
    EXPECT_TRUE(siblings) << "seed " << seed;
  }
}

TEST(GenDeclareRanges, DeclaresOneToThreeSpareRangesOnlyAtTopLevel) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    ProgramBuilder b{GenLimits{}};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    gen_declare_ranges(g);
    ASSERT_GE(g.spare_ranges.size(), 1u);
    ASSERT_LE(g.spare_ranges.size(), 3u);
    // Every range written is spare, in file order (a bound may add a `const` before its range).
    std::vector<int> ranges;
    for (size_t k = 0; k < b.program().stmts.size(); ++k)
      if (b.program().stmts[k].op == Op::Range) ranges.push_back(static_cast<int>(k));
    EXPECT_EQ(g.spare_ranges, ranges);
    size_t before = b.program().stmts.size();
    g.open = 1;
    gen_declare_ranges(g);
    gen_map_nest(g);
    EXPECT_EQ(b.program().stmts.size(), before);  // inside a loop: nothing
  }
}

TEST(GenMapNest, UsesRangesDeclaredAheadAndStaysValid) {
  int taken = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    ProgramBuilder b{GenLimits{}};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    gen_memory(g, std::nullopt, 1);
    gen_declare_ranges(g);
    size_t declared = g.spare_ranges.size();
    gen_map_nest(g);
    gen_reduce_nest(g, false);
    taken += static_cast<int>(declared - g.spare_ranges.size());
    uir::Compiled compiled = uir::compile("loops.uir", uir::print_program(b.program()));
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << failure_text(compiled);
  }
  EXPECT_GT(taken, 50);
}

}  // namespace
}  // namespace uirgen
