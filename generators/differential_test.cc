// In-process runs (differential.h): input data in spec §7's random ranges, the outcome of a run,
// the "disagree" relation, and header value text. Expected values come from the spec, from the
// published splitmix64 test vector, or from plain arithmetic on the input data.
#include "generators/differential.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

namespace uirgen {
namespace {

TEST(RandomInputs, FollowTheSpecsInSpecRangesAndTheSeed) {
  std::vector<uir::SlotSpec> specs = {{0, uir::DType::I32, 500}, {3, uir::DType::F32, 500}};
  std::vector<uir::SlotData> data = random_inputs(specs, 7);
  ASSERT_EQ(data.size(), 2u);
  EXPECT_EQ(data[0].slot, 0);
  EXPECT_EQ(data[1].slot, 3);
  EXPECT_EQ(data[1].dtype, uir::DType::F32);
  ASSERT_EQ(data[0].words.size(), 500u);
  ASSERT_EQ(data[1].words.size(), 500u);
  bool saw_negative = false;
  for (size_t k = 0; k < 500; ++k) {
    EXPECT_GE(data[0].i32(k), -100);
    EXPECT_LE(data[0].i32(k), 100);
    saw_negative |= data[0].i32(k) < 0;
    float f = data[1].f32(k);
    EXPECT_GE(f, -1.0f);
    EXPECT_LE(f, 1.0f);
    EXPECT_EQ(f * 1024.0f, std::trunc(f * 1024.0f)) << "not a multiple of 2^-10: " << f;
  }
  EXPECT_TRUE(saw_negative);
  EXPECT_EQ(random_inputs(specs, 7)[1].words, data[1].words);
  EXPECT_NE(random_inputs(specs, 8)[0].words, data[0].words);
}

TEST(RandomInputs, SeedZeroStartsTheReferenceSplitmix64Stream) {
  // splitmix64's published first output for state 0 is 0xe220a8397b1dcdaf.
  std::vector<uir::SlotData> data = random_inputs({{0, uir::DType::I32, 1}}, 0);
  int32_t expected = static_cast<int32_t>(0xe220a8397b1dcdafull % 201) - 100;
  EXPECT_EQ(data[0].i32(0), expected);
}

// Slot 0 gets two elements; the program writes 2 * (element 0) into element 1.
constexpr const char* kDoubler =
    "%b = buffer 2 dtype=i32 slot=0\n"
    "%v = shrink %b 0 shape=[]\n"
    "%x = load %v\n"
    "%y = mul %x 2\n"
    "%w = shrink %b 1 shape=[]\n"
    "%s = store %w %y\n"
    "%b1 = after %b %s\n";

TEST(RunProgram, RunsOnTheSeedsInputs) {
  Outcome outcome = run_program(kDoubler, 11);
  ASSERT_FALSE(outcome.error);
  EXPECT_EQ(outcome.exit_code, 0);
  std::vector<uir::SlotData> inputs = random_inputs({{0, uir::DType::I32, 2}}, 11);
  ASSERT_EQ(outcome.inputs.size(), 1u);
  EXPECT_EQ(outcome.inputs[0].words, inputs[0].words);
  ASSERT_EQ(outcome.buffers.size(), 1u);
  ASSERT_EQ(outcome.buffers[0].words.size(), 2u);
  EXPECT_EQ(outcome.buffers[0].i32(0), inputs[0].i32(0));
  EXPECT_EQ(outcome.buffers[0].i32(1), 2 * inputs[0].i32(0));
}

TEST(RunProgram, ReportsErrorsAndFailingAsserts) {
  Outcome invalid = run_program("%x = add 1 2\n%y = idiv %x 0\n", 1);
  ASSERT_TRUE(invalid.error);
  EXPECT_EQ(invalid.error->rule, uir::Rule::DivZero);
  EXPECT_EQ(invalid.error->line, 2);

  Outcome failing = run_program("# a comment\n%no = cmpne 1 1\nassert %no\n", 1);
  ASSERT_FALSE(failing.error);
  EXPECT_EQ(failing.exit_code, 1);
  EXPECT_EQ(failing.failed_assert_line, 3);
}

TEST(OutcomesDiffer, ComparesEveryPartAndTreatsAllF32NansAlike) {
  auto with_word = [](uir::DType dtype, uint32_t word) {
    Outcome o;
    o.buffers.push_back({0, dtype, {1, word}});
    return o;
  };
  uint32_t quiet_nan = std::bit_cast<uint32_t>(std::numeric_limits<float>::quiet_NaN());
  uint32_t other_nan = quiet_nan | 1u | 0x80000000u;
  EXPECT_FALSE(outcomes_differ(with_word(uir::DType::F32, quiet_nan), with_word(uir::DType::F32, other_nan)));
  EXPECT_TRUE(outcomes_differ(with_word(uir::DType::I32, quiet_nan), with_word(uir::DType::I32, other_nan)));
  EXPECT_TRUE(outcomes_differ(with_word(uir::DType::F32, quiet_nan), with_word(uir::DType::F32, 0x3f800000u)));
  EXPECT_TRUE(outcomes_differ(with_word(uir::DType::F32, 0x3f800000u), with_word(uir::DType::F32, quiet_nan)));
  EXPECT_TRUE(outcomes_differ(with_word(uir::DType::F32, 0u), with_word(uir::DType::F32, 0x80000000u)));

  Outcome a = with_word(uir::DType::I32, 5);
  Outcome b = a;
  EXPECT_FALSE(outcomes_differ(a, b));
  b.exit_code = 1;
  EXPECT_TRUE(outcomes_differ(a, b));
  b = a;
  b.failed_assert_line = 4;
  EXPECT_TRUE(outcomes_differ(a, b));
  b = a;
  b.buffers[0].words.push_back(0);
  EXPECT_TRUE(outcomes_differ(a, b));

  Outcome e1, e2;
  e1.error = uir::Error{uir::Rule::Bounds, 3, 1, 1, ""};
  e2.error = uir::Error{uir::Rule::Bounds, 3, 7, 2, "other message"};
  EXPECT_FALSE(outcomes_differ(e1, e2));  // rule and line decide, not column or message
  e2.error->line = 4;
  EXPECT_TRUE(outcomes_differ(e1, e2));
  EXPECT_TRUE(outcomes_differ(e1, a));
}

TEST(SlotValuesText, SpellsValuesAsSpec61) {
  uir::SlotData ints{2, uir::DType::I32, {static_cast<uint32_t>(-2), 0, 7}};
  EXPECT_EQ(slot_values_text(ints), (std::vector<std::string>{"-2", "0", "7"}));
  uir::SlotData floats{5,
                       uir::DType::F32,
                       {std::bit_cast<uint32_t>(0.5f), std::bit_cast<uint32_t>(-1.0f),
                        std::bit_cast<uint32_t>(std::numeric_limits<float>::quiet_NaN())}};
  EXPECT_EQ(slot_values_text(floats), (std::vector<std::string>{"0.5", "-1", "nan"}));
}

}  // namespace
}  // namespace uirgen
