#include "base/csv.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

using Rows = std::vector<std::vector<std::string>>;

Rows parsed(std::string_view text) {
  auto rows = parse_csv(text);
  EXPECT_TRUE(std::holds_alternative<Rows>(rows)) << std::get<std::string>(rows);
  return std::holds_alternative<Rows>(rows) ? std::get<Rows>(rows) : Rows{};
}

TEST(GraderCsv, FieldsQuotedOnlyWhenNeeded) {
  EXPECT_EQ(csv_field("ann"), "ann");
  EXPECT_EQ(csv_field("lee, ann"), "\"lee, ann\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field(" padded"), "\" padded\"");
  EXPECT_EQ(csv_row({"a", "b"}), "a,b\r\n");
}

TEST(GraderCsv, FormulaLookingTextIsMadeText) {
  EXPECT_EQ(csv_field("=HYPERLINK(\"http://evil\")"), "\"'=HYPERLINK(\"\"http://evil\"\")\"");
  EXPECT_EQ(csv_field("+1"), "'+1");
  EXPECT_EQ(csv_field("@sum"), "'@sum");
}

// Issue 25: " =1+1" was quoted but a spreadsheet still reads it as a formula (it skips leading
// blanks); the ' must come before the blanks.
TEST(GraderCsv, FormulaAfterLeadingSpacesOrTabsIsMadeText) {
  EXPECT_EQ(csv_field(" =1+1"), "' =1+1");
  EXPECT_EQ(csv_field("\t\t-2+3"), "'\t\t-2+3");
  EXPECT_EQ(csv_field("  @SUM(A1)"), "'  @SUM(A1)");
  EXPECT_EQ(csv_field(" plain"), "\" plain\"");  // blanks before ordinary text stay as they are
}

TEST(GraderCsv, ParsesWhatItWritesAndWhatSpreadsheetsWrite) {
  std::vector<std::string> fields = {"lee, ann", "say \"hi\"", "two\nlines", "", "plain"};
  std::string text;
  for (const std::string& field : fields) text += (text.empty() ? "" : ",") + csv_field(field);
  EXPECT_EQ(parsed(text + "\r\n"), Rows{fields});
  EXPECT_EQ(parsed("id,path\nann,subs/ann\n"), (Rows{{"id", "path"}, {"ann", "subs/ann"}}));
  EXPECT_EQ(parsed("a,\"\"\n"), (Rows{{"a", ""}}));
}

TEST(GraderCsv, MalformedNamesTheLine) {
  EXPECT_EQ(std::get<std::string>(parse_csv("a,b\nc,\"open\n")), "line 3: a quoted field is not closed");
  EXPECT_EQ(std::get<std::string>(parse_csv("a\nb\"c\n")), "line 2: a quote inside an unquoted field");
  EXPECT_EQ(std::get<std::string>(parse_csv("\"a\"b\n")), "line 1: text after a closing quote");
}

}  // namespace
}  // namespace uirgrade
