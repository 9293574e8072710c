// Week 2 constructs (gen_memory.cc). Offsets are checked by brute force: a plain evaluator runs the
// offset's statements for every value of the ranges it may use and every result must lie in
// [0, room] (spec §4.2). Stores outside loops are checked by running the program on known data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>

#include "generators/constructs_testing.h"
#include "oracle/oracle.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

using uir::DType;
using uir::Op;

/// The value of an i32 operand with each range statement set as `range_values` says, computed
/// with C semantics in 64 bits (the offsets here are small: no wrap-around to model).
int64_t evaluate(const uir::Program& program, const uir::Operand& operand,
                 const std::map<int, int64_t>& range_values) {
  if (operand.kind == uir::Operand::Kind::Literal) return operand.literal.as_i32();
  const uir::Stmt& s = program.stmts[operand.ref];
  auto arg = [&](int k) { return evaluate(program, s.operands[k], range_values); };
  switch (s.op) {
    case Op::Range:
      return range_values.at(operand.ref);
    case Op::Const:
      return arg(0);
    case Op::Add:
      return arg(0) + arg(1);
    case Op::Mul:
      return arg(0) * arg(1);
    case Op::Max:
      return std::max(arg(0), arg(1));
    case Op::Mod:
      return arg(0) % arg(1);
    default:
      ADD_FAILURE() << "unexpected op in an offset: " << uir::op_info(s.op).spelling;
      return 0;
  }
}

/// Calls `visit` with every assignment of values 0..max to the ranges of the builder.
void for_each_assignment(ProgramBuilder& b, const std::function<void(const std::map<int, int64_t>&)>& visit) {
  std::map<int, int64_t> values;
  std::function<void(size_t)> loop = [&](size_t r) {
    if (r == b.ranges().size()) return visit(values);
    for (int64_t v = 0; v <= b.ranges()[r].max_value; ++v) {
      values[b.ranges()[r].stmt] = v;
      loop(r + 1);
    }
  };
  loop(0);
}

TEST(GenOffset, EveryValueLiesInTheRoomAndUsesTheRangesAskedFor) {
  int offsets = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    ProgramBuilder b{GenLimits{}};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    b.add(Op::Const, {ProgramBuilder::literal_i32(-40)}, "%k");  // data for the mod-and-max form
    for (int bound : {3, 5, 2}) b.add_range(ProgramBuilder::literal_i32(bound));
    g.open = 0b111;
    int room = c.pick(0, 40);
    uint64_t must_use = c.pick(0, 7);
    std::optional<Offset> offset = gen_offset(g, room, must_use, c.chance(50));
    if (!offset) continue;
    ++offsets;
    EXPECT_EQ(offset->ranges & must_use, must_use) << "seed " << seed;
    EXPECT_LE(offset->hi, room) << "seed " << seed;
    int64_t lowest = INT64_MAX, highest = INT64_MIN;
    for_each_assignment(b, [&](const std::map<int, int64_t>& values) {
      int64_t v = evaluate(b.program(), offset->operand, values);
      lowest = std::min(lowest, v);
      highest = std::max(highest, v);
    });
    EXPECT_GE(lowest, 0) << "seed " << seed;
    EXPECT_LE(highest, offset->hi) << "seed " << seed;
  }
  EXPECT_GT(offsets, 200);
}

TEST(GenOffset, RefusesARangeThatCannotFitAndPinsRoomZeroToZero) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    ProgramBuilder b{GenLimits{}};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    b.add_range(ProgramBuilder::literal_i32(10));  // values 0..9 cannot index 4 elements
    g.open = 1;
    EXPECT_FALSE(gen_offset(g, 3, 1, false)) << "seed " << seed;

    std::optional<Offset> zero = gen_offset(g, 0, 0, false);
    ASSERT_TRUE(zero);
    EXPECT_EQ(zero->hi, 0);
    EXPECT_EQ(zero->ranges, 0u);
    EXPECT_EQ(evaluate(b.program(), zero->operand, {{0, 9}}), 0);
  }
}

