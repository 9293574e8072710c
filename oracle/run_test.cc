// The runner on the course book's kernels and on the week-1/2 ops at their edges. Every expected
// value is computed here by a plain C++ loop (or written down from the spec), never by the oracle;
// loops accumulate in the program's order, so f32 results must match exactly.
#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "oracle/c_toolchain_testing.h"
#include "oracle/oracle.h"
#include "oracle/run_programs_testing.h"

namespace uir {
namespace {

using testing::random_slot_data;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

std::vector<float> floats(const SlotData& data) {
  std::vector<float> out;
  for (size_t k = 0; k < data.words.size(); ++k) out.push_back(data.f32(k));
  return out;
}
std::vector<int32_t> ints(const SlotData& data) {
  std::vector<int32_t> out;
  for (size_t k = 0; k < data.words.size(); ++k) out.push_back(data.i32(k));
  return out;
}
SlotData f32_slot(int slot, const std::vector<float>& values) {
  SlotData data{slot, DType::F32, {}};
  for (float v : values) data.words.push_back(std::bit_cast<uint32_t>(v));
  return data;
}
SlotData i32_slot(int slot, const std::vector<int32_t>& values) {
  SlotData data{slot, DType::I32, {}};
  for (int32_t v : values) data.words.push_back(static_cast<uint32_t>(v));
  return data;
}

/// Bitwise equality, so that NaN == NaN and -0.0 != 0.0: the runner must be exact.
void expect_same_floats(const std::vector<float>& expected, const std::vector<float>& got) {
  ASSERT_EQ(expected.size(), got.size());
  for (size_t k = 0; k < expected.size(); ++k)
    EXPECT_EQ(std::bit_cast<uint32_t>(expected[k]), std::bit_cast<uint32_t>(got[k]))
        << "element " << k << ": expected " << expected[k] << ", got " << got[k];
}

TEST(Run, GemmMatchesPlainLoops) {
  for (auto [n, m, k] : {std::tuple{4, 3, 5}, std::tuple{17, 9, 33}}) {
    SCOPED_TRACE(fmt::format("gemm {}x{}x{}", n, m, k));
    Compiled compiled = compile_valid("gemm.uir", gemm_program(n, m, k));
    std::vector<SlotData> in = random_slot_data(slot_specs(compiled.program), 7);
    std::vector<float> a = floats(in[0]), b = floats(in[1]), c(n * m);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j) {
        float acc = 0.0f;
        for (int kk = 0; kk < k; ++kk) acc = acc + a[i * k + kk] * b[kk * m + j];
        c[i * m + j] = acc;
      }
    RunResult result = run(compiled, in);
    EXPECT_EQ(result.exit_code, 0);
    expect_same_floats(a, floats(result.buffers[0]));
    expect_same_floats(c, floats(result.buffers[2]));
  }
}

TEST(Run, Conv1dMatchesPlainLoops) {
  Compiled compiled = compile_valid_file("conv1d.uir");
  std::vector<SlotData> in = random_slot_data(slot_specs(compiled.program), 11);
  std::vector<float> x = floats(in[0]), w = floats(in[1]), out(16);
  for (int o = 0; o < 16; ++o) {
    float acc = 0.0f;
    for (int k = 0; k < 5; ++k) acc = acc + x[o + k] * w[k];
    out[o] = acc;
  }
  expect_same_floats(out, floats(run(compiled, in).buffers[2]));
}

/// out[i, j] = x[i, j] - reduce(row i), with `reduce` folding from `init` in k order.
std::vector<float> subtract_row_reduction(const std::vector<float>& x, float init, float (*reduce)(float, float)) {
  std::vector<float> out(12);
  for (int i = 0; i < 3; ++i) {
    float acc = init;
    for (int k = 0; k < 4; ++k) acc = reduce(acc, x[i * 4 + k]);
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = x[i * 4 + j] + acc * -1.0f;
  }
  return out;
}

TEST(Run, SubRowsumEveryRowGivesXMinusRowsum) {
  Compiled compiled = compile_valid_file("sub_rowsum.uir");
  std::vector<SlotData> in = random_slot_data(slot_specs(compiled.program), 3);
  auto sum = [](float a, float b) { return a + b; };
  expect_same_floats(subtract_row_reduction(floats(in[0]), 0.0f, sum), floats(run(compiled, in).buffers[1]));
}

TEST(Run, SubRowmaxEveryRowGivesXMinusRowmax) {
  Compiled compiled = compile_valid_file("sub_rowmax.uir");
  std::vector<SlotData> in = random_slot_data(slot_specs(compiled.program), 4);
  auto max = [](float a, float b) { return a > b ? a : b; };
  expect_same_floats(subtract_row_reduction(floats(in[0]), -kInf, max), floats(run(compiled, in).buffers[1]));
}

TEST(Run, PredictKernel) {
  Compiled compiled = compile_valid_file("predict.uir");
  std::vector<SlotData> in = random_slot_data(slot_specs(compiled.program), 5);
  std::vector<float> x = floats(in[0]), out(32);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) out[i * 8 + j] = x[i * 8 + j] * x[j] + x[i];
  expect_same_floats(out, floats(run(compiled, in).buffers[1]));
}

