// Comparison with the oracle (spec §6.3) and the parsing of a student's stdout (spec §6.1).
// Expected values are worked out by hand from the spec.
#include "testcase/compare.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace uirgrade {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

uir::SlotData i32_slot(int slot, std::vector<int32_t> values) {
  uir::SlotData data{slot, uir::DType::I32, {}};
  for (int32_t v : values) data.words.push_back(static_cast<uint32_t>(v));
  return data;
}

uir::SlotData f32_slot(int slot, std::vector<float> values) {
  uir::SlotData data{slot, uir::DType::F32, {}};
  for (float v : values) data.words.push_back(std::bit_cast<uint32_t>(v));
  return data;
}

TEST(GraderCompare, FloatToleranceEdges) {
  Tolerance tol;  // rtol 1e-5, atol 1e-6
  // At 100: allowed |a-b| <= 1e-6 + 1e-3 = 0.001001. 100.0009 is inside, 100.002 is outside.
  EXPECT_TRUE(f32_matches(100.0f, 100.0009f, tol));
  EXPECT_FALSE(f32_matches(100.0f, 100.002f, tol));
  // At 0: only atol counts.
  EXPECT_TRUE(f32_matches(0.0f, 9e-7f, tol));
  EXPECT_FALSE(f32_matches(0.0f, 2e-6f, tol));
  // The tolerance scales with the oracle's value, not the student's.
  Tolerance loose{0.5, 0.0};
  EXPECT_TRUE(f32_matches(2.0f, 3.0f, loose));    // 1 <= 0.5 * 2
  EXPECT_FALSE(f32_matches(1.0f, 2.0f, loose));   // 1 >  0.5 * 1
  Tolerance exact{0.0, 0.0};
  EXPECT_FALSE(f32_matches(1.0f, std::nextafter(1.0f, 2.0f), exact));
}

TEST(GraderCompare, SpecialFloats) {
  Tolerance tol;
  EXPECT_TRUE(f32_matches(kNaN, -kNaN, tol));  // both NaN, whatever the sign
  EXPECT_FALSE(f32_matches(kNaN, 0.0f, tol));
  EXPECT_FALSE(f32_matches(0.0f, kNaN, tol));
  EXPECT_TRUE(f32_matches(0.0f, -0.0f, tol));  // equal as floats
  EXPECT_TRUE(f32_matches(kInf, kInf, tol));
  EXPECT_FALSE(f32_matches(kInf, -kInf, tol));
  // rtol * |inf| is inf: an infinity must not accept any finite value, nor the reverse.
  EXPECT_FALSE(f32_matches(kInf, 3.4e38f, tol));
  EXPECT_FALSE(f32_matches(3.4e38f, kInf, tol));
  EXPECT_FALSE(f32_matches(-kInf, kNaN, tol));
}

TEST(GraderCompare, I32BuffersCompareExactly) {
  auto expected = std::vector{i32_slot(0, {0, 1, 4, 9})};
  EXPECT_FALSE(compare_buffers(expected, {i32_slot(0, {0, 1, 4, 9})}, std::nullopt, Tolerance{}));
  auto diff = compare_buffers(expected, {i32_slot(0, {0, 1, 5, 10})}, std::nullopt, Tolerance{1.0, 1.0});
  ASSERT_TRUE(diff);
  EXPECT_EQ(diff->message, "slot 0: 2 of 4 values differ; first at [2]: expected 4, got 5");
  EXPECT_NE(diff->details.find("[3]"), std::string::npos);
  EXPECT_NE(diff->details.find("10"), std::string::npos);
}

TEST(GraderCompare, OnlyCheckedSlotsCount) {
  auto expected = std::vector{i32_slot(0, {1}), i32_slot(3, {2})};
  auto got = std::vector{i32_slot(0, {99}), i32_slot(3, {2})};
  EXPECT_FALSE(compare_buffers(expected, got, std::vector<int>{3}, Tolerance{}));
  auto diff = compare_buffers(expected, got, std::nullopt, Tolerance{});
  ASSERT_TRUE(diff);
  EXPECT_EQ(diff->message.rfind("slot 0:", 0), 0u);
}

TEST(GraderCompare, FloatDiffListsAtMostEightRows) {
  std::vector<float> zeros(20, 0.0f), ones(20, 1.0f);
  auto diff = compare_buffers({f32_slot(1, zeros)}, {f32_slot(1, ones)}, std::nullopt, Tolerance{});
  ASSERT_TRUE(diff);
  EXPECT_EQ(diff->message, "slot 1: 20 of 20 values differ; first at [0]: expected 0, got 1");
  EXPECT_NE(diff->details.find("[7]"), std::string::npos);
  EXPECT_EQ(diff->details.find("[8]"), std::string::npos);
  EXPECT_NE(diff->details.find("... and 12 more"), std::string::npos);
  EXPECT_NE(diff->details.find("tolerance"), std::string::npos);
}

