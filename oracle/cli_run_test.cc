// `uir-oracle run` as a student's compiler is judged (spec §6.1): stdout, stderr and exit codes.
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/cli.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

struct CliResult {
  int exit_code;
  std::string out;
  std::string err;
};

CliResult run_cli(const std::string& path, const std::string& text, const std::string& stdin_text) {
  std::istringstream in(stdin_text);
  std::ostringstream out, err;
  int code = cli_run({path, text}, in, out, err);
  return {code, out.str(), err.str()};
}

TEST(CliRun, PrintsEveryBufferInSlotOrder) {
  // Slot lines may come in any order; the output is in increasing slot order (spec §6.1).
  CliResult r = run_cli("transpose.uir", runner_testdata("transpose.uir"),
                        "1: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n1: 0 5 10 1 6 11 2 7 12 3 8 13 4 9 14\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliRun, F32OutputRoundTripsAndNaNIsNan) {
  CliResult r = run_cli("zero_trip.uir", runner_testdata("zero_trip.uir"), "0: 1 2 3 4\n1: -nan 0.1 1e-3 -inf\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "0: 1 2 3 4\n1: nan 0.100000001 0.00100000005 -inf\n");
}

TEST(CliRun, FailingAssertExitsOneAndNamesTheFileFirstLine) {
  CliResult r = run_cli("dir/asserts.uir", runner_testdata("asserts.uir"), "0: 1 2 3 4\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "0: 5 5 5 5\n");
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "dir/asserts.uir:13: assert failed");
}

TEST(CliRun, InvalidProgramExitsTwoWithTheErrorAndNoOutput) {
  CliResult r = run_cli("bad.uir", "%b = buffer 4 dtype=i32 slot=0\n%i = range 5\n%v = shrink %b %i shape=[]\n"
                                   "%s = store %v 1\n%e = end %s %i\n%b1 = after %b %e\n", "0: 1 2 3 4\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.substr(0, r.err.find(':', r.err.find(':') + 1)), "bad.uir:3");
  EXPECT_NE(r.err.find("error: E-BOUNDS"), std::string::npos) << r.err;
}

TEST(CliRun, MalformedStdinExitsThreeWithAMessage) {
  for (const char* bad : {"0: 1 2 3\n", "0: 1 2 3 x\n", "", "0: 1 2 3 4\n0: 1 2 3 4\n", "5: 1\n0: 1 2 3 4\n"}) {
    CliResult r = run_cli("zero.uir", "%b = buffer 4 dtype=i32 slot=0\n", bad);
    EXPECT_EQ(r.exit_code, 3) << bad;
    EXPECT_EQ(r.out, "") << bad;
    EXPECT_EQ(r.err.rfind("stdin", 0), 0u) << r.err;
  }
}

}  // namespace
}  // namespace uir