TEST(Run, HoistingKernel) {
  Compiled compiled = compile_valid_file("hoisting.uir");
  std::vector<SlotData> in = random_slot_data(slot_specs(compiled.program), 6);
  std::vector<float> a = floats(in[0]), c(64);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) c[i * 8 + j] = a[i * 8] + a[i * 8 + j];
  expect_same_floats(c, floats(run(compiled, in).buffers[1]));
}

TEST(Run, Transpose) {
  Compiled compiled = compile_valid_file("transpose.uir");
  std::vector<int32_t> a(15);
  for (int k = 0; k < 15; ++k) a[k] = 100 + k;
  RunResult result = run(compiled, {i32_slot(0, a), i32_slot(1, std::vector<int32_t>(15, -1))});
  std::vector<int32_t> expected(15);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) expected[j * 3 + i] = a[i * 5 + j];
  EXPECT_EQ(ints(result.buffers[1]), expected);
}

TEST(Run, Week3AccumulatorAccumulates) {
  Compiled compiled = compile_valid_file("accumulator.uir");
  std::vector<float> in = {0.5f, 0.25f, -2.0f, 8.0f};
  RunResult result = run(compiled, {f32_slot(0, in), f32_slot(1, {kNaN})});
  expect_same_floats({((0.0f + 0.5f) + 0.25f) + -2.0f + 8.0f}, floats(result.buffers[1]));
}

TEST(Run, PinnedLoadDoesNotAccumulate) {
  // Spec §5.3: the load runs once before the loop, so every iteration stores 0.0 + in[k].
  Compiled compiled = compile_valid_file("pinned_load.uir");
  RunResult result = run(compiled, {f32_slot(0, {0.5f, 0.25f, -2.0f, 8.0f}), f32_slot(1, {kNaN, kNaN})});
  expect_same_floats({8.0f, 1.0f}, floats(result.buffers[1]));
}

TEST(Run, ZeroTripLoopsLeaveBuffersAlone) {
  Compiled compiled = compile_valid_file("zero_trip.uir");
  RunResult result = run(compiled, {i32_slot(0, {1, 2, 3, 4}), f32_slot(1, {kNaN, -0.0f, kInf, 2.5f})});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(ints(result.buffers[0]), (std::vector<int32_t>{1, 2, 3, 4}));
  expect_same_floats({kNaN, -0.0f, kInf, 2.5f}, floats(result.buffers[1]));
}

