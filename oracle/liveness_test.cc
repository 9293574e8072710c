// Liveness (spec §5.3 "What is placed") and E-DEAD-EFFECT (spec §4.1 "Every effect takes effect"),
// called directly on programs that compile() has validated. Expected masks, lines and messages are
// worked out from the program text and the spec.
#include "oracle/liveness.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "oracle/nesting.h"
#include "oracle/oracle.h"

namespace uir {
namespace {

/// The validated program of `text` (compile() fills the analysed fields even when a whole-program
/// rule fails), with the rule compile() reported.
Compiled validated(std::string_view text, std::optional<Rule> expected_rule) {
  Compiled compiled = compile("t.uir", text);
  EXPECT_EQ(compiled.error ? std::optional<Rule>(compiled.error->rule) : std::nullopt, expected_rule);
  return compiled;
}

std::optional<Error> dead_effect(const Program& program) {
  LoopTree tree;
  EXPECT_FALSE(build_loop_tree(program, &tree).has_value());
  return check_effects_take_effect(program, tree);
}

/// The E-DEAD-EFFECT of `text`, which compile() must report too.
Error dead_effect_of(std::string_view text) {
  Compiled compiled = validated(text, Rule::DeadEffect);
  std::optional<Error> error = dead_effect(compiled.program);
  EXPECT_TRUE(error.has_value()) << text;
  return error.value_or(Error{});
}

// Lines 1-4 of the programs below: a store of 1 into %b at %i, inside loop %i. What follows decides
// whether the store takes effect.
constexpr std::string_view kStoreInLoop =
    "%b  = buffer 4 dtype=i32 slot=0\n"
    "%i  = range 4\n"
    "%v  = shrink %b %i shape=[]\n"
    "%s  = store %v 1\n";  // line 4

TEST(LiveStatements, AssertsAndOutputVersionsAreRootsAndOnlyWhatTheyNeedIsLive) {
  Compiled compiled = validated(
      "%b  = buffer 4 dtype=i32 slot=0\n"  // live: the output version needs it
      "%i  = range 4\n"                    // live
      "%v  = shrink %b %i shape=[]\n"      // live
      "%s  = store %v %i\n"                // live
      "%e  = end %s %i\n"                  // live
      "%b1 = after %b %e\n"                // live: an after with no open ranges
      "%r  = shrink %b1 0 shape=[]\n"      // not live: only %seen uses it
      "%seen = load %r\n"                  // not live: nothing uses it
      "%c  = const 3\n"                    // live: the assert needs it
      "%ok = cmplt %c 4\n"                 // live
      "assert %ok\n"                       // live: a root
      "%x  = add %c 1\n",                  // not live
      std::nullopt);
  std::vector<bool> expected = {true, true, true, true, true, true, false, false, true, true, true, false};
  EXPECT_EQ(live_statements(compiled.program), expected);
}

TEST(LiveStatements, AnAfterInsideALoopIsNoRoot) {
  // The after has %i open (spec §5.2: local to an iteration), so nothing here is live.
  Compiled compiled = validated(std::string(kStoreInLoop) + "%b1 = after %b %s\n", Rule::DeadEffect);
  EXPECT_EQ(live_statements(compiled.program), std::vector<bool>(5, false));
}

TEST(DeadEffect, ValidProgramHasNone) {
  Compiled compiled = validated(std::string(kStoreInLoop) + "%e  = end %s %i\n%b1 = after %b %e\n", std::nullopt);
  EXPECT_FALSE(dead_effect(compiled.program).has_value());
}

TEST(DeadEffect, NamesTheRangeNoEndCloses) {
  Error error = dead_effect_of(std::string(kStoreInLoop) + "%b1 = after %b %s\n");
  EXPECT_EQ(error.rule, Rule::DeadEffect);
  EXPECT_EQ(error.line, 4);
  EXPECT_EQ(error.column, 1);  // the statement's name, underlined whole
  EXPECT_EQ(error.length, 2);
  EXPECT_EQ(error.message, "store %s never takes effect: range %i is never closed by an end");
}

TEST(DeadEffect, FirstInFileOrderWhenEveryRangeIsClosed) {
  // Neither the store (line 4) nor the end (line 5) reaches an after; the store comes first, and its
  // range is closed, so the message says no after depends on it.
  Error error = dead_effect_of(std::string(kStoreInLoop) + "%e  = end %s %i\n");
  EXPECT_EQ(error.line, 4);
  EXPECT_EQ(error.message, "store %s never takes effect: no after outside every loop depends on it");
}

TEST(DeadEffect, ASecondLoopThatNoAfterFollows) {
  // The first loop's effects reach %b1; the second loop's end (line 10) reaches nothing, and its store
  // (line 9) could reach an after only through that end, so the store, first in file order, is reported.
  Error error = dead_effect_of(std::string(kStoreInLoop) +
                               "%e  = end %s %i\n"
                               "%b1 = after %b %e\n"
                               "%j  = range 4\n"
                               "%w  = shrink %b1 %j shape=[]\n"
                               "%t  = store %w 2\n"  // line 9
                               "%f  = end %t %j\n");
  EXPECT_EQ(error.line, 9);
  EXPECT_EQ(error.message, "store %t never takes effect: no after outside every loop depends on it");
}

}  // namespace
}  // namespace uir
