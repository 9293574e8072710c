#include "oracle/data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace uir {
namespace {

const std::vector<SlotSpec> kSpecs = {{0, DType::I32, 3}, {2, DType::F32, 2}};

std::vector<SlotData> parsed(std::string_view text) {
  auto r = parse_slot_data(text, kSpecs);
  if (auto* e = std::get_if<DataError>(&r)) ADD_FAILURE() << "line " << e->line << ": " << e->message;
  return std::holds_alternative<DataError>(r) ? std::vector<SlotData>{} : std::get<0>(r);
}

DataError error(std::string_view text) {
  auto r = parse_slot_data(text, kSpecs);
  EXPECT_TRUE(std::holds_alternative<DataError>(r)) << text;
  return std::holds_alternative<DataError>(r) ? std::get<DataError>(r) : DataError{};
}

TEST(SlotData, ParsesAnyOrderCrlfAndTrailingSpacesIntoSpecOrder) {
  auto d = parsed("2: 1e-3 -inf  \r\n\n0: -2147483648 0 7\r\n");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].slot, 0);
  EXPECT_EQ(d[0].i32(0), INT32_MIN);
  EXPECT_EQ(d[0].i32(2), 7);
  EXPECT_EQ(d[1].f32(0), std::strtof("1e-3", nullptr));
  EXPECT_EQ(d[1].f32(1), -INFINITY);
}

TEST(SlotData, F32ValuesInEveryStrtofSpelling) {
  auto d = parsed("0: 1 2 3\n2: nan -nan\n");
  EXPECT_TRUE(std::isnan(d[1].f32(0)));
  EXPECT_TRUE(std::isnan(d[1].f32(1)));
  d = parsed("0: 1 2 3\n2: 1 0x1p-2\n");
  EXPECT_EQ(d[1].f32(1), 0.25f);
}

TEST(SlotData, NamesTheLineAndTheProblem) {
  EXPECT_EQ(error("0: 1 2 3\n2: 1.0\n").line, 2);                    // too few
  EXPECT_NE(error("0: 1 2 3\n2: 1.0\n").message.find("1 values, the buffer has 2"), std::string::npos);
  EXPECT_EQ(error("0: 1 2 3 4\n2: 1 2\n").line, 1);                  // too many
  EXPECT_EQ(error("0: 1 x 3\n2: 1 2\n").line, 1);                    // not a number
  EXPECT_EQ(error("0: 1 2 3\n2: 1 2\n5: 1\n").line, 3);              // unknown slot
  EXPECT_EQ(error("0: 1 2 3\n0: 1 2 3\n2: 1 2\n").line, 2);          // twice
  EXPECT_EQ(error("0: 1 2 3\n").line, 0);                            // missing slot 2
  EXPECT_EQ(error("0: 1 2 2147483648\n2: 1 2\n").line, 1);           // outside i32
  EXPECT_EQ(error("0: 1 2 +3\n2: 1 2\n").line, 1);                   // i32 is -?[0-9]+
  EXPECT_EQ(error("0: 1 2 3.0\n2: 1 2\n").line, 1);
  EXPECT_EQ(error("garbage\n").line, 1);
  EXPECT_EQ(error("0 1 2 3\n").line, 1);                             // no colon
}

TEST(SlotData, FormatsLikeTheSpecAndRoundTrips) {
  SlotData a{0, DType::I32, {static_cast<uint32_t>(-5), 0, 2147483647u}};
  SlotData b{1, DType::F32, {}};
  for (float f : {0.1f, -0.0f, INFINITY, -INFINITY, std::nanf(""), 16777216.0f, 1.17549435e-38f})
    b.words.push_back(std::bit_cast<uint32_t>(f));
  b.words.push_back(0xffc00001u);  // a negative NaN with payload still prints "nan"
  std::string text = format_slot_data({a, b});
  EXPECT_EQ(text, "0: -5 0 2147483647\n1: 0.100000001 -0 inf -inf nan 16777216 1.17549435e-38 nan\n");
  auto back = parse_slot_data(text, {{0, DType::I32, 3}, {1, DType::F32, 8}});
  ASSERT_FALSE(std::holds_alternative<DataError>(back));
  const auto& data = std::get<0>(back);
  for (size_t k = 0; k < 7; ++k) {
    float want = b.f32(k), got = data[1].f32(k);
    if (std::isnan(want)) EXPECT_TRUE(std::isnan(got)); else EXPECT_EQ(std::memcmp(&want, &got, 4), 0) << k;
  }
}

TEST(SlotData, ParseSlotValueIsSpecSixOneForOneToken) {
  EXPECT_EQ(parse_slot_value(DType::I32, "-17"), static_cast<uint32_t>(-17));
  EXPECT_FALSE(parse_slot_value(DType::I32, "+1"));
  EXPECT_FALSE(parse_slot_value(DType::I32, "1.0"));
  EXPECT_FALSE(parse_slot_value(DType::I32, "2147483648"));
  EXPECT_FALSE(parse_slot_value(DType::I32, "-"));
  EXPECT_FALSE(parse_slot_value(DType::I32, ""));
  EXPECT_FALSE(parse_slot_value(DType::I32, " 1"));
  EXPECT_FALSE(parse_slot_value(DType::I32, "0x1"));
  EXPECT_EQ(parse_slot_value(DType::F32, "1e-3"), std::bit_cast<uint32_t>(1e-3f));
  EXPECT_EQ(parse_slot_value(DType::F32, "1e39"), std::bit_cast<uint32_t>(INFINITY));  // beyond f32: inf
  EXPECT_FALSE(parse_slot_value(DType::F32, "1.0x"));
  EXPECT_FALSE(parse_slot_value(DType::F32, ""));
}

}  // namespace
}  // namespace uir
