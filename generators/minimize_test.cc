// The minimiser's edits and guards (minimize.cc), each isolated by a failure predicate that only
// that edit can keep true while simplifying: flattening a loop, lowering a range bound, dropping an
// uncalled function, the program in i32, a stored value forwarded to its load, two memories in one
// chain with lowered literals, an outer loop flattened with its chain mended; plus the budget, the
// "nothing smaller fails" case, and the rule that a generated program edited by hand skips
// RapidCheck's tree. Whole-pipeline minimising of planted bugs is fuzz_test.cc's job. Expected
// programs are worked out by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
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

/// Element `k` of the first buffer (in slot order) after a run of `text` on zeros; nullopt when the
/// program is invalid or has no such element.
std::optional<int32_t> element_on_zeros(const std::string& text, size_t k) {
  std::optional<uir::RunResult> result = run_on_zeros(text);
  if (!result || result->buffers.empty() || result->buffers[0].words.size() <= k) return std::nullopt;
  return result->buffers[0].i32(k);
}

/// `text` minimised under `still_fails`, which must hold for it before and after.
std::string minimized_under(const std::string& text, const std::function<bool(const std::string&)>& still_fails) {
  EXPECT_TRUE(still_fails(text)) << "the original must fail:\n" << text;
  std::string small = minimize_program(text, still_fails, MinimizeLimits{});
  EXPECT_TRUE(still_fails(small)) << small;
  return small;
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
  auto stores_seven = [](const std::string& t) { return element_on_zeros(t, 0) == 7; };
  std::string small = minimized_under(text, stores_seven);
  EXPECT_FALSE(contains(small, " range ")) << small;
  EXPECT_FALSE(contains(small, " end ")) << small;
  // buffer, the value 7, shrink, store, after
  EXPECT_LE(count_statements(small), 5) << small;
}

TEST(MinimizeProgram, LowersARangeBoundToOne) {
  // Element 0 must end as 1: the loop has to run (once is enough), so the bound goes to 1, not 0.
  std::string text =
      "%b = buffer 4 dtype=i32 slot=0\n"
      "%i = range 4\n"
      "%x = add %i 1\n"
      "%v = shrink %b %i shape=[]\n"
      "%s = store %v %x\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n";
  auto element_0_is_one = [](const std::string& t) { return element_on_zeros(t, 0) == 1 && contains(t, " range "); };
  std::string small = minimized_under(text, element_0_is_one);
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
  auto stores_two = [](const std::string& t) { return element_on_zeros(t, 0) == 2; };
  std::string small = minimized_under(text, stores_two);
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
  std::string small = minimized_under(text, fails_an_assert);
  EXPECT_FALSE(contains(small, "func")) << small;
  EXPECT_EQ(count_statements(small), 1) << small;  // the assert, of the comparison's constant value
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

  // Limits with no share for the tree (grade's) go straight to the statement reducer.
  MinimizeLimits no_tree;
  no_tree.tree_share = 0;
  MinimizeStats reducer_only;
  minimize_program(generated, valid, no_tree, &reducer_only);
  EXPECT_EQ(reducer_only.tree_steps, 0);
  EXPECT_GT(reducer_only.reducer_steps, 0);
}

TEST(MinimizeProgram, MergesABufferIntoALaterVersionOfAnother) {
  // Element 0 of the first buffer and element 1 of the last must end as 5. Dropping either store
  // loses one of them, and nothing can become a literal; only merging %b into %a1 (the version
  // after the first store, defined after %b but before %b's uses), or chaining the two buffers the
  // other way round, keeps both with one buffer less.
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
  std::string small = minimized_under(text, ends_with_fives);
  EXPECT_EQ(small.find(" buffer "), small.rfind(" buffer ")) << small;  // one buffer
  EXPECT_EQ(count_statements(small), 7) << small;
}

