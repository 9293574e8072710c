// `uir-oracle render` (spec §6.2): C on stdout for a valid program, exit 2 with run's message else.
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/cli.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

TEST(CliRender, ValidProgramPrintsTheKernel) {
  std::ostringstream out, err;
  EXPECT_EQ(cli_render({"gemm_4x3x5.uir", runner_testdata("gemm_4x3x5.uir")}, out, err), 0);
  EXPECT_NE(out.str().find("int32_t kernel(float *data0, float *data1, float *data2) {"), std::string::npos);
  EXPECT_EQ(err.str(), "");
}

TEST(CliRender, InvalidProgramExitsTwoWithTheSameMessageAsRun) {
  const std::string text = "%b = buffer 4 dtype=i32 slot=0\n%x = add %b 1\n";
  std::ostringstream out, err, run_out, run_err;
  std::istringstream no_input;
  EXPECT_EQ(cli_render({"bad.uir", text}, out, err), 2);
  EXPECT_EQ(cli_run({"bad.uir", text}, no_input, run_out, run_err), 2);
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(err.str(), run_err.str());
  EXPECT_EQ(err.str().rfind("bad.uir:2: error: E-TYPE", 0), 0u) << err.str();
}

}  // namespace
}  // namespace uir
