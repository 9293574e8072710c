// The manual of `grade`: every command's section names its command and its own options, not the
// others', and `grade --help` holds every section.
#include "cli/usage_text.h"

#include <string>
#include <utility>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(UsageText, TheWholeManualEndsWithExamples) {
  EXPECT_NE(usage_text().find("EXAMPLES"), std::string::npos);
}

TEST(UsageText, EachCommandsSectionNamesItsCommand) {
  for (auto [word, command] : {std::pair{"class", Command::Class}, std::pair{"merge", Command::Merge},
                               std::pair{"similarity", Command::Similarity},
                               std::pair{"check-suites", Command::CheckSuites}, std::pair{"mutants", Command::Mutants}})
    EXPECT_NE(usage_text(command).find(std::string("grade ") + word), std::string::npos) << word;
}

TEST(UsageText, EachCommandHasItsOwnOptionsAndTheWholeTextEverySection) {
  // Each command's text has its own options and not the others'.
  std::string one = usage_text(Command::Grade), of_class = usage_text(Command::Class);
  std::string mutants = usage_text(Command::Mutants), check = usage_text(Command::CheckSuites);
  EXPECT_NE(one.find("--keep DIR"), std::string::npos);
  EXPECT_EQ(one.find("--coverage"), std::string::npos);
  EXPECT_EQ(one.find("--mutants-json"), std::string::npos);
  EXPECT_NE(of_class.find("--mutants-json FILE"), std::string::npos);
  EXPECT_NE(of_class.find("--out DIR"), std::string::npos);
  EXPECT_EQ(of_class.find("--keep DIR"), std::string::npos);
  EXPECT_NE(mutants.find("--json FILE"), std::string::npos);
  EXPECT_EQ(mutants.find("--out DIR"), std::string::npos);
  EXPECT_NE(check.find("--coverage"), std::string::npos);
  EXPECT_EQ(check.find("--shard"), std::string::npos);
  // The whole text has every command's section.
  std::string all = usage_text();
  for (const std::string& section : {one, of_class, mutants, check}) {
    std::string heading = section.substr(section.find("\n\n") + 2, section.find('\n', section.find("\n\n") + 2) -
                                                                         section.find("\n\n") - 2);
    EXPECT_NE(all.find(heading), std::string::npos) << heading;
  }
}

}  // namespace
}  // namespace uirgrade
