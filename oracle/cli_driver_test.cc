// `uir-oracle driver PROG`: the C main() that, compiled with `uir-oracle render PROG`'s kernel,
// reads stdin and prints stdout exactly as `uir-oracle run PROG` does (spec §6.1, §6.2); for an
// invalid program, exit 2 with run's message and nothing on stdout.
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/c_toolchain_testing.h"
#include "oracle/cli.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

struct CliOutput {
  int exit_code = -1;
  std::string out, err;
};

CliOutput run_cli(const ProgramFile& file, const std::string& stdin_text) {
  std::istringstream in(stdin_text);
  std::ostringstream out, err;
  int code = cli_run(file, in, out, err);
  return {code, out.str(), err.str()};
}

/// The kernel and the driver, each from its own command, built with the grader's flags.
testing::CBinary build_from_commands(const testing::ScratchDir& dir, const ProgramFile& file) {
  std::ostringstream kernel, driver, err;
  EXPECT_EQ(cli_render(file, kernel, err), kExitOk) << err.str();
  EXPECT_EQ(cli_driver(file, driver, err), kExitOk) << err.str();
  EXPECT_EQ(err.str(), "");
  return testing::build_c(dir.path(), kernel.str(), driver.str());
}

TEST(CliDriver, WithTheRenderedKernelItPrintsWhatRunPrints) {
  testing::ScratchDir dir("cli_driver_gemm");
  const ProgramFile file{"gemm_4x3x5.uir", runner_testdata("gemm_4x3x5.uir")};
  testing::CBinary binary = build_from_commands(dir, file);
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  Compiled compiled = compile_valid(file.path, file.text);
  const std::string input = format_slot_data(testing::random_slot_data(slot_specs(compiled.program), 7));
  testing::CRun kernel = testing::run_c(binary, input);
  CliOutput run = run_cli(file, input);
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  EXPECT_EQ(kernel.exit_code, run.exit_code) << kernel.err;
  EXPECT_EQ(kernel.out, run.out);
  EXPECT_NE(run.out.find("\n2: "), std::string::npos) << run.out;  // the result slot is printed
}

TEST(CliDriver, AFailingAssertNamesThePathItWasGiven) {
  testing::ScratchDir dir("cli_driver_assert");
  const ProgramFile file{"some/dir/asserts.uir", runner_testdata("asserts.uir")};
  testing::CBinary binary = build_from_commands(dir, file);
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  testing::CRun kernel = testing::run_c(binary, "0: 1 2 3 4\n");
  CliOutput run = run_cli(file, "0: 1 2 3 4\n");
  EXPECT_EQ(run.exit_code, kExitAssert);
  EXPECT_EQ(kernel.exit_code, kExitAssert);
  EXPECT_EQ(kernel.out, run.out);
  EXPECT_EQ(kernel.err, "some/dir/asserts.uir:13: assert failed\n");
  EXPECT_EQ(kernel.err, run.err);
}

TEST(CliDriver, AnInvalidProgramExitsTwoWithRunsMessageAndNoDriver) {
  const ProgramFile file{"bad.uir", "%b = buffer 4 dtype=i32 slot=0\n%x = add %b 1\n"};
  std::ostringstream out, err;
  EXPECT_EQ(cli_driver(file, out, err), kExitInvalid);
  EXPECT_EQ(out.str(), "");
  CliOutput run = run_cli(file, "");
  EXPECT_EQ(run.exit_code, kExitInvalid);
  EXPECT_EQ(err.str(), run.err);
  EXPECT_EQ(err.str().rfind("bad.uir:2: error: E-TYPE", 0), 0u) << err.str();
}

}  // namespace
}  // namespace uir
