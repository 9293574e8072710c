// The error format of spec §1 and the rule catalog of spec §8, beyond what program_test.cc checks:
// specific messages, lines outside the file, statements with no column at fault, and short carets.
// Every expected string is written out by hand from the spec's example format.
#include "oracle/error.h"

#include <gtest/gtest.h>

namespace uir {
namespace {

Program two_line_program() {
  Program program;
  program.path = "week3/acc.uir";
  program.lines = {"%b = buffer 4 dtype=i32 slot=0", "%x = add %b 1"};
  return program;
}

TEST(ErrorHeadline, SpecificMessageReplacesTheCatalogMessage) {
  Error error{Rule::Type, 2, 10, 2, "add wants two i32 or two f32 values, got memory"};
  EXPECT_EQ(error_headline("week3/acc.uir", error),
            "week3/acc.uir:2: error: E-TYPE: add wants two i32 or two f32 values, got memory");
}

TEST(ErrorHeadline, EmptyMessageUsesTheCatalogMessage) {
  // The path is printed exactly as given, and E-DEAD-EFFECT's catalog text is the one of rules.def.
  Error error{Rule::DeadEffect, 7, 0, 0, ""};
  EXPECT_EQ(error_headline("./p.uir", error),
            "./p.uir:7: error: E-DEAD-EFFECT: effect that no output version depends on");
}

TEST(FormatError, LineOutsideTheFileGivesTheHeadlineOnly) {
  // Line 0 (no line at fault) and a line past the end (e.g. an error at a missing `}`) have no source
  // line to quote; neither may index outside `lines`.
  Program program = two_line_program();
  EXPECT_EQ(format_error(program, Error{Rule::Syntax, 0, 1, 1, "empty"}),
            "week3/acc.uir:0: error: E-SYNTAX: empty");
  EXPECT_EQ(format_error(program, Error{Rule::Syntax, 3, 1, 1, "function never closed"}),
            "week3/acc.uir:3: error: E-SYNTAX: function never closed");
}

TEST(FormatError, NoColumnQuotesTheLineWithoutACaret) {
  Program program = two_line_program();
  EXPECT_EQ(format_error(program, Error{Rule::Type, 2, 0, 0, "bad"}),
            "week3/acc.uir:2: error: E-TYPE: bad\n"
            "%x = add %b 1");
}

TEST(FormatError, ZeroLengthStillDrawsOneCaret) {
  // Column 10 is the `%b` operand of line 2: nine spaces, then one caret.
  Program program = two_line_program();
  EXPECT_EQ(format_error(program, Error{Rule::Type, 2, 10, 0, "bad"}),
            "week3/acc.uir:2: error: E-TYPE: bad\n"
            "%x = add %b 1\n"
            "         ^");
}

TEST(FormatError, ColumnPastTheLineEndPutsTheCaretJustAfterIt) {
  // "%x = add %b 1" has 13 characters: the padding stops at the line's end.
  Program program = two_line_program();
  EXPECT_EQ(format_error(program, Error{Rule::Syntax, 2, 40, 3, "expected an operand"}),
            "week3/acc.uir:2: error: E-SYNTAX: expected an operand\n"
            "%x = add %b 1\n"
            "             ^^^");
}

TEST(RuleTable, EveryRuleInfoDescribesItsOwnRuleWithASpecSection) {
  for (const RuleInfo& row : rule_table()) {
    EXPECT_EQ(rule_info(row.rule).id, row.id);
    EXPECT_TRUE(row.id.starts_with("E-")) << row.id;
    EXPECT_FALSE(row.message.empty()) << row.id;
    EXPECT_TRUE(row.section.starts_with("§")) << row.id;
  }
  // Spec §1's own example message, and a section the spec names for the rule.
  EXPECT_EQ(rule_info(Rule::EndUnused).message, "end closes a range its effects don't use");
  EXPECT_EQ(rule_info(Rule::LoadOrder).section, "§4.1");
  EXPECT_EQ(rule_from_id("E-LOAD-ORDER"), Rule::LoadOrder);
  EXPECT_FALSE(rule_from_id("").has_value());
  EXPECT_FALSE(rule_from_id("E-END").has_value());  // a prefix of E-END-TWICE is no rule
}

}  // namespace
}  // namespace uir
