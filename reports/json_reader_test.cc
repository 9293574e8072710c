#include "reports/json_reader.h"

#include <gtest/gtest.h>

#include "reports/json_writer.h"

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
  // nlohmann-json's own wording says what was wrong; ours says where.
  for (std::string bad : {"[1, 2,]", "{\"a\": 1,}", "\"raw\nnewline\"", "\"\\ud800\"", "\"\\udc00\"", "\"\xff\"",
                          "\"\\x41\"", "01", "1.", "// comment\n1", "{\"a\": tru}", "[\"unterminated", "", "{} {}"}) {
    std::string error = parse_error(bad);
    EXPECT_TRUE(error.starts_with("line ")) << bad << ": " << error;
  }
  EXPECT_NE(parse_error("\"\xff\"").find("UTF-8"), std::string::npos);
  EXPECT_NE(parse_error("[1, 2,]").find("unexpected ']'"), std::string::npos);
}

// The policies on top of nlohmann-json: duplicate keys and deep nesting are refused, with their place.
TEST(JsonReader, RefusesDuplicateKeysAndDeepNestingWithTheirPlace) {
  EXPECT_EQ(parse_error("{\"a\": 1,\n \"a\": 2}"), "line 2, column 4: duplicate key \"a\"");
  EXPECT_EQ(parse_ok("{\"a\": {\"a\": 1}, \"b\": [{\"a\": 2}]}").members.size(), 2u) << "same key, other objects";
  EXPECT_NE(parse_error(std::string(100, '[') + std::string(100, ']')).find("nested too deeply"), std::string::npos);
  EXPECT_EQ(parse_ok(std::string(60, '[') + std::string(60, ']')).kind, JsonValue::Kind::Array);
}

TEST(JsonReader, ErrorsNameLineAndColumn) {
  std::string error = parse_error("{\n  \"a\": 1\n  \"b\": 2\n}");
  EXPECT_TRUE(error.starts_with("line 3, column 3: ")) << error;
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
