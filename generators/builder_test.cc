// The generator's program model (builder.h): the Info it keeps per statement (spec §4.3 intervals,
// §5.1 open ranges, memories and versions), slot allocation, and the precedence graph of units that
// keeps E-LOAD-ORDER away. Expected values are worked out by hand from the spec's rules.
#include "generators/builder.h"

#include <gtest/gtest.h>

#include <climits>

#include "oracle/oracle.h"
#include "oracle/parse.h"
#include "oracle/validate.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

using uir::DType;
using uir::Interval;
using uir::Op;

// The builder's kind, dtype and interval are the validator's own analysis: a constant expression
// gets [v, v] even where the op's interval rule alone would give the full interval (a cast from f32,
// a call), exactly as uir::validate computes it for the printed program.
TEST(ProgramBuilder, InfoIsTheValidatorsAnalysis) {
  ProgramBuilder b{GenLimits{}};
  int twice = b.begin_function("@twice", {DType::I32}, DType::I32);
  int doubled = b.add(Op::Add, {b.ref(0), b.ref(0)}, "%d");
  b.end_function(doubled);
  int cast = b.add(Op::Cast, {ProgramBuilder::literal_f32(2.5f)}, "%c", DType::I32);
  int call = b.add_call(twice, {b.ref(cast)});
  int param_like = b.add(Op::Cmplt, {b.ref(call), ProgramBuilder::literal_i32(5)}, "%lt");
  EXPECT_EQ(b.info(cast).interval, (Interval{2, 2}));
  EXPECT_EQ(b.info(call).interval, (Interval{4, 4}));
  EXPECT_EQ(b.info(param_like).dtype, DType::Bool);
  EXPECT_FALSE(b.info(param_like).interval);

  uir::ParseResult parsed = uir::parse("gen.uir", uir::print_program(b.program()));
  ASSERT_FALSE(uir::validate(parsed.program, parsed.error));
  for (int k : {cast, call, param_like}) {
    EXPECT_EQ(parsed.program.stmts[k].kind, b.info(k).kind) << k;
    EXPECT_EQ(parsed.program.stmts[k].dtype, b.info(k).dtype) << k;
    EXPECT_EQ(parsed.program.stmts[k].interval, b.info(k).interval) << k;
  }
}

TEST(ProgramBuilder, InfoOfMemoriesRangesAndEnds) {
  ProgramBuilder b{GenLimits{}};
  int buffer = b.new_memory(true, DType::F32, ProgramBuilder::literal_i32(5));
  EXPECT_EQ(b.info(buffer).kind, uir::Kind::Memory);
  EXPECT_EQ(b.info(buffer).length, 5);
  EXPECT_EQ(b.info(buffer).memory, 0);
  EXPECT_EQ(b.info(buffer).version, 0);
  EXPECT_EQ(b.program().stmts[buffer].slot, 0);  // the lowest free slot

  int r = b.add_range(ProgramBuilder::literal_i32(5));
  int empty = b.add_range(ProgramBuilder::literal_i32(-3));
  EXPECT_EQ(b.info(r).interval, (Interval{0, 4}));
  EXPECT_EQ(b.info(empty).interval, (Interval{0, 0}));  // [0, max(0, -3 - 1)]
  EXPECT_EQ(b.info(r).ranges, 1u);
  EXPECT_EQ(b.info(empty).ranges, 2u);
  EXPECT_EQ(b.ranges()[0].max_value, 4);

  int offset = b.add(Op::Add, {b.ref(r), ProgramBuilder::literal_i32(-1)}, "%o");
  EXPECT_EQ(b.info(offset).interval, (Interval{-1, 3}));
  EXPECT_EQ(b.info(offset).ranges, 1u);
  int view = b.add(Op::Shrink, {b.ref(buffer), b.ref(r)}, "%p", std::nullopt, -1, 1);
  EXPECT_EQ(b.info(view).kind, uir::Kind::View);
  EXPECT_EQ(b.info(view).dtype, DType::F32);
  EXPECT_EQ(b.info(view).version, 0);
  int store = b.add(Op::Store, {b.ref(view), ProgramBuilder::literal_f32(1.5f)}, "%st");
  EXPECT_TRUE(b.versions()[0].stored);
  int end = b.add_end({store}, r);
  EXPECT_EQ(b.info(end).ranges, 0u);  // the end closes its range
  int after = b.add_after(buffer, end);
  EXPECT_EQ(b.info(after).version, 1);
  EXPECT_EQ(b.memories()[0].current_version, 1);  // an after outside loops is the next version

  // What the builder wrote is a valid program, and the oracle agrees on the Info above.
  uir::Compiled compiled = uir::compile("b.uir", uir::print_program(b.program()));
  ASSERT_FALSE(compiled.error) << compiled.error->message;
  EXPECT_EQ(compiled.program.stmts[offset].interval, (Interval{-1, 3}));
  EXPECT_EQ(compiled.program.stmts[view].length, 1);
}

