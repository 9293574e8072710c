// `grade COMMAND` for every command, end to end: the new word and the old flag run the same command,
// the old flag with one note on stderr before anything else, and `grade COMMAND --help` prints that
// command's own options.
#include <string>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

const std::string kGrade = std::string(UIRGRADE_BINARY_DIR) + "/grade";

TEST(CommandWords, CheckSuitesInBothSpellings) {
  const std::string missing = " /nonexistent/uirgrade-suites";
  Shell word = run_shell(kGrade + " check-suites" + missing);
  Shell flag = run_shell(kGrade + " --check-suites" + missing);
  EXPECT_EQ(word.exit_code, 2) << word.output;
  EXPECT_EQ(flag.exit_code, word.exit_code);
  EXPECT_EQ(word.output.find("note:"), std::string::npos) << word.output;
  EXPECT_EQ(flag.output, "grade: note: `grade --check-suites` is spelt `grade check-suites` now; the old spelling "
                         "still works\n" + word.output);
}

TEST(CommandWords, MutantsInBothSpellingsAndItsOwnHelp) {
  Shell word = run_shell(kGrade + " mutants --help");
  Shell flag = run_shell(kGrade + " --mutants --help");
  EXPECT_EQ(word.exit_code, 0) << word.output;
  EXPECT_NE(word.output.find("grade mutants [all|NAME,...] --week N"), std::string::npos) << word.output;
  EXPECT_EQ(word.output.find("--keep DIR"), std::string::npos) << word.output;  // one student's, not its own
  EXPECT_EQ(flag.exit_code, 0);
  EXPECT_EQ(flag.output, "grade: note: `grade --mutants` is spelt `grade mutants` now; the old spelling still "
                         "works\n" + word.output);
}

TEST(CommandWords, EveryCommandHasItsOwnHelp) {
  for (const char* command : {"class", "merge", "similarity", "check-suites", "mutants"}) {
    Shell help = run_shell(kGrade + " " + command + " --help");
    EXPECT_EQ(help.exit_code, 0) << command << "\n" << help.output;
    EXPECT_NE(help.output.find(std::string("    grade ") + command), std::string::npos) << help.output;
    EXPECT_EQ(help.output.find("EXAMPLES"), std::string::npos) << command << ": the whole text";
  }
  Shell all = run_shell(kGrade + " --help");
  EXPECT_NE(all.output.find("EXAMPLES"), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
