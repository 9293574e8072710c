// Input data: deterministic from name + slot + seed, within the promised ranges, and explicit
// values parsed as spec §6.1 says.
#include "testcase/case_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>


namespace uirgrade {
namespace {

using uir::DType;

std::vector<uir::SlotData> make_ok(const TestCase& test, const std::vector<uir::SlotSpec>& specs,
                                   uint64_t seed) {
  auto made = make_input_data(test, specs, seed);
  if (auto* e = std::get_if<SuiteError>(&made)) ADD_FAILURE() << format_suite_error(*e);
  return std::holds_alternative<SuiteError>(made) ? std::vector<uir::SlotData>{} : std::get<0>(made);
}

TestCase named(const std::string& name) {
  TestCase t;
  t.name = name;
  t.path = name + ".uir";
  return t;
}

TEST(TestData, SameNameSlotAndSeedGiveTheSameData) {
  std::vector<uir::SlotSpec> specs = {{0, DType::I32, 64}, {3, DType::F32, 64}};
  auto a = make_ok(named("week3/gemm"), specs, 7);
  auto b = make_ok(named("week3/gemm"), specs, 7);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].words, b[0].words);
  EXPECT_EQ(a[1].words, b[1].words);
  EXPECT_EQ(a[0].slot, 0);
  EXPECT_EQ(a[1].slot, 3);
  EXPECT_EQ(a[1].dtype, DType::F32);
}

TEST(TestData, NameSeedAndSlotEachChangeTheData) {
  std::vector<uir::SlotSpec> specs = {{0, DType::I32, 64}, {1, DType::I32, 64}};
  auto base = make_ok(named("week3/gemm"), specs, 7);
  EXPECT_NE(base[0].words, make_ok(named("week3/conv1d"), specs, 7)[0].words);
  EXPECT_NE(base[0].words, make_ok(named("week3/gemm"), specs, 8)[0].words);
  EXPECT_NE(base[0].words, base[1].words);
}

TEST(TestData, RandomValuesStayInTheirRanges) {
  TestCase t = named("week2/ranges");
  DataSpec ranged;
  ranged.kind = DataSpec::Kind::RandomRange;
  ranged.lo = -5;
  ranged.hi = 5;
  t.data[1] = ranged;
  DataSpec ranged_f32 = ranged;
  ranged_f32.lo = 0.25;
  ranged_f32.hi = 0.5;
  t.data[3] = ranged_f32;
  const int n = 4000;
  auto data = make_ok(t, {{0, DType::I32, n}, {1, DType::I32, n}, {2, DType::F32, n}, {3, DType::F32, n}}, 1);
  std::set<int32_t> seen_default, seen_ranged;
  for (int k = 0; k < n; ++k) {
    int32_t d = data[0].i32(k), r = data[1].i32(k);
    float f = data[2].f32(k), g = data[3].f32(k);
    ASSERT_TRUE(d >= -100 && d <= 100) << d;
    ASSERT_TRUE(r >= -5 && r <= 5) << r;
    ASSERT_TRUE(f >= -1.0f && f <= 1.0f) << f;
    ASSERT_TRUE(g >= 0.25f && g <= 0.5f) << g;
    seen_default.insert(d);
    seen_ranged.insert(r);
  }
  // 4000 draws hit both ends of [-5, 5] and most of [-100, 100]: the values really are spread.
  EXPECT_EQ(seen_ranged.size(), 11u);
  EXPECT_GT(seen_default.size(), 190u);
}

TEST(TestData, ZerosIotaAndExplicitValues) {
  TestCase t = named("week2/forms");
  t.data[0].kind = DataSpec::Kind::Zeros;
  t.data[1].kind = DataSpec::Kind::Iota;
  t.data[2].kind = DataSpec::Kind::Iota;
  t.data[3].kind = DataSpec::Kind::Explicit;
  t.data[3].values = {"0.1", "-inf", "nan"};
  t.data[4].kind = DataSpec::Kind::Explicit;
  t.data[4].values = {"-2147483648", "7"};
  auto data = make_ok(
      t, {{0, DType::F32, 3}, {1, DType::I32, 3}, {2, DType::F32, 3}, {3, DType::F32, 3}, {4, DType::I32, 2}},
      1);
  ASSERT_EQ(data.size(), 5u);
  EXPECT_EQ(data[0].words, (std::vector<uint32_t>{0, 0, 0}));
  EXPECT_EQ(data[1].words, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(data[2].f32(2), 2.0f);
  EXPECT_EQ(data[3].f32(0), 0.1f);  // strtof's rounding of "0.1", the same as the literal 0.1f
  EXPECT_EQ(data[3].f32(1), -INFINITY);
  EXPECT_TRUE(std::isnan(data[3].f32(2)));
  EXPECT_EQ(data[4].i32(0), INT32_MIN);
  EXPECT_EQ(data[4].i32(1), 7);
}

TEST(TestData, ExplicitValuesOfTheWrongCountOrTypeAreSuiteErrors) {
  TestCase t = named("week2/bad");
  t.data[0].kind = DataSpec::Kind::Explicit;
  t.data[0].values = {"1", "2"};
  t.data[0].line = 4;
  auto made = make_input_data(t, {{0, DType::I32, 3}}, 1);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(made));
  EXPECT_EQ(std::get<SuiteError>(made).line, 4);
  EXPECT_EQ(std::get<SuiteError>(made).file, "week2/bad.uir");
  t.data[0].values = {"1", "2", "3.5"};
  EXPECT_TRUE(std::holds_alternative<SuiteError>(make_input_data(t, {{0, DType::I32, 3}}, 1)));
}

}  // namespace
}  // namespace uirgrade