TEST(ProgramBuilder, SlotsAndStatementCount) {
  ProgramBuilder b{GenLimits{}};
  b.new_memory(true, DType::I32, ProgramBuilder::literal_i32(1), 1);
  EXPECT_FALSE(b.slot_free(1));
  EXPECT_TRUE(b.slot_free(0));
  int second = b.new_memory(true, DType::I32, ProgramBuilder::literal_i32(1));
  EXPECT_EQ(b.program().stmts[second].slot, 0);
  int alloc = b.new_memory(false, DType::I32, ProgramBuilder::literal_i32(3));
  EXPECT_EQ(b.program().stmts[alloc].slot, -1);

  b.begin_function("@f", {DType::I32, DType::Bool}, DType::I32);
  EXPECT_TRUE(b.in_function());
  EXPECT_EQ(b.info(0).interval, (Interval{INT_MIN, INT_MAX}));  // a parameter (spec §4.3)
  int sum = b.add(Op::Add, {b.ref(0), ProgramBuilder::literal_i32(1)}, "%x");
  b.end_function(sum);
  EXPECT_FALSE(b.in_function());
  // Three memories, then `add` and `ret` in the body; parameters are not statements.
  EXPECT_EQ(b.statement_count(), 5);
  uir::Compiled compiled = uir::compile("b.uir", uir::print_program(b.program()));
  EXPECT_FALSE(compiled.error) << compiled.error->message;
}

TEST(ProgramBuilder, DependRefusesCyclesIncludingTransitiveOnes) {
  GenLimits limits;
  limits.max_units = 3;
  ProgramBuilder b{limits};
  int u0 = b.new_unit(), u1 = b.new_unit(), u2 = b.new_unit();
  EXPECT_EQ(b.new_unit(), -1);  // the limit
  Units only_u0, only_u1, only_u2;
  only_u0.set(u0);
  only_u1.set(u1);
  only_u2.set(u2);
  EXPECT_TRUE(b.depend(u1, only_u0));   // u0 before u1
  EXPECT_FALSE(b.depend(u0, only_u1));  // u1 before u0 closes a cycle
  EXPECT_TRUE(b.depend(u2, only_u1));   // u0 before u1 before u2
  EXPECT_FALSE(b.depend(u0, only_u2));  // transitively a cycle
  EXPECT_TRUE(b.depend(u2, only_u0));   // already implied
}

TEST(ProgramBuilder, LoadsOfAVersionRunBeforeItsStore) {
  ProgramBuilder b{GenLimits{}};
  b.new_memory(true, DType::I32, ProgramBuilder::literal_i32(2));
  const int version = 0;
  int loader = b.new_unit(), storer = b.new_unit(), later = b.new_unit();
  EXPECT_TRUE(b.may_load(loader, version));
  EXPECT_TRUE(b.may_store(storer, version));  // loader -> storer
  Units after_store;
  after_store.set(storer);
  EXPECT_TRUE(b.depend(later, after_store));
  EXPECT_FALSE(b.may_load(later, version));  // it runs after the store it would have to precede

  // The other way round: a loader that already runs after the would-be storer.
  ProgramBuilder c{GenLimits{}};
  c.new_memory(true, DType::I32, ProgramBuilder::literal_i32(2));
  int store_unit = c.new_unit(), load_unit = c.new_unit();
  Units after_storer;
  after_storer.set(store_unit);
  EXPECT_TRUE(c.depend(load_unit, after_storer));
  EXPECT_TRUE(c.may_load(load_unit, version));  // no store yet: allowed
  EXPECT_FALSE(c.may_store(store_unit, version));
}

TEST(ProgramBuilder, ARefusedStoreLeavesTheGraphAsItWas) {
  ProgramBuilder b{GenLimits{}};
  b.new_memory(true, DType::I32, ProgramBuilder::literal_i32(2));
  const int version = 0;
  int free_loader = b.new_unit(), store_unit = b.new_unit(), late_loader = b.new_unit();
  Units after_storer;
  after_storer.set(store_unit);
  EXPECT_TRUE(b.depend(late_loader, after_storer));
  EXPECT_TRUE(b.may_load(free_loader, version));
  EXPECT_TRUE(b.may_load(late_loader, version));
  EXPECT_FALSE(b.may_store(store_unit, version));  // late_loader cannot run before it
  // Had the refused store recorded free_loader -> store_unit, this would close a cycle.
  EXPECT_TRUE(b.depend(free_loader, after_storer));
}

}  // namespace
}  // namespace uirgen
