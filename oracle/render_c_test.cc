// The C renderer: the shape of the text (signature, loops, hoisting, helpers, literals) and, for
// GEMM, the compiled result against a plain C++ loop. oracle/differential_test.cc checks every
// valid program of the repository against the runner.
#include <gtest/gtest.h>

#include "oracle/c_toolchain_testing.h"
#include "oracle/oracle.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

/// The position of the line containing `needle` (fails the test when there is none).
size_t line_of(const std::string& text, const std::string& needle) {
  size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << "no line with '" << needle << "' in:\n" << text;
  return at;
}

TEST(RenderC, GemmHasExactlyThreeLoopsAndTheContractSignature) {
  for (auto [n, m, k] : {std::tuple{4, 3, 5}, std::tuple{17, 9, 33}}) {
    std::string c = render_c(compile_valid("gemm.uir", gemm_program(n, m, k)));
    EXPECT_EQ(count(c, "for ("), 3) << c;
    EXPECT_NE(c.find("int32_t kernel(float *data0, float *data1, float *data2) {"), std::string::npos) << c;
    for (const char* banned : {"while", "goto", "do {", "setjmp"}) EXPECT_EQ(c.find(banned), std::string::npos) << c;
  }
}

TEST(RenderC, ProgramWithoutBuffersTakesVoid) {
  std::string c = render_c(compile_valid_file("no_buffers.uir"));
  EXPECT_NE(c.find("int32_t kernel(void) {"), std::string::npos) << c;
}

TEST(RenderC, OnlyStandardHeaders) {
  std::string c = render_c(compile_valid_file("edges.uir"));
  for (size_t at = c.find("#include"); at != std::string::npos; at = c.find("#include", at + 1)) {
    std::string header = c.substr(at, c.find('\n', at) - at);
    EXPECT_TRUE(header == "#include <math.h>" || header == "#include <stdbool.h>" ||
                header == "#include <stdint.h>" || header == "#include <string.h>")
        << header;
  }
}

TEST(RenderC, LoopInvariantLoadIsHoistedOutOfTheInnerLoop) {
  // Book §5.1: the row head A[i*8] is loaded before the j loop opens.
  std::string c = render_c(compile_valid_file("hoisting.uir"));
  size_t j_loop = line_of(c, "for (int32_t r3_j = 0;");
  EXPECT_LT(line_of(c, "_row = data0["), j_loop) << c;
  EXPECT_GT(line_of(c, "_x = data0["), j_loop) << c;
}

TEST(RenderC, PredictKernelHoistsXiButNotXj) {
  // Book §5.8: x[i] is outside the j loop; x[j] is inside it (j is nested in i).
  std::string c = render_c(compile_valid_file("predict.uir"));
  size_t j_loop = line_of(c, "for (int32_t r3_j = 0;");
  EXPECT_LT(line_of(c, "_xi = data0["), j_loop) << c;
  EXPECT_GT(line_of(c, "_xj = data0["), j_loop) << c;
  EXPECT_GT(line_of(c, "_xij = data0["), j_loop) << c;
}

TEST(RenderC, ReductionLoopComesBeforeItsSiblingOutputLoop) {
  std::string c = render_c(compile_valid_file("sub_rowsum.uir"));
  EXPECT_LT(line_of(c, "for (int32_t r5_k = 0;"), line_of(c, "for (int32_t r4_j = 0;")) << c;
}

TEST(RenderC, AllocsAreStaticAndZeroedOnEveryCall) {
  std::string c = render_c(compile_valid_file("conv1d.uir"));
  EXPECT_NE(c.find("static float alloc3_acc[1];"), std::string::npos) << c;
  EXPECT_NE(c.find("memset(alloc3_acc, 0, sizeof alloc3_acc);"), std::string::npos) << c;
}

TEST(RenderC, UndefinedBehaviourGoesThroughHelpers) {
  std::string c = render_c(compile_valid_file("edges.uir"));
  for (const char* helper : {"uir_add_i32(", "uir_mul_i32(", "uir_idiv(", "uir_mod(", "uir_f32_to_i32("})
    EXPECT_GE(count(c, helper), 2) << helper << " is not defined and used in:\n" << c;
  // Programs that need no helper get none.
  std::string plain = render_c(compile_valid_file("accumulator.uir"));
  EXPECT_EQ(plain.find("uir_"), std::string::npos) << plain;
}

TEST(RenderC, SpecialFloatLiteralsAreSpelledExactly) {
  std::string c = render_c(compile_valid_file("literals.uir"));
  for (const char* literal : {"= 0.1f;", "= 3.4028235e+38f;", "= 1e-45f;", "= -0.0f;", "= INFINITY;", "= -INFINITY;",
                              "= NAN;", "= 16777216.0f;"})
    EXPECT_NE(c.find(literal), std::string::npos) << literal << " not in:\n" << c;
}

TEST(RenderC, AssertsKeepTheFileFirstFailingLine) {
  std::string c = render_c(compile_valid_file("asserts.uir"));
  EXPECT_NE(c.find("failed_assert_line = 13;"), std::string::npos) << c;
  EXPECT_NE(c.find("return failed_assert_line;"), std::string::npos) << c;
}

TEST(RenderC, FunctionsAreStaticCFunctions) {
  std::string c = render_c(compile_valid_file("functions.uir"));
  EXPECT_NE(c.find("static float f0_poly(float p0_x, int32_t p1_k) {"), std::string::npos) << c;
  EXPECT_NE(c.find("static int32_t f2_four(void) {"), std::string::npos) << c;
}

TEST(RenderC, CompiledGemmMatchesPlainLoops) {
  const int n = 17, m = 9, k = 33;
  Compiled compiled = compile_valid("gemm.uir", gemm_program(n, m, k));
  std::vector<SlotSpec> specs = slot_specs(compiled.program);
  std::vector<SlotData> in = testing::random_slot_data(specs, 21);
  testing::ScratchDir dir("render_gemm");
  testing::CBinary binary = testing::build_c(dir.path(), render_c(compiled), render_driver(specs, "gemm.uir"));
  ASSERT_TRUE(binary.built) << binary.compiler_output;
  testing::CRun c_run = testing::run_c(binary, format_slot_data(in));
  ASSERT_EQ(c_run.exit_code, 0) << c_run.err;

  std::vector<SlotData> expected = in;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      float acc = 0.0f;
      for (int kk = 0; kk < k; ++kk) acc = acc + in[0].f32(i * k + kk) * in[1].f32(kk * m + j);
      expected[2].words[i * m + j] = std::bit_cast<uint32_t>(acc);
    }
  EXPECT_EQ(c_run.out, format_slot_data(expected));
}

}  // namespace
}  // namespace uir
