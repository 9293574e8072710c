// `uir-oracle check`: exit 0 and "PROG.uir: valid" for a valid program, exit 2 and the spec §1 message with
// the source line and a caret for an invalid one.
#include <gtest/gtest.h>

#include <sstream>

#include "oracle/cli.h"

namespace uir {
namespace {

// Issue 25: a silent success looked like nothing had run; one line says the program is valid.
TEST(CliCheck, AValidProgramExitsZeroSayingSo) {
  std::ostringstream out, err;
  ProgramFile file{"ok.uir", "%b = buffer 4 dtype=i32 slot=0\n%i = range 4\n%v = shrink %b %i shape=[]\n"
                             "%s = store %v %i\n%e = end %s %i\n%b1 = after %b %e\n"};
  EXPECT_EQ(cli_check(file, out, err), kExitOk);
  EXPECT_EQ(out.str(), "ok.uir: valid\n");
  EXPECT_EQ(err.str(), "");
}

TEST(CliCheck, AnInvalidProgramExitsTwoWithTheRuleLineAndCaret) {
  std::ostringstream out, err;
  ProgramFile file{"dir/prog.uir", "# a comment line counts\n%b = buffer 4 dtype=i32 slot=0\n%i = range 5\n"
                                   "%v = shrink %b %i shape=[]\n"};
  EXPECT_EQ(cli_check(file, out, err), kExitInvalid);
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(err.str(),
            "dir/prog.uir:4: error: E-BOUNDS: view not provably inside what it shrinks: the offset %i is in [0, 4], "
            "so the view's element may fall outside the 4 elements of %b\n"
            "%v = shrink %b %i shape=[]\n"
            "               ^^\n");
}

TEST(CliCheck, WholeProgramRulesAreCheckedToo) {
  // Every statement passes the validator, but nothing makes the store visible (spec §4.1).
  std::ostringstream out, err;
  ProgramFile file{"dead.uir", "%b = buffer 1 dtype=i32 slot=0\n%v = shrink %b 0 shape=[]\n%s = store %v 1\n"};
  EXPECT_EQ(cli_check(file, out, err), kExitInvalid);
  EXPECT_EQ(err.str().rfind("dead.uir:3: error: E-DEAD-EFFECT: ", 0), 0u) << err.str();
}

TEST(CliCheck, AParseErrorIsReportedTheSameWay) {
  std::ostringstream out, err;
  ProgramFile file{"p.uir", "%x = const 1\r\n%y = sub %x 1\r\n"};
  EXPECT_EQ(cli_check(file, out, err), kExitInvalid);
  EXPECT_EQ(err.str().rfind("p.uir:2: error: E-SYNTAX: ", 0), 0u) << err.str();
}

}  // namespace
}  // namespace uir
