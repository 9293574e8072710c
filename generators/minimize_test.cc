// The shrinker's single edits and guards (shrink.cc), each isolated by a failure predicate that only
// that edit can keep true while simplifying: flattening a loop, lowering a range bound, dropping an
// uncalled function; plus the budget, the "nothing smaller fails" case, and the rule that a
// generated program edited by hand skips RapidCheck's tree. Whole-pipeline shrinking of planted
// bugs is fuzz_test.cc's job. Expected programs are worked out by hand.
#include <gtest/gtest.h>

#include <optional>

#include "generators/fuzz.h"
#include "generators/generate.h"
#include "oracle/oracle.h"

namespace uirgen {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The run of a valid program with every buffer zero; nullopt for an invalid one.
std::optional<uir::RunResult> run_on_zeros(const std::string& text) {
  uir::Compiled compiled = uir::compile("s.uir", text);
  if (compiled.error) return std::nullopt;
  std::vector<uir::SlotData> inputs;
  for (const uir::SlotSpec& spec : uir::slot_specs(compiled.program))
    inputs.push_back({spec.slot, spec.dtype, std::vector<uint32_t>(spec.length, 0)});
  return uir::run(compiled, inputs);
}

TEST(CountStatements, CountsBodiesAndTopLevelButNotParamsOrComments) {
  std::string text =
      "# a comment\n"
      "func @f(%x: i32, %y: i32) -> i32 {\n"
      "  %s = add %x %y\n"
      "  ret %s\n"
      "}\n"
      "\n"
      "%z = call @f 2 3\n";
  EXPECT_EQ(count_statements(text), 3);  // add, ret, call
  EXPECT_EQ(count_statements(""), 0);
}

TEST(MinimizeProgram, ReturnsTheTextWhenNothingSmallerFails) {
  std::string text = "%a = add 1 2\n%ok = cmpeq %a 3\nassert %ok\n";
  MinimizeStats stats;
  std::string small = minimize_program(text, [&](const std::string& t) { return t == text; }, MinimizeLimits{}, &stats);
  EXPECT_EQ(small, text);
  EXPECT_GT(stats.attempts, 0);
  EXPECT_EQ(stats.reducer_steps, 0);
  EXPECT_EQ(stats.tree_steps, 0);
}

TEST(MinimizeProgram, StopsAtTheAttemptBudget) {
  std::string text = "%a = add 1 2\n%b = mul %a 3\n%c = max %b 4\n%ok = cmplt %c 100\nassert %ok\n";
  MinimizeLimits limits;
  limits.max_attempts = 3;
  MinimizeStats stats;
  minimize_program(text, [](const std::string&) { return true; }, limits, &stats);
  EXPECT_EQ(stats.attempts, 3);
}

TEST(MinimizeProgram, FlattensALoopWhoseIterationsDoNotMatter) {
  // Element 0 ends as 7 whatever the loop does: only flattening removes the range and its end
  // (dropping the range's cone would drop the store too).
  std::string text =
      "%b = buffer 1 dtype=i32 slot=0\n"
      "%i = range 3\n"
      "%x = mul %i 0\n"
      "%y = add %x 7\n"
      "%v = shrink %b 0 shape=[]\n"
      "%s = store %v %y\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n";
  auto stores_seven = [](const std::string& t) {
    std::optional<uir::RunResult> result = run_on_zeros(t);
    return result && !result->buffers.empty() && result->buffers[0].i32(0) == 7;
  };
  ASSERT_TRUE(stores_seven(text));
  std::string small = minimize_program(text, stores_seven, MinimizeLimits{});
  EXPECT_TRUE(stores_seven(small)) << small;
  EXPECT_FALSE(contains(small, " range ")) << small;
  EXPECT_FALSE(contains(small, " end ")) << small;
  // buffer, the value 7, shrink, store, after
  EXPECT_LE(count_statements(small), 5) << small;
}

TEST(MinimizeProgram, LowersARangeBoundToOne) {
  std::string text =
      "%b = buffer 4 dtype=i32 slot=0\n"
      "%i = range 4\n"
      "%v = shrink %b %i shape=[]\n"
      "%s = store %v %i\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n";
  auto has_a_loop = [](const std::string& t) {
    return run_on_zeros(t).has_value() && contains(t, " range ") && contains(t, " end ");
  };
  std::string small = minimize_program(text, has_a_loop, MinimizeLimits{});
  EXPECT_TRUE(contains(small, "%i = range 1\n")) << small;
}

TEST(MinimizeProgram, InlinesAConstWhereItsValueMatters) {
  // The last iteration stores its index, 2: the bound must stay 3, so the const can only go by
  // becoming its own literal (the plain literal 0 would make the loop run zero times).
  std::string text =
      "%b = buffer 1 dtype=i32 slot=0\n"
      "%n = const 3\n"
      "%i = range %n\n"
      "%v = shrink %b 0 shape=[]\n"
      "%s = store %v %i\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n";
  auto stores_two = [](const std::string& t) {
    std::optional<uir::RunResult> result = run_on_zeros(t);
    return result && !result->buffers.empty() && result->buffers[0].i32(0) == 2;
  };
  ASSERT_TRUE(stores_two(text));
  std::string small = minimize_program(text, stores_two, MinimizeLimits{});
  EXPECT_TRUE(contains(small, "%i = range 3\n")) << small;
  EXPECT_FALSE(contains(small, " const ")) << small;
}

TEST(MinimizeProgram, DropsAFunctionNothingCalls) {
  std::string text =
      "func @unused(%x: f32) -> f32 {\n"
      "  %y = mul %x %x\n"
      "  ret %y\n"
      "}\n"
      "%no = cmpne 1 1\n"
      "assert %no\n";
  auto fails_an_assert = [](const std::string& t) {
    std::optional<uir::RunResult> result = run_on_zeros(t);
    return result && result->exit_code == 1;
  };
  std::string small = minimize_program(text, fails_an_assert, MinimizeLimits{});
  EXPECT_TRUE(fails_an_assert(small));
  EXPECT_FALSE(contains(small, "func")) << small;
  EXPECT_EQ(count_statements(small), 2) << small;  // the comparison and the assert
}

TEST(MinimizeProgram, AGeneratedProgramEditedByHandSkipsTheShrinkTree) {
  std::string generated = program_text(sample_program(3, 4, 60));
  std::string edited = generated + "# edited by hand\n";
  auto valid = [](const std::string& t) { return !uir::compile("s.uir", t).error; };
  MinimizeStats stats;
  std::string small = minimize_program(edited, valid, MinimizeLimits{}, &stats);
  EXPECT_EQ(stats.tree_steps, 0);
  EXPECT_GT(stats.reducer_steps, 0);
  EXPECT_LT(count_statements(small), count_statements(edited));

  MinimizeStats untouched;
  minimize_program(generated, valid, MinimizeLimits{}, &untouched);
  EXPECT_GT(untouched.tree_steps, 0);
}

TEST(MinimizeProgram, MergesABufferIntoALaterVersionOfAnother) {
  // Element 0 of the first buffer and element 1 of the last must end as 5. Dropping either store
  // loses one of them, and nothing can become a literal; only merging %b into %a1 (the version
  // after the first store, defined after %b but before %b's uses) keeps both with one buffer less.
  std::string text =
      "%a = buffer 2 dtype=i32 slot=0\n"
      "%b = buffer 2 dtype=i32 slot=1\n"
      "%va = shrink %a 0 shape=[]\n"
      "%s1 = store %va 5\n"
      "%a1 = after %a %s1\n"
      "%vb = shrink %b 1 shape=[]\n"
      "%s2 = store %vb 5\n"
      "%b1 = after %b %s2\n";
  auto ends_with_fives = [](const std::string& t) {
    std::optional<uir::RunResult> result = run_on_zeros(t);
    return result && !result->buffers.empty() && result->buffers.front().i32(0) == 5 &&
           result->buffers.back().i32(1) == 5;
  };
  ASSERT_TRUE(ends_with_fives(text));
  std::string small = minimize_program(text, ends_with_fives, MinimizeLimits{});
  EXPECT_TRUE(ends_with_fives(small)) << small;
  EXPECT_FALSE(contains(small, "slot=1")) << small;
  EXPECT_EQ(count_statements(small), 7) << small;
}

TEST(MinimizeProgram, AnInvalidProgramShrinksToProgramsWithTheSameRule) {
  // E-DIV-ZERO on the idiv; everything else can go. A predicate that holds for every text shows
  // that the minimiser itself keeps the rule: without that it would drop the idiv too (or keep a
  // program that is valid).
  std::string text =
      "%b = buffer 4 dtype=i32 slot=0\n"
      "%i = range 4\n"
      "%v = shrink %b %i shape=[]\n"
      "%x = load %v\n"
      "%y = add %x 1\n"
      "%s = store %v %y\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n"
      "%d = idiv 7 %x\n";
  ASSERT_EQ(uir::compile("s.uir", text).error->rule, uir::Rule::DivZero);
  std::string small = minimize_program(text, [](const std::string&) { return true; }, MinimizeLimits{});
  std::optional<uir::Error> error = uir::compile("s.uir", small).error;
  ASSERT_TRUE(error.has_value()) << small;
  EXPECT_EQ(error->rule, uir::Rule::DivZero) << small;
  EXPECT_TRUE(contains(small, " idiv ")) << small;
  EXPECT_LT(count_statements(small), 4) << small;  // the buffer, its view, the load, the idiv at most
}

TEST(MinimizeProgram, AMalformedProgramIsLeftAsItIs) {
  // Its parse stops at the bad line, so the statements after it are not there to edit.
  std::string text = "%a = add 1 2\n%b = frobnicate %a\n%c = add %a 3\n";
  MinimizeStats stats;
  EXPECT_EQ(minimize_program(text, [](const std::string&) { return true; }, MinimizeLimits{}, &stats), text);
  EXPECT_EQ(stats.attempts, 0);
}

}  // namespace
}  // namespace uirgen
