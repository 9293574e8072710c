#include "grader/json_reader.h"

#include <gtest/gtest.h>

#include "grader/json_writer.h"

namespace uirgrade {
namespace {

JsonValue parse_ok(std::string_view text) {
  auto parsed = parse_json(text);
  if (auto* error = std::get_if<std::string>(&parsed)) {
    ADD_FAILURE() << "parse failed: " << *error << "\n" << text;
    return {};
  }
  return std::get<JsonValue>(parsed);
}

std::string parse_error(std::string_view text) {
  auto parsed = parse_json(text);
  if (auto* error = std::get_if<std::string>(&parsed)) return *error;
  ADD_FAILURE() << "expected an error for: " << text;
  return "";
}

TEST(JsonReader, ReadsEveryKindOfValue) {
  const JsonValue doc = parse_ok(R"( {"a": [1, -2.5e1, true, false, null, "s"], "b": {}} )");
  ASSERT_EQ(doc.kind, JsonValue::Kind::Object);
  const JsonValue* a = doc.find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->items.size(), 6u);
  EXPECT_EQ(a->items[0].number, 1);
  EXPECT_EQ(a->items[1].number, -25);
  EXPECT_EQ(a->items[1].text, "-2.5e1");
  EXPECT_TRUE(a->items[2].boolean);
  EXPECT_EQ(a->items[3].kind, JsonValue::Kind::Bool);
  EXPECT_EQ(a->items[4].kind, JsonValue::Kind::Null);
  EXPECT_EQ(a->items[5].text, "s");
  EXPECT_EQ(doc.find("b")->kind, JsonValue::Kind::Object);
  EXPECT_EQ(doc.find("c"), nullptr);
}

TEST(JsonReader, DecodesEscapesIncludingSurrogatePairs) {
  const JsonValue doc = parse_ok(R"("q\" b\\ s\/ \b\f\n\r\t \u0000 \u00e9 \ud83d\ude00")");
  EXPECT_EQ(doc.text,
            std::string("q\" b\\ s/ \b\f\n\r\t ") + std::string(1, '\0') + " \xc3\xa9 \xf0\x9f\x98\x80");
}

TEST(JsonReader, RefusesWhatStrictJsonRefuses) {
  EXPECT_NE(parse_error("[1, 2,]").find("expected a value"), std::string::npos);
  EXPECT_NE(parse_error("{\"a\": 1,}").find("expected a string key"), std::string::npos);
  EXPECT_NE(parse_error("{\"a\": 1, \"a\": 2}").find("duplicate key \"a\""), std::string::npos);
  EXPECT_NE(parse_error("\"raw\nnewline\"").find("raw control character"), std::string::npos);
  EXPECT_NE(parse_error("\"\\ud800\"").find("lone high surrogate"), std::string::npos);
  EXPECT_NE(parse_error("\"\\udc00\"").find("lone low surrogate"), std::string::npos);
  EXPECT_NE(parse_error("\"\xff\"").find("invalid UTF-8"), std::string::npos);
  EXPECT_NE(parse_error("\"\\x41\"").find("unknown escape"), std::string::npos);
  EXPECT_NE(parse_error("01").find("unexpected text"), std::string::npos);
  EXPECT_NE(parse_error("1.").find("digit after '.'"), std::string::npos);
  EXPECT_NE(parse_error("// comment\n1").find("expected a value"), std::string::npos);
  EXPECT_NE(parse_error("{\"a\": tru}").find("expected a value"), std::string::npos);
  EXPECT_NE(parse_error("[\"unterminated").find("unterminated string"), std::string::npos);
  EXPECT_NE(parse_error("").find("expected a value"), std::string::npos);
  EXPECT_NE(parse_error(std::string(100, '[') + std::string(100, ']')).find("nested too deeply"),
            std::string::npos);
}

TEST(JsonReader, ErrorsNameLineAndColumn) {
  EXPECT_EQ(parse_error("{\n  \"a\": 1\n  \"b\": 2\n}"), "line 3, column 3: expected ',' or '}'");
}

TEST(JsonReader, ReadsBackEveryByteThatJsonQuoteWrote) {
  std::string all_bytes, expected;
  for (int b = 0; b < 256; ++b) {
    all_bytes += static_cast<char>(b);
    // Bytes 0..127 are ASCII and come back as they were; every byte above is a lone lead or
    // continuation byte here, so each becomes one U+FFFD.
    expected += b < 128 ? std::string(1, static_cast<char>(b)) : std::string("\xef\xbf\xbd");
  }
  EXPECT_EQ(parse_ok(json_quote(all_bytes)).text, expected);
}

}  // namespace
}  // namespace uirgrade
