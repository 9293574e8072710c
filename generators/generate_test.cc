// The generator's promises: every program is valid (the oracle's compile() finds no error), for
// every week and many seeds; the same seed gives the same text; the size knob changes sizes; week
// 3 programs do contain the constructs the week is about.
#include "generators/generate.h"

#include <gtest/gtest.h>
#include <rapidcheck/Seq.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "oracle/oracle.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

std::string describe(const uir::Compiled& compiled, const std::string& text) {
  if (!compiled.error) return "";
  return uir::format_error(compiled.program, *compiled.error) + "\n--- program ---\n" + text;
}

TEST(Generate, EveryProgramOfEveryWeekIsValid) {
  for (int week = 1; week <= 3; ++week) {
    for (uint64_t seed = 1; seed <= 1000; ++seed) {
      GeneratedProgram generated = sample_program(week, seed, static_cast<int>(seed % 120));
      std::string text = program_text(generated);
      uir::Compiled compiled = uir::compile("gen.uir", text);
      ASSERT_FALSE(compiled.error) << "week " << week << " seed " << seed << ": " << describe(compiled, text);
    }
  }
}

TEST(Generate, SameSeedSameBytesOtherSeedOtherBytes) {
  for (int week = 1; week <= 3; ++week) {
    EXPECT_EQ(program_text(sample_program(week, 99, 50)), program_text(sample_program(week, 99, 50)));
    EXPECT_NE(program_text(sample_program(week, 99, 50)), program_text(sample_program(week, 100, 50)));
  }
}

TEST(Generate, HeaderNamesWeekSeedAndSize) {
  std::string text = program_text(sample_program(2, 12345678901234ull, 33));
  EXPECT_EQ(text.substr(0, text.find('\n')), "# uirgen: week=2 seed=12345678901234 size=33");
  int week = 0, size = 0;
  uint64_t seed = 0;
  ASSERT_TRUE(parse_generator_header(text.substr(0, text.find('\n')), &week, &seed, &size));
  EXPECT_EQ(week, 2);
  EXPECT_EQ(seed, 12345678901234ull);
  EXPECT_EQ(size, 33);
}

int statements_of(const uir::Program& program) {
  int count = static_cast<int>(program.stmts.size());
  for (const uir::Function& f : program.funcs) count += static_cast<int>(f.body.size()) - f.num_params;
  return count;
}

TEST(Generate, SizeKnobChangesSizes) {
  for (int week = 1; week <= 3; ++week) {
    long small = 0, large = 0;
    for (uint64_t seed = 1; seed <= 50; ++seed) {
      small += statements_of(sample_program(week, seed, 0).program);
      large += statements_of(sample_program(week, seed, 100).program);
      // The budget is a floor, and a construct in progress is finished: never below the budget.
      EXPECT_GE(statements_of(sample_program(week, seed, 100).program), statement_budget(100, GenLimits{}));
    }
    EXPECT_GT(large, 2 * small) << "week " << week;
  }
}

TEST(Generate, ReplayingTheRecordedChoicesRebuildsTheProgram) {
  GeneratedProgram first = sample_program(3, 5, 80);
  GeneratedProgram again = replay_program(first.choices, 3, 80);
  EXPECT_EQ(uir::print_program(first.program), uir::print_program(again.program));
}

TEST(Generate, RapidCheckShrinksAreValidPrograms) {
  rc::Shrinkable<GeneratedProgram> root = sample_shrinkable(3, 8, 60);
  int checked = 0;
  rc::Seq<rc::Shrinkable<GeneratedProgram>> children = root.shrinks();
  while (auto child = children.next()) {
    if (++checked > 200) break;
    std::string text = program_text(child->value());
    uir::Compiled compiled = uir::compile("gen.uir", text);
    ASSERT_FALSE(compiled.error) << describe(compiled, text);
  }
  EXPECT_GT(checked, 10);
}

// Week 3's constructs, counted over many programs from the oracle's own view of them (its
// linearizer's loop depths, the program's ops), so the generator is seen to produce what the week
// is about: nests up to depth 4, zero and negative bounds, afters inside loops, reductions whose
// load moves into the loop, and live loops in general.
TEST(Generate, Week3ProgramsHoldTheWeeksConstructs) {
  int deepest = 0, zero_or_negative_bounds = 0, afters_in_loops = 0, reversed_offsets = 0,
      programs_with_loops = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    uir::Compiled compiled = uir::compile("gen.uir", program_text(sample_program(3, seed, 100)));
    ASSERT_FALSE(compiled.error);
    bool has_loop = false;
    for (const uir::Placed& placed : compiled.linear.items) {
      deepest = std::max(deepest, placed.depth);
      has_loop = has_loop || placed.step == uir::Step::Open;
    }
    programs_with_loops += has_loop ? 1 : 0;
    for (const uir::Stmt& s : compiled.program.stmts) {
      if (s.op == uir::Op::Range && s.operands[0].kind == uir::Operand::Kind::Literal &&
          s.operands[0].literal.as_i32() <= 0)
        ++zero_or_negative_bounds;
      if (s.op == uir::Op::After && !s.open_ranges.empty()) ++afters_in_loops;
      if (s.op == uir::Op::Mul && s.operands.size() == 2)
        for (const uir::Operand& op : s.operands)
          if (op.kind == uir::Operand::Kind::Literal && op.literal.as_i32() == -1) ++reversed_offsets;
    }
  }
  EXPECT_EQ(deepest, 4);
  EXPECT_GT(zero_or_negative_bounds, 20);
  EXPECT_GT(afters_in_loops, 20);
  EXPECT_GT(reversed_offsets, 20);
  EXPECT_GT(programs_with_loops, 250);
}

// Week 1's expression DAGs use every value op of the table and every dtype.
TEST(Generate, Week1UsesEveryValueOpAndDtype) {
  std::set<uir::Op> ops;
  std::set<uir::DType> dtypes;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    uir::Compiled compiled = uir::compile("gen.uir", program_text(sample_program(1, seed, 100)));
    ASSERT_FALSE(compiled.error);
    auto note = [&](const uir::Stmt& s) {
      ops.insert(s.op);
      if (s.kind == uir::Kind::Value) dtypes.insert(s.dtype);
    };
    for (const uir::Stmt& s : compiled.program.stmts) note(s);
    for (const uir::Function& f : compiled.program.funcs)
      for (const uir::Stmt& s : f.body) note(s);
  }
  for (const uir::OpInfo& info : uir::op_table())
    if (info.week == 1) {
      EXPECT_TRUE(ops.count(info.op)) << info.spelling << " never generated";
    }
  EXPECT_EQ(dtypes.size(), 3u);
}

}  // namespace
}  // namespace uirgen

// The same promise with RapidCheck driving seeds and sizes (0..100) through program_gen.
RC_GTEST_PROP(GenerateProperty, ProgramGenBuildsValidPrograms, ()) {
  const int week = *rc::gen::inRange(1, 4);
  const uirgen::GeneratedProgram generated = *uirgen::program_gen(week);
  const std::string text = uirgen::program_text(generated);
  const uir::Compiled compiled = uir::compile("gen.uir", text);
  RC_ASSERT(!compiled.error);
}
