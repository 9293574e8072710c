// The rendered driver, compiled with a rendered kernel as the grader does: it must read and print
// slot data exactly like `uir-oracle run` (spec §6.1), including its answers to malformed stdin.
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/c_toolchain_testing.h"
#include "oracle/cli.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

/// Builds `name` (a runner test program) with its driver, for the path `path`.
testing::CBinary build(const testing::ScratchDir& dir, const std::string& name, const std::string& path) {
  Compiled compiled = compile_valid_file(name);
  return testing::build_c(dir.path(), render_c(compiled), render_driver(slot_specs(compiled.program), path));
}

TEST(RenderDriver, ReadsAndPrintsLikeRun) {
  testing::ScratchDir dir("driver_io");
  testing::CBinary binary = build(dir, "zero_trip.uir", "zero_trip.uir");
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  // Any order, CRLF, spare blanks; every NaN prints as "nan"; f32 as %.9g.
  testing::CRun c = testing::run_c(binary, "1: -nan 0.1  1e-3 -inf\r\n\n0: 1 2 3 -2147483648\r\n");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(c.out, "0: 1 2 3 -2147483648\n1: nan 0.100000001 0.00100000005 -inf\n");
}

TEST(RenderDriver, MalformedStdinExitsThreeLikeRun) {
  testing::ScratchDir dir("driver_bad");
  testing::CBinary binary = build(dir, "zero_trip.uir", "zero_trip.uir");
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  const std::string good_f32 = "1: 0 0 0 0\n";
  for (std::string bad : {"0: 1 2 3\n", "0: 1 2 3 x\n", "0: 1 2 3 2147483648\n", "0: 1 2 3 +4\n", "0: 1 2 3 4 5\n",
                          "0: 1 2 3 4\n0: 1 2 3 4\n", "5: 1\n0: 1 2 3 4\n", "zero: 1 2 3 4\n", "0: 1 2 3 4\n"}) {
    bad += bad == "0: 1 2 3 4\n" ? "" : good_f32;  // the last one lacks slot 1
    testing::CRun c = testing::run_c(binary, bad);
    EXPECT_EQ(c.exit_code, 3) << bad;
    EXPECT_EQ(c.out, "") << bad;
    EXPECT_EQ(c.err.rfind("stdin", 0), 0u) << c.err;
    // The oracle refuses the same text the same way.
    std::istringstream in(bad);
    std::ostringstream out, err;
    EXPECT_EQ(cli_run({"zero_trip.uir", runner_testdata("zero_trip.uir")}, in, out, err), 3) << bad;
  }
}

TEST(RenderDriver, FailingAssertExitsOneWithTheLineOnStderr) {
  testing::ScratchDir dir("driver_assert");
  testing::CBinary binary = build(dir, "asserts.uir", "week3/asserts.uir");
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  testing::CRun c = testing::run_c(binary, "0: 1 2 3 4\n");
  EXPECT_EQ(c.exit_code, 1);
  EXPECT_EQ(c.out, "0: 5 5 5 5\n");
  EXPECT_EQ(c.err, "week3/asserts.uir:13: assert failed\n");
}

}  // namespace
}  // namespace uir
