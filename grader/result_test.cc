// verdict_name: the spellings are read by people (docs/students.md §5 explains each one) and by
// programs (JSON, JUnit failure types, `grade merge`). report_names_test.cc pins each spelling and
// its reverse; here every Verdict must have a name the students' table explains, and the table no
// name that the grader never gives.
#include "grader/result.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

constexpr int kVerdictCount = static_cast<int>(Verdict::InternalError) + 1;  // the enum's last

/// The first column of the verdict table in docs/students.md: rows "| `name` | ... |".
std::set<std::string> documented_verdicts() {
  std::ifstream in(UIRGRADE_SOURCE_DIR "/docs/students.md");
  EXPECT_TRUE(in.good()) << "docs/students.md";
  std::set<std::string> names;
  bool in_table = false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| verdict |", 0) == 0) in_table = true;
    else if (in_table && line.rfind("| `", 0) != 0 && line.rfind("|---", 0) != 0) in_table = false;
    else if (in_table && line.rfind("| `", 0) == 0) names.insert(line.substr(3, line.find('`', 3) - 3));
  }
  return names;
}

TEST(Result, EveryVerdictIsNamedAsTheStudentsTableSays) {
  std::set<std::string> documented = documented_verdicts();
  ASSERT_EQ(documented.size(), 14u) << "the table in docs/students.md §5 lists 14 verdicts";
  std::set<std::string> named;
  for (int k = 0; k < kVerdictCount; ++k) {
    std::string name(verdict_name(static_cast<Verdict>(k)));
    EXPECT_TRUE(documented.count(name)) << name << " is not explained in docs/students.md";
    named.insert(name);
  }
  EXPECT_EQ(named, documented);
}

TEST(Result, NamesAreLowerCaseWordsJoinedByHyphens) {
  // They appear unquoted as JUnit failure types and in one-line progress output.
  for (int k = 0; k < kVerdictCount; ++k) {
    std::string_view name = verdict_name(static_cast<Verdict>(k));
    ASSERT_FALSE(name.empty());
    EXPECT_NE(name, "unknown");
    EXPECT_NE(name.front(), '-');
    EXPECT_NE(name.back(), '-');
    for (char c : name) EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '-') << name;
  }
}

}  // namespace
}  // namespace uirgrade
