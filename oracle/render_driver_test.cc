// The rendered driver, compiled with a rendered kernel as the grader does: it must read and print
// slot data exactly like `uir-oracle run` (spec §6.1), including its answers to malformed stdin.
#include <unistd.h>

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

// A kernel that prints where its buffers are: the same addresses with the grader's sanitized flags
// and without sanitizers (as valgrind counts it), so where they live tells a kernel nothing.
constexpr const char* kAddressKernel =
    "#include <stdint.h>\n"
    "int32_t kernel(int32_t *data0, int32_t *data3) {\n"
    "  uintptr_t a = (uintptr_t)data0, b = (uintptr_t)data3;\n"
    "  data0[0] = (int32_t)(a >> 32); data0[1] = (int32_t)(a & 0x7fffffff);\n"
    "  data3[0] = (int32_t)(b >> 32); data3[1] = (int32_t)(b & 0x7fffffff);\n"
    "  return 0;\n"
    "}\n";

TEST(RenderDriver, BuffersLiveAtTheSameFixedAddressesInEveryBuild) {
  testing::ScratchDir dir("driver_addresses");
  const std::vector<SlotSpec> specs = {{0, DType::I32, 3}, {3, DType::I32, 2}};
  const std::string driver = render_driver(specs, "addresses.uir", false);
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  auto expected_line = [&](int slot, int index) {
    uint64_t at = kDriverBufferBase + static_cast<uint64_t>(index) * kDriverBufferWindow + page;
    return std::to_string(slot) + ": " + std::to_string(at >> 32) + " " + std::to_string(at & 0x7fffffff);
  };
  const std::string expected = expected_line(0, 0) + " 0\n" + expected_line(3, 1) + "\n";
  for (const std::string& flags : {std::string(""), std::string("-std=c11 -O1 -ffp-contract=off")}) {
    testing::CBinary binary = testing::build_c(dir.path(), kAddressKernel, driver, flags);
    ASSERT_TRUE(binary.built) << binary.compiler_output;
    testing::CRun c = testing::run_c(binary, "0: 0 0 0\n3: 0 0\n");
    EXPECT_EQ(c.exit_code, 0) << flags << ": " << c.err;
    EXPECT_EQ(c.out, expected) << (flags.empty() ? "the grader's flags" : flags);
  }
}

TEST(RenderDriver, AnAccessJustOutsideABufferStillFailsTheSanitizedRun) {
  // One element past the end (poisoned for ASan: the rest of the page is mapped) and one before the
  // start (the unmapped page), at an index the compiler cannot see (data0[0] is 0).
  testing::ScratchDir dir("driver_bounds");
  const std::vector<SlotSpec> specs = {{0, DType::I32, 3}};
  for (const std::string index : {"data0[0] + 3", "data0[0] - 1"}) {
    const std::string kernel = "#include <stdint.h>\nint32_t kernel(int32_t *data0) {\n  data0[1] = data0[" + index +
                               "];\n  return 0;\n}\n";
    testing::CBinary binary = testing::build_c(dir.path(), kernel, render_driver(specs, "bounds.uir", false));
    ASSERT_TRUE(binary.built) << binary.compiler_output;
    testing::CRun c = testing::run_c(binary, "0: 0 0 0\n");
    EXPECT_NE(c.exit_code, 0) << index;
    EXPECT_NE(c.err.find("ERROR: AddressSanitizer"), std::string::npos) << index << ": " << c.err;
  }
}

}  // namespace
}  // namespace uir
