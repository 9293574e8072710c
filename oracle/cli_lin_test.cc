// `uir-oracle lin`: the trace format (step, line, depth indentation, loops open after) and exit 2.
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/cli.h"
#include "oracle/linearize_testing.h"
#include "oracle/text_lines_testing.h"

namespace uir {
namespace {

using testing::kLessonNest;
using testing::lines_of;

TEST(CliLin, OneLinePerPlacedStatementWithStepDepthAndOpenLoops) {
  std::ostringstream out, err;
  ASSERT_EQ(cli_lin({"nest.uir", std::string(kLessonNest)}, out, err), kExitOk);
  EXPECT_EQ(err.str(), "");
  std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 10u);
  // Line 1: the buffer, emitted at the top. Each line starts with the step, then the source line.
  EXPECT_EQ(lines[0].rfind("1 emit ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("    1  %b = buffer 6 dtype=i32 slot=0"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("open after: ()"), std::string::npos) << lines[0];
  // %i opens at depth 0; %i3 (hoisted) is emitted one level in, before %j opens.
  EXPECT_EQ(lines[1].rfind("2 open ", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("    2  %i = range 2"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("open after: (%i)"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("    4    %i3 = mul %i 3 "), std::string::npos) << lines[2];  // comment dropped
  EXPECT_EQ(lines[2].find('#'), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("    3    %j = range 3"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find("open after: (%i, %j)"), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find("    5      %o = add %i3 %j"), std::string::npos) << lines[4];
  // The ends close j then i, each printed at the depth of the loop around it.
  EXPECT_EQ(lines[7].rfind("3 close", 0), 0u) << lines[7];
  EXPECT_NE(lines[7].find("    8    %ej = end %s %j"), std::string::npos) << lines[7];
  EXPECT_NE(lines[7].find("open after: (%i)"), std::string::npos) << lines[7];
  EXPECT_NE(lines[8].find("    9  %ei = end %ej %i"), std::string::npos) << lines[8];
  EXPECT_NE(lines[9].find("   10  %b1 = after %b %ei"), std::string::npos) << lines[9];
}

TEST(CliLin, InvalidProgramExitsTwoWithTheError) {
  std::ostringstream out, err;
  std::string text = "%b = buffer 1 dtype=i32 slot=0\n%v = shrink %b 0 shape=[]\n%s = store %v 1\n";
  EXPECT_EQ(cli_lin({"dead.uir", text}, out, err), kExitInvalid);
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(err.str().rfind("dead.uir:3: error: E-DEAD-EFFECT: ", 0), 0u) << err.str();
}

}  // namespace
}  // namespace uir