TEST(GenMemory, FirstIsABufferAndLimitsHold) {
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    GenLimits limits;
    limits.max_buffers = 2;
    limits.max_memory_length = 8;
    ProgramBuilder b{limits};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    int first = gen_memory(g, DType::F32, 3);
    EXPECT_TRUE(b.memories()[first].is_buffer);
    for (int k = 0; k < 8; ++k) gen_memory(g, std::nullopt, k == 0 ? 20 : 1);
    int buffers = 0;
    for (size_t m = 0; m < b.memories().size(); ++m) {
      const Memory& memory = b.memories()[m];
      buffers += memory.is_buffer ? 1 : 0;
      int min_length = m == 0 ? 3 : m == 1 ? 20 : 1;
      EXPECT_GE(memory.length, min_length);
      EXPECT_LE(memory.length, std::max(min_length, 8));
    }
    EXPECT_EQ(b.memories()[0].dtype, DType::F32);
    EXPECT_LE(buffers, 2);
    uir::Compiled compiled = uir::compile("m.uir", uir::print_program(b.program()));
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << compiled.error->message;  // slots unique
  }
}

TEST(StoreOutsideLoops, EachStoreMakesTheNextVersionAndTheLastOneIsTheOutput) {
  ProgramBuilder b{GenLimits{}};
  Chooser c{rc::Random(3)};
  GenState g = fresh_state(b, c);
  b.new_memory(true, DType::I32, ProgramBuilder::literal_i32(1), 0);
  store_outside_loops(g, 0, ProgramBuilder::literal_i32(42));
  EXPECT_TRUE(b.versions()[0].stored);
  EXPECT_EQ(b.memories()[0].current_version, 1);
  store_outside_loops(g, 0, ProgramBuilder::literal_i32(43));
  EXPECT_EQ(b.memories()[0].current_version, 2);
  EXPECT_EQ(g.unit, -1);  // restored

  uir::Compiled compiled = uir::compile("s.uir", uir::print_program(b.program()));
  ASSERT_FALSE(compiled.error) << compiled.error->message;
  uir::RunResult result = uir::run(compiled, {{0, DType::I32, {7}}});
  ASSERT_EQ(result.buffers.size(), 1u);
  EXPECT_EQ(result.buffers[0].i32(0), 43);
}

TEST(GenLoad, NeedsAUnitSkipsBusyMemoriesAndLoadsTheMemorysDtype) {
  ProgramBuilder b{GenLimits{}};
  Chooser c{rc::Random(5)};
  GenState g = fresh_state(b, c);
  b.new_memory(true, DType::F32, ProgramBuilder::literal_i32(4), 0);
  EXPECT_EQ(gen_load(g), -1);  // no unit
  g.unit = b.new_unit();
  g.busy_memories = {0};
  EXPECT_EQ(gen_load(g), -1);  // the only memory is busy
  g.busy_memories.clear();
  int load = gen_load(g);
  ASSERT_GE(load, 0);
  EXPECT_EQ(b.program().stmts[load].op, Op::Load);
  EXPECT_EQ(b.info(load).dtype, DType::F32);
  EXPECT_TRUE(b.info(load).units[g.unit]);
}

TEST(Week2Constructs, MixedStoresAndLoadsStayValid) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    ProgramBuilder b{GenLimits{}};
    Chooser c{rc::Random(seed)};
    GenState g = fresh_state(b, c);
    gen_memory(g, std::nullopt, 1);
    for (int k = 0; k < 12; ++k) {
      switch (c.pick(0, 2)) {
        case 0:
          gen_top_store(g);
          break;
        case 1:
          gen_top_load(g);
          break;
        default:
          gen_memory(g, std::nullopt, 1);
          break;
      }
    }
    std::string text = uir::print_program(b.program());
    uir::Compiled compiled = uir::compile("w2.uir", text);
    ASSERT_FALSE(compiled.error) << "seed " << seed << ": " << compiled.error->message << "\n" << text;
  }
}

}  // namespace
}  // namespace uirgen