const std::vector<uir::SlotSpec> kSpecs = {{0, uir::DType::I32, 3}, {2, uir::DType::F32, 2}};

std::vector<uir::SlotData> parse_ok(std::string_view out) {
  auto parsed = parse_student_output(out, kSpecs);
  if (auto* diff = std::get_if<Difference>(&parsed)) ADD_FAILURE() << diff->message;
  auto* data = std::get_if<std::vector<uir::SlotData>>(&parsed);
  return data ? *data : std::vector<uir::SlotData>{};
}

Difference parse_bad(std::string_view out) {
  auto parsed = parse_student_output(out, kSpecs);
  auto* diff = std::get_if<Difference>(&parsed);
  if (!diff) {
    ADD_FAILURE() << "accepted: " << out;
    return {};
  }
  return *diff;
}

TEST(GraderStudentOutput, AcceptsCrlfTrailingSpacesAndNanSpellings) {
  auto data = parse_ok("0: 1 -2 3   \r\n2: nan -NaN\r\n");
  ASSERT_EQ(data.size(), 2u);
  EXPECT_EQ(data[0].i32(1), -2);
  EXPECT_TRUE(std::isnan(data[1].f32(0)));
  EXPECT_TRUE(std::isnan(data[1].f32(1)));
  auto inf = parse_ok("0: 0 0 0\n2: inf -1e-3\n");
  ASSERT_EQ(inf.size(), 2u);
  EXPECT_EQ(inf[1].f32(0), kInf);
  EXPECT_EQ(inf[1].f32(1), -1e-3f);
}

TEST(GraderStudentOutput, MalformedOutputNamesTheLine) {
  Difference wrong_count = parse_bad("0: 1 2 3\n2: 1.0\n");
  EXPECT_EQ(wrong_count.message.rfind("stdout line 2:", 0), 0u) << wrong_count.message;
  EXPECT_NE(wrong_count.details.find("2: 1.0"), std::string::npos) << wrong_count.details;
  Difference garbage = parse_bad("hello world\n");
  EXPECT_EQ(garbage.message.rfind("stdout line 1:", 0), 0u) << garbage.message;
  Difference not_int = parse_bad("0: 1 2.5 3\n2: 1 2\n");
  EXPECT_EQ(not_int.message.rfind("stdout line 1:", 0), 0u) << not_int.message;
  Difference missing_slot = parse_bad("0: 1 2 3\n");
  EXPECT_FALSE(missing_slot.message.empty());
  EXPECT_NE(missing_slot.details.find("2: <2 f32 values>"), std::string::npos) << missing_slot.details;
  Difference empty = parse_bad("");
  EXPECT_FALSE(empty.message.empty());
}

TEST(GraderStderr, AssertLine) {
  EXPECT_EQ(assert_line_from_stderr("prog.uir:13: assert failed\n"), 13);
  EXPECT_EQ(assert_line_from_stderr("prog.uir:7: assert failed\r\nmore\n"), 7);
  EXPECT_EQ(assert_line_from_stderr("warning\nprog.uir:13: assert failed\n"), std::nullopt);  // first line only
  EXPECT_EQ(assert_line_from_stderr("prog.uir:x: assert failed\n"), std::nullopt);
  EXPECT_EQ(assert_line_from_stderr("prog.uir:13: error: E-TYPE: no\n"), std::nullopt);
  EXPECT_EQ(assert_line_from_stderr(""), std::nullopt);
}

TEST(GraderStderr, ReportedError) {
  auto reported = error_from_stderr("prog.uir:7: error: E-END-UNUSED: end closes a range\n   | caret\n");
  ASSERT_TRUE(reported);
  EXPECT_EQ(reported->rule, "E-END-UNUSED");
  EXPECT_EQ(reported->line, 7);
  EXPECT_FALSE(error_from_stderr("segfault\n"));
  EXPECT_FALSE(error_from_stderr("prog.uir:seven: error: E-TYPE: x\n"));
}

TEST(GraderText, FirstLines) {
  EXPECT_EQ(first_line("abc\r\ndef"), "abc");
  EXPECT_EQ(first_line("abcdef", 3), "abc...");
  EXPECT_EQ(first_lines("a\nb\nc\nd\n", 2), "a\nb\n... (2 more lines)\n");
  EXPECT_EQ(first_lines("a\nb", 5), "a\nb\n");
  // A line of a megabyte (a student's stderr, or gcc quoting the student's line) is cut.
  const std::string long_line = std::string(1 << 20, 'x');
  EXPECT_EQ(first_lines("a\n" + long_line + "\nb\n", 5),
            "a\n" + std::string(kExcerptLineBytes, 'x') + fmt::format("... ({} more bytes)\n", (1 << 20) - kExcerptLineBytes) +
                "b\n");
}

}  // namespace
}  // namespace uirgrade
