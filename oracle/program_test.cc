#include "oracle/program.h"

#include <gtest/gtest.h>

#include <set>

#include "oracle/error.h"

namespace uir {
namespace {

TEST(OpTable, EverySpelledOpIsFoundByItsSpellingAndSpellingsAreUnique) {
  std::set<std::string_view> seen;
  for (const OpInfo& info : op_table()) {
    if (info.op == Op::Param) {
      EXPECT_TRUE(info.spelling.empty());
      continue;
    }
    EXPECT_TRUE(seen.insert(info.spelling).second) << info.spelling;
    ASSERT_TRUE(op_from_spelling(info.spelling).has_value()) << info.spelling;
    EXPECT_EQ(*op_from_spelling(info.spelling), info.op);
  }
  EXPECT_FALSE(op_from_spelling("").has_value());
  EXPECT_FALSE(op_from_spelling("sub").has_value());  // spec §3: there is no subtract
}

TEST(RuleTable, IdsRoundTripAndFollowSpecOrder) {
  // Spec §8 lists the rules in this order; the enum order is the within-statement priority.
  const char* spec_order[] = {"E-SYNTAX", "E-FUNC-BODY", "E-LITERAL", "E-REDEFINED", "E-UNDEFINED",
                              "E-TYPE", "E-OPEN-RANGE", "E-BOUNDS", "E-DIV-ZERO", "E-END-TWICE",
                              "E-END-UNUSED", "E-STORE-TWICE", "E-AFTER-NO-STORE", "E-VERSION-FORK",
                              "E-NEST", "E-DEAD-EFFECT", "E-LOAD-ORDER"};
  ASSERT_EQ(rule_table().size(), std::size(spec_order));
  for (size_t i = 0; i < rule_table().size(); ++i) {
    EXPECT_EQ(rule_table()[i].id, spec_order[i]);
    EXPECT_EQ(rule_from_id(spec_order[i]), rule_table()[i].rule);
  }
  EXPECT_FALSE(rule_from_id("E-NOPE").has_value());
}

TEST(ErrorFormat, HeadlineThenLineThenCaretUnderTheColumn) {
  Program program;
  program.path = "prog.uir";
  program.lines = {"%b = buffer 4 dtype=i32 slot=0", "\t%e = end %s %j"};
  Error error{Rule::EndUnused, 2, 14, 2, ""};
  EXPECT_EQ(format_error(program, error),
            "prog.uir:2: error: E-END-UNUSED: end closes a range its effects don't use\n"
            "\t%e = end %s %j\n"
            "\t            ^^");
}

}  // namespace
}  // namespace uir
