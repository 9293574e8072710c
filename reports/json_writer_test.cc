#include "reports/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

namespace uirgrade {
namespace {

TEST(JsonQuote, EscapesWhatJsonRequires) {
  EXPECT_EQ(json_quote("plain"), "\"plain\"");
  EXPECT_EQ(json_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_quote("\n\t\r\b\f"), "\"\\n\\t\\r\\b\\f\"");
  EXPECT_EQ(json_quote(std::string("\0\x01\x1b\x7f", 4)), "\"\\u0000\\u0001\\u001b\\u007f\"");
  EXPECT_EQ(json_quote("\xe2\x80\xa8"), "\"\\u2028\"");
  EXPECT_EQ(json_quote("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
}

TEST(JsonQuote, ReplacesInvalidUtf8) {
  EXPECT_EQ(json_quote("a\xff"
                       "b\xc3"),
            "\"a\xef\xbf\xbd"
            "b\xef\xbf\xbd\"");
}

TEST(JsonNumber, ShortestFormAndNullForNonFinite) {
  EXPECT_EQ(json_number(1), "1");
  EXPECT_EQ(json_number(0.1), "0.1");
  EXPECT_EQ(json_number(-2.5), "-2.5");
  EXPECT_EQ(json_number(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(json_number(std::nan("")), "null");
  EXPECT_EQ(json_number(1e300), "1e+300");
}

TEST(JsonWriter, NanIsNullAndInvalidUtf8IsReplacedInsideDocuments) {
  std::ostringstream out;
  JsonWriter json(out);
  json.begin_object();
  json.key("score").number(std::nan(""));
  json.key("stdout").string("ok\xff\x7f");
  json.end_object();
  json.finish();
  EXPECT_EQ(out.str(), "{\n  \"score\": null,\n  \"stdout\": \"ok\xef\xbf\xbd\\u007f\"\n}\n");
}

TEST(JsonWriter, IndentsAndPlacesCommas) {
  std::ostringstream out;
  JsonWriter json(out);
  json.begin_object();
  json.key("a").integer(1);
  json.key("list");
  json.begin_array();
  json.string("x");
  json.boolean(false);
  json.begin_object();
  json.end_object();
  json.end_array();
  json.key("empty");
  json.begin_array();
  json.end_array();
  json.end_object();
  json.finish();
  EXPECT_EQ(out.str(),
            "{\n"
            "  \"a\": 1,\n"
            "  \"list\": [\n"
            "    \"x\",\n"
            "    false,\n"
            "    {}\n"
            "  ],\n"
            "  \"empty\": []\n"
            "}\n");
}

}  // namespace
}  // namespace uirgrade
