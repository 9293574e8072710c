// The oracle's variation points (oracle/variant.h): each stage asks its hook at its place, and a
// variant that overrides one hook changes only what that hook decides. The variants here are the
// tests' own (not the catalogue's): the oracle's tests need no student bug.
#include "oracle/variant.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "oracle/oracle.h"
#include "oracle/variant_testing.h"

namespace uir {
namespace {

// Spec §5.3's accumulator: the load of acc[0] moves into loop %k because the loop stores into it.
constexpr std::string_view kAccumulator =
    "%X   = buffer 4 dtype=i32 slot=0\n"
    "%acc = buffer 1 dtype=i32 slot=1\n"
    "%k   = range 4\n"
    "%a   = shrink %acc 0 shape=[]\n"
    "%cur = load %a\n"
    "%xv  = shrink %X %k shape=[]\n"
    "%x   = load %xv\n"
    "%sum = add %cur %x\n"
    "%s   = store %a %sum\n"
    "%e   = end %s %k\n"
    "%acc1 = after %acc %e\n";

int depth_of(const Compiled& compiled, std::string_view name) {
  for (const Placed& item : compiled.linear.items)
    if (compiled.program.stmts[item.stmt].name == name) return item.depth;
  ADD_FAILURE() << name << " was not placed";
  return -1;
}

struct NoDivZeroCheck : OracleVariant {
  bool checks_statement(Rule rule, Op op) const override {
    return rule != Rule::DivZero && OracleVariant::checks_statement(rule, op);
  }
};

TEST(Variant, TheReferenceIsTheDefault) {
  Compiled compiled = compile("t.uir", kAccumulator);
  EXPECT_EQ(compiled.variant, &OracleVariant::reference());
}

TEST(Variant, AStatementRuleLeftUncheckedLetsItsProgramThrough) {
  constexpr std::string_view divides_by_zero = "%x = add 1 2\n%y = idiv %x 0\n";
  Compiled oracle = compile("t.uir", divides_by_zero);
  ASSERT_TRUE(oracle.error.has_value());
  EXPECT_EQ(oracle.error->rule, Rule::DivZero);
  NoDivZeroCheck variant;
  EXPECT_FALSE(compile("t.uir", divides_by_zero, variant).error.has_value());
}

TEST(Variant, TheLoadRuleIsTheVariantsOwn) {
  EXPECT_EQ(depth_of(compile("t.uir", kAccumulator), "%cur"), 1);
  testing::LoadsStay variant;
  EXPECT_EQ(depth_of(compile("t.uir", kAccumulator, variant), "%cur"), 0);
}

struct InclusiveLoopsAndOwnPrinting : OracleVariant {
  std::string_view c_range_comparison() const override { return "<="; }
  std::string format_output(const std::vector<SlotData>& buffers) const override {
    return "printed " + std::to_string(buffers.size()) + " buffers\n";
  }
};

TEST(Variant, TheCAndThePrintingFollowTheVariant) {
  Compiled oracle = compile("t.uir", kAccumulator);
  EXPECT_NE(render_c(oracle).find("r2_k < 4;"), std::string::npos) << render_c(oracle);
  InclusiveLoopsAndOwnPrinting variant;
  Compiled varied = compile("t.uir", kAccumulator, variant);
  std::string c = render_c(varied);
  EXPECT_NE(c.find("r2_k <= 4;"), std::string::npos) << c;
  EXPECT_EQ(c.find("r2_k < 4;"), std::string::npos) << c;
  EXPECT_EQ(variant.format_output({}), "printed 0 buffers\n");
  EXPECT_EQ(OracleVariant::reference().format_output({}), "");
}

}  // namespace
}  // namespace uir
