// compile(): the order of spec §8 across the stages (statement-local rules in file order, the
// parser's malformed line in its place among them, then the whole-program rules), what a failed
// compile leaves, and that a variant reaches the linearizer. Expected rules and lines come from §8.
#include "oracle/oracle.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "oracle/linearize_testing.h"
#include "oracle/variant_testing.h"

namespace uir {
namespace {

using testing::kLoadDependsOnStore;
using testing::kReadThroughEnd;

std::string verdict(std::string_view text) {
  Compiled compiled = compile("t.uir", text);
  if (!compiled.error) return "ok";
  return std::string(rule_info(compiled.error->rule).id) + "@" + std::to_string(compiled.error->line);
}

// Valid: one loop fills B.
constexpr std::string_view kFill =
    "%b  = buffer 4 dtype=i32 slot=0\n"
    "%i  = range 4\n"
    "%v  = shrink %b %i shape=[]\n"
    "%s  = store %v %i\n"
    "%e  = end %s %i\n"
    "%b1 = after %b %e\n";

TEST(Compile, StatementLocalRulesComeBeforeWholeProgramRules) {
  // Line 4's store never takes effect (whole-program), line 6 adds an i32 to a view (statement-local):
  // the later statement-local error is the one reported.
  EXPECT_EQ(verdict("%b = buffer 4 dtype=i32 slot=0\n"
                    "%i = range 4\n"
                    "%v = shrink %b %i shape=[]\n"
                    "%s = store %v 1\n"
                    "%c = const 1\n"
                    "%x = add %v %c\n"),
            "E-TYPE@6");
}

TEST(Compile, TheFirstFailingStatementInFileOrderWins) {
  // E-BOUNDS at line 2 comes before a malformed line 3 and an E-TYPE at line 4.
  EXPECT_EQ(verdict("%b = buffer 4 dtype=i32 slot=0\n"
                    "%v = shrink %b 4 shape=[]\n"
                    "%y = frobnicate 1\n"
                    "%x = add %v 1\n"),
            "E-BOUNDS@2");
  // Without the bounds error, the malformed line 3 comes before the E-TYPE at line 4.
  EXPECT_EQ(verdict("%b = buffer 4 dtype=i32 slot=0\n"
                    "%v = shrink %b 3 shape=[]\n"
                    "%y = frobnicate 1\n"
                    "%x = add %v 1\n"),
            "E-SYNTAX@3");
}

TEST(Compile, DeadEffectComesBeforeLoadOrder) {
  // Adding a store at line 16 that reaches no after: §8 checks E-DEAD-EFFECT first.
  std::string load_order(kLoadDependsOnStore);
  EXPECT_EQ(verdict(load_order), "E-LOAD-ORDER@11");
  EXPECT_EQ(verdict(load_order + "%w = shrink %O1 0 shape=[]\n%dead = store %w 3\n"), "E-DEAD-EFFECT@16");
}

TEST(Compile, AFailedCompileKeepsTheProgramButNoLinearList) {
  Compiled valid = compile("dir/fill.uir", kFill);
  ASSERT_FALSE(valid.error.has_value());
  EXPECT_EQ(valid.program.path, "dir/fill.uir");
  // Six live statements: four emitted, one open, one close.
  EXPECT_EQ(valid.linear.items.size(), 6u);
  EXPECT_EQ(valid.linear.live, std::vector<bool>(6, true));

  // The program is kept (for format_error); the list is not, nor the live marks made before the
  // error was found.
  Compiled invalid = compile("dir/load.uir", kLoadDependsOnStore);
  ASSERT_TRUE(invalid.error.has_value());
  EXPECT_EQ(invalid.error->rule, Rule::LoadOrder);
  EXPECT_EQ(invalid.program.stmts.size(), 14u);
  EXPECT_EQ(invalid.program.lines.size(), 14u);
  EXPECT_TRUE(invalid.linear.items.empty());
  EXPECT_TRUE(invalid.linear.live.empty());
}

TEST(Compile, NeverThrowsAndReportsGarbageAsSyntax) {
  EXPECT_EQ(verdict(""), "ok");
  EXPECT_EQ(verdict("%%% = = =\n"), "E-SYNTAX@1");
  EXPECT_EQ(verdict(std::string("\0\xff\n}", 4)), "E-SYNTAX@1");
  EXPECT_EQ(verdict("# only a comment\n\n%x = const\n"), "E-SYNTAX@3");
}

/// The depth recorded for the first item that places statement `name`.
int depth_of(const Compiled& compiled, std::string_view name) {
  for (const Placed& item : compiled.linear.items)
    if (compiled.program.stmts[item.stmt].name == name) return item.depth;
  ADD_FAILURE() << name << " was not placed";
  return -1;
}

TEST(Compile, AVariantReachesTheLinearizer) {
  // Loop %i (range line first) reads B1, which loop %j's end makes. The oracle opens %j first, at the
  // top level; the book's attempt (b) opens %j inside %i.
  EXPECT_EQ(depth_of(compile("t.uir", kReadThroughEnd), "%j"), 1);
  testing::SiblingsInRangeLineOrder attempt_b;
  EXPECT_EQ(depth_of(compile("t.uir", kReadThroughEnd, attempt_b), "%j"), 2);
  // (The load rule's variant: variant_test.cc.)
}

}  // namespace
}  // namespace uir
