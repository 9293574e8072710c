// The valid constructs issue 23 adds, checked on what the oracle does with the programs (the
// clauses of testcase/clauses.h are read off the linearizer's list, not off the generator):
// sibling loops ordered only by a load->store edge and moved loads with dead uses are common, not
// rare; swarm programs draw different subsets of constructs and replay to the same text.
#include <gtest/gtest.h>

#include <set>

#include "generators/generate.h"
#include "testcase/clauses.h"

namespace uirgen {
namespace {

int programs_with(const std::string& clause, bool swarm) {
  GenLimits limits;
  limits.swarm = swarm;
  int count = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    std::string text = program_text(sample_program(3, seed, 60, limits));
    uir::Compiled compiled = uir::compile("gen.uir", text);
    EXPECT_FALSE(compiled.error) << text;
    count += uirgrade::clauses_of(compiled).count(clause) ? 1 : 0;
  }
  return count;
}

TEST(OrdersAndSwarm, SiblingsOrderedOnlyByALoadStoreEdgeAreCommon) {
  int n = programs_with("linearizer/siblings-ordered-by-load-store-edge", false);
  std::printf("  siblings ordered only by a load->store edge: %d of 200 programs\n", n);
  EXPECT_GE(n, 20);
}

TEST(OrdersAndSwarm, MovedLoadsWithDeadUsesAreCommon) {
  int n = programs_with("linearizer/dead-use-of-moved-load", false);
  std::printf("  moved loads with a dead use: %d of 200 programs\n", n);
  EXPECT_GE(n, 10);
}

TEST(OrdersAndSwarm, SwarmProgramsDrawDifferentConstructsAndReplay) {
  GenLimits limits;
  limits.swarm = true;
  std::set<std::set<uir::Op>> op_sets;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    GeneratedProgram p = sample_program(3, seed, 60, limits);
    std::string text = program_text(p);
    EXPECT_TRUE(header_says_swarm(text.substr(0, text.find('\n')))) << text;
    std::string replayed = program_text(replay_program(p.choices, 3, 60, limits));
    EXPECT_EQ(replayed.substr(replayed.find('\n')), text.substr(text.find('\n')));  // headers: seed 0 there
    EXPECT_EQ(program_text(sample_shrinkable(3, seed, 60, limits).value()), text);
    std::set<uir::Op> ops;
    for (const uir::Stmt& s : p.program.stmts) ops.insert(s.op);
    op_sets.insert(ops);
  }
  EXPECT_GE(op_sets.size(), 20u);
  // Without swarm the header says nothing of it.
  std::string plain = program_text(sample_program(3, 1, 60));
  EXPECT_FALSE(header_says_swarm(plain.substr(0, plain.find('\n'))));
}

/// Swarm testing's point: a construct that a full table drowns comes up alone in some programs.
TEST(OrdersAndSwarm, SwarmProgramsSometimesLackTheCommonestConstruct) {
  GenLimits limits;
  limits.swarm = true;
  int without_loops = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    GeneratedProgram p = sample_program(3, seed, 60, limits);
    bool loops = false;
    for (const uir::Stmt& s : p.program.stmts) loops = loops || s.op == uir::Op::Range;
    without_loops += loops ? 0 : 1;
  }
  EXPECT_GT(without_loops, 0);
}

}  // namespace
}  // namespace uirgen
