#include "oracle_faults/manifest.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace oracle_faults {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  std::string path = std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path;
}

TEST(Manifest, ReadsItsRowsAndNamesTheLineOfABadOne) {
  std::string good = write_temp("manifest_good.tsv",
                                "# header\n7\toracle/a.cc\t12\tf\tror\ta < b\ta <= b\tif (a < b) x();\n");
  auto read = read_manifest(good);
  ASSERT_TRUE(std::holds_alternative<std::vector<OracleFault>>(read));
  const OracleFault& m = std::get<std::vector<OracleFault>>(read).at(0);
  EXPECT_EQ(m.id, 7);
  EXPECT_EQ(m.line, 12);
  EXPECT_EQ(m.faulty, "a <= b");

  std::string bad = write_temp("manifest_bad.tsv", "# header\n7\toracle/a.cc\tx\tf\tror\ta\tb\tc\n");
  auto error = read_manifest(bad);
  ASSERT_TRUE(std::holds_alternative<LoadError>(error));
  EXPECT_NE(std::get<LoadError>(error).find(":2: "), std::string::npos) << std::get<LoadError>(error);
}

TEST(Manifest, AnEquivalentCoversItsTextAnywhereInItsFileAndAStaleOneIsReported) {
  std::vector<OracleFault> faults = {{1, "oracle/a.cc", 3, "f", "ror", "a < b", "a <= b", "", ""},
                                     {2, "oracle/a.cc", 9, "g", "ror", "a < b", "a <= b", "", ""},
                                     {3, "oracle/b.cc", 3, "f", "ror", "a < b", "a <= b", "", ""}};
  std::vector<Equivalent> record = {{"oracle/a.cc", "*", "ror", "a < b", "a <= b", "*", "a and b are never equal", 5},
                                    {"oracle/a.cc", "*", "eq", "x == y", "x != y", "*", "gone", 6}};
  std::vector<Equivalent> stale = apply_equivalents(faults, record);
  EXPECT_EQ(faults[0].equivalent_because, "a and b are never equal");
  EXPECT_EQ(faults[1].equivalent_because, "a and b are never equal");
  EXPECT_EQ(faults[2].equivalent_because, "");
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0].record_line, 6);
}

TEST(Manifest, AStarMatchesAWholeFunction) {
  std::vector<OracleFault> faults = {{1, "oracle/a.cc", 3, "f", "ror", "a < b", "a <= b", "", ""},
                                     {2, "oracle/a.cc", 4, "f", "stmt-delete", "g();", "", "", ""},
                                     {3, "oracle/a.cc", 9, "h", "ror", "a < b", "a <= b", "", ""}};
  std::vector<Equivalent> record = {{"oracle/a.cc", "f", "*", "*", "*", "*", "only the message", 1}};
  EXPECT_TRUE(apply_equivalents(faults, record).empty());
  EXPECT_EQ(faults[0].equivalent_because, "only the message");
  EXPECT_EQ(faults[1].equivalent_because, "only the message");
  EXPECT_EQ(faults[2].equivalent_because, "");
}

TEST(Manifest, AnReFieldMatchesTheValuesItsRegularExpressionMatchesWhole) {
  std::vector<OracleFault> faults = {
      {1, "oracle/a.cc", 3, "f", "const+1", "1", "1 + 1", "return fail(line, column + 1, \"bad\");", ""},
      {2, "oracle/a.cc", 3, "f", "if-true", "x < 1", "true", "if (x < 1) return fail(line, column + 1, \"bad\");", ""},
      {3, "oracle/a.cc", 4, "f", "const+1", "1", "1 + 1", "y = x + 1;", ""}};
  std::vector<Equivalent> record = {{"oracle/a.cc", "*", "re:const[+-]1", "*", "*", "re:.*return fail\\(.*", "caret only", 1}};
  EXPECT_TRUE(apply_equivalents(faults, record).empty());
  EXPECT_EQ(faults[0].equivalent_because, "caret only");
  EXPECT_EQ(faults[1].equivalent_because, "");  // another operator
  EXPECT_EQ(faults[2].equivalent_because, "");  // another line
  // Matched whole: a pattern that matches only part of a value does not cover it.
  std::vector<Equivalent> partial = {{"oracle/a.cc", "*", "re:const", "*", "*", "*", "part", 2}};
  EXPECT_EQ(apply_equivalents(faults, partial).size(), 1u);
}

TEST(Manifest, TheSourceLineTellsApartTwoSitesWithTheSameText) {
  std::vector<OracleFault> faults = {{1, "oracle/a.cc", 3, "f", "const-1", "1", "1 - 1", "if (line < 1) return 0;", ""},
                                     {2, "oracle/a.cc", 4, "f", "const-1", "1", "1 - 1", "return lines[line - 1];", ""}};
  std::vector<Equivalent> record = {{"oracle/a.cc", "f", "const-1", "1", "1 - 1", "if (line < 1) return 0;", "why", 1}};
  apply_equivalents(faults, record);
  EXPECT_EQ(faults[0].equivalent_because, "why");
  EXPECT_EQ(faults[1].equivalent_because, "");
}

TEST(Manifest, AnOccurrenceTellsApartSitesWithTheSameTextOnTheSameLine) {
  const std::string line = "if (a.lo >= 0) return {0, a.hi};";
  std::vector<OracleFault> faults = {{1, "oracle/a.cc", 3, "f", "const+1", "0", "0 + 1", line, ""},
                                     {2, "oracle/a.cc", 3, "f", "const+1", "0", "0 + 1", line, ""},
                                     {3, "oracle/a.cc", 3, "f", "const-1", "0", "0 - 1", line, ""}};
  std::vector<Equivalent> record = {{"oracle/a.cc", "f", "const+1#2", "0", "0 + 1", line, "the second", 1},
                                    {"oracle/a.cc", "f", "const-1#2", "0", "0 - 1", line, "no second one", 2}};
  std::vector<Equivalent> stale = apply_equivalents(faults, record);
  EXPECT_EQ(faults[0].equivalent_because, "");
  EXPECT_EQ(faults[1].equivalent_because, "the second");
  EXPECT_EQ(faults[2].equivalent_because, "");
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0].record_line, 2);
}

TEST(Manifest, AnEquivalentWithoutAWhyIsRefused) {
  std::string path = write_temp("equivalents_bad.tsv", "oracle/a.cc\tf\tror\ta < b\ta <= b\t*\t\n");
  EXPECT_TRUE(std::holds_alternative<LoadError>(read_equivalents(path)));
}

}  // namespace
}  // namespace oracle_faults