TEST(MinimizeProgram, AnInvalidProgramMinimizesToProgramsWithTheSameRule) {
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

TEST(MinimizeProgram, ALoadOrderProgramMinimizesToItsCoreWithItsBuffer) {
  // The generator's E-LOAD-ORDER flaw appended to a program with one f32 output: the load of
  // %a must run before the store %s that it depends on (through %a1, %x and the offset %o). With a
  // buffer kept (as a wrongly accepting student must get data to fail the same way), the core is
  // 11 statements: the buffer takes the alloc's place, its result goes into the chain's later
  // version through the view %w already has there, `mod %x 4` becomes `mod %x 1` (so `max` goes:
  // [0, 0] is in bounds) and the cast goes with the f32.
  std::string text =
      "%out = buffer 5 dtype=f32 slot=3\n"
      "%a = alloc 4 dtype=i32\n"
      "%v = shrink %a 0 shape=[]\n"
      "%s = store %v 1\n"
      "%a1 = after %a %s\n"
      "%w = shrink %a1 1 shape=[]\n"
      "%x = load %w\n"
      "%m = mod %x 4\n"
      "%o = max %m 0\n"
      "%u = shrink %a %o shape=[]\n"
      "%l = load %u\n"
      "%f = cast %l dtype=f32\n"
      "%t = shrink %out 0 shape=[]\n"
      "%st = store %t %f\n"
      "%out1 = after %out %st\n";
  ASSERT_EQ(uir::compile("s.uir", text).error->rule, uir::Rule::LoadOrder);
  auto has_a_buffer = [](const std::string& t) { return contains(t, " buffer "); };
  std::string small = minimize_program(text, has_a_buffer, MinimizeLimits{});
  std::optional<uir::Error> error = uir::compile("s.uir", small).error;
  ASSERT_TRUE(error.has_value()) << small;
  EXPECT_EQ(error->rule, uir::Rule::LoadOrder) << small;
  EXPECT_TRUE(has_a_buffer(small)) << small;
  EXPECT_FALSE(contains(small, " max ")) << small;
  EXPECT_LE(count_statements(small), 11) << small;
}

TEST(MinimizeProgram, AnF32DetourGoesWhenTheFailureIsInI32) {
  // Element 0 must end as 3 and the program must keep a load (the "failure"): the value makes a
  // round trip through an f32 alloc. Only the program in i32 lets the casts and then the alloc go
  // (no edit joins memories of two dtypes); the smallest is then the buffer storing 3 and a load.
  std::string text =
      "%b = buffer 1 dtype=i32 slot=0\n"
      "%t = alloc 1 dtype=f32\n"
      "%vt = shrink %t 0 shape=[]\n"
      "%st = store %vt 3.0\n"
      "%t1 = after %t %st\n"
      "%ut = shrink %t1 0 shape=[]\n"
      "%l = load %ut\n"
      "%c = cast %l dtype=i32\n"
      "%vb = shrink %b 0 shape=[]\n"
      "%sb = store %vb %c\n"
      "%b1 = after %b %sb\n";
  auto three_through_a_load = [](const std::string& t) { return element_on_zeros(t, 0) == 3 && contains(t, " load "); };
  std::string small = minimized_under(text, three_through_a_load);
  EXPECT_FALSE(contains(small, "f32")) << small;
  EXPECT_FALSE(contains(small, " alloc ")) << small;
  EXPECT_LE(count_statements(small), 8) << small;
}

TEST(MinimizeProgram, AnOuterLoopOfOneIterationGoesAndTheChainIsMended) {
  // The outer loop %o runs once; flattening it leaves %b2 and %b1 both extending %b outside every
  // loop (a fork), which only continuing the chain (%b2 = after %b1 ...) makes valid again.
  // The "failure": element 0 ends as 7 and element 1 as 1, so both stores and the inner loop stay.
  std::string text =
      "%b = buffer 2 dtype=i32 slot=0\n"
      "%o = range 1\n"
      "%i = range 2\n"
      "%x = add %i %o\n"
      "%v = shrink %b %i shape=[]\n"
      "%s = store %v %x\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n"
      "%w = shrink %b1 0 shape=[]\n"
      "%y = add %o 7\n"
      "%s2 = store %w %y\n"
      "%e2 = end %s2 %o\n"
      "%b2 = after %b %e2\n";
  auto seven_then_one = [](const std::string& t) { return element_on_zeros(t, 0) == 7 && element_on_zeros(t, 1) == 1; };
  std::string small = minimized_under(text, seven_then_one);
  EXPECT_FALSE(contains(small, "%o = range")) << small;
  // buffer, range, view, store, end, after; view, store, after
  EXPECT_EQ(count_statements(small), 9) << small;
}

TEST(MinimizeProgram, AStoredValueReachesItsLoadDirectly) {
  // The "failure" is a cast saturating an inf literal into element 0: the inf makes a round trip
  // through an f32 alloc. The alloc cannot merge with the i32 buffer, the program in i32 loses the
  // inf, and the load's plainest literal (1.0) loses it too; only forwarding the stored inf to the
  // load lets the alloc go. Smallest: the buffer, `cast inf`, its view, store and after.
  std::string text =
      "%b = buffer 1 dtype=i32 slot=0\n"
      "%t = alloc 1 dtype=f32\n"
      "%p = shrink %t 0 shape=[]\n"
      "%s = store %p inf\n"
      "%t1 = after %t %s\n"
      "%q = shrink %t1 0 shape=[]\n"
      "%l = load %q\n"
      "%c = cast %l dtype=i32\n"
      "%v = shrink %b 0 shape=[]\n"
      "%st = store %v %c\n"
      "%b1 = after %b %st\n";
  auto saturates_in_a_cast = [](const std::string& t) {
    return element_on_zeros(t, 0) == INT32_MAX && contains(t, " cast ") && contains(t, " inf");
  };
  std::string small = minimized_under(text, saturates_in_a_cast);
  EXPECT_FALSE(contains(small, " alloc ")) << small;
  EXPECT_EQ(count_statements(small), 5) << small;
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