TEST(Run, Week12OpsAtTheirEdges) {
  Compiled compiled = compile_valid_file("edges.uir");
  const int32_t int_max = std::numeric_limits<int32_t>::max(), int_min = std::numeric_limits<int32_t>::min();
  std::vector<SlotData> in = {i32_slot(0, {int_max, int_min, -7, 7}), f32_slot(1, {kNaN, 3e9f, -3e9f, -2.7f}),
                              i32_slot(2, std::vector<int32_t>(16, 99)), f32_slot(3, std::vector<float>(12, 99.0f))};
  RunResult result = run(compiled, in);
  // By hand from spec §3 (C's semantics where defined, the spec's where C's is not).
  EXPECT_EQ(ints(result.buffers[2]), (std::vector<int32_t>{
                                         int_min,  // INT_MAX + 1 wraps
                                         -2,       // INT_MAX * 2 wraps
                                         int_min,  // INT_MIN idiv -1
                                         0,        // INT_MIN mod -1
                                         -1,       // -7 mod 3 takes the dividend's sign
                                         1,        // 7 mod -3
                                         -3,       // -7 idiv 2 truncates toward zero
                                         7,        // max -7 7
                                         0,        // cast NaN -> i32
                                         int_max,  // 3e9 saturates
                                         int_min,  // -3e9 saturates
                                         -2,       // -2.7 truncates toward zero
                                         0,        // NaN < 1.0
                                         1,        // NaN != NaN
                                         0,        // NaN == NaN
                                         1,        // NaN as bool is true
                                     }));
  const float f3 = -2.7f;
  expect_same_floats(
      {
          1.0f,                     // max NaN 1.0: NaN > 1.0 is false, so 1.0
          kNaN,                     // max 1.0 NaN: 1.0 > NaN is false, so NaN
          2147483648.0f,            // INT_MAX rounds to 2^31
          3e9f,                     // 3e9 + 1 rounds back to 3e9
          f3 + 0.1f,                // rounded as f32
          f3 * f3,                  //
          1.0f / f3,                //
          std::sqrt(3e9f),          // sqrtf
          std::exp2(f3),            // exp2f
          std::log2(3e9f),          // log2f
          1.0f,                     // (NaN != NaN) as f32
          -3e9f,                    // where (NaN < 1.0) 3e9 -3e9
      },
      floats(result.buffers[3]));
}

TEST(Run, FileFirstFailingAssertIsReported) {
  Compiled compiled = compile_valid_file("asserts.uir");
  RunResult result = run(compiled, {i32_slot(0, {1, 2, 3, 4})});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.failed_assert_line, 13);
  EXPECT_EQ(ints(result.buffers[0]), (std::vector<int32_t>{5, 5, 5, 5}));  // asserts change no memory
}

TEST(Run, PassingAssertsExitZero) {
  Compiled compiled = compile_valid("ok.uir", "%x = add 2 3\n%ok = cmpeq %x 5\nassert %ok\n");
  RunResult result = run(compiled, {});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.failed_assert_line, 0);
  EXPECT_TRUE(result.buffers.empty());
}

TEST(Run, FunctionsAreCalledOnRunTimeValues) {
  Compiled compiled = compile_valid_file("functions.uir");
  const float b0 = 0.75f;
  RunResult result = run(compiled, {f32_slot(0, {b0, 9.0f, 9.0f, 9.0f})});
  float y = (b0 * b0 + 3.0f) + 1.0f;
  expect_same_floats({y + 0.0f, y + 1.0f, y + 2.0f, y + 3.0f}, floats(result.buffers[0]));
}

TEST(Run, F32LiteralsAreWhatStrtofGives) {
  Compiled compiled = compile_valid_file("literals.uir");
  RunResult result = run(compiled, {f32_slot(0, std::vector<float>(9, 0.0f))});
  float denormal_min = std::numeric_limits<float>::denorm_min();
  expect_same_floats({0.1f, std::numeric_limits<float>::max(), denormal_min, -0.0f, kInf, -kInf, kNaN, 16777216.0f,
                      kInf},
                     floats(result.buffers[0]));
}

TEST(Run, AllocsStartAtZeroOnEveryRun) {
  Compiled compiled = compile_valid_file("accumulator.uir");
  std::vector<SlotData> in = {f32_slot(0, {1.0f, 2.0f, 3.0f, 4.0f}), f32_slot(1, {0.0f})};
  expect_same_floats({10.0f}, floats(run(compiled, in).buffers[1]));
  expect_same_floats({10.0f}, floats(run(compiled, in).buffers[1]));
}

}  // namespace
}  // namespace uir
