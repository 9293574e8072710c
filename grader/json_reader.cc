// A recursive-descent parser over the grammar of RFC 8259, one function per production. Positions
// in errors are 1-based lines and byte columns. Nesting is limited so that a hostile file cannot
// overflow the stack.
#include "grader/json_reader.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "grader/utf8.h"

namespace uirgrade {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

namespace {

constexpr int kMaxDepth = 64;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::variant<JsonValue, std::string> parse_document() {
    JsonValue value;
    skip_whitespace();
    if (!parse_value(value, 0)) return error_;
    skip_whitespace();
    if (pos_ != text_.size()) {
      fail("unexpected text after the document");
      return error_;
    }
    return value;
  }

 private:
  // Records the first error (with its position) and returns false, so callers can `return fail(..)`.
  bool fail(std::string_view what) {
    if (!error_.empty()) return false;
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') ++line, line_start = i + 1;
    }
    error_ = fmt::format("line {}, column {}: {}", line, pos_ - line_start + 1, what);
    return false;
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }

  void skip_whitespace() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }

  bool expect_word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return fail("expected a value");
    pos_ += word.size();
    return true;
  }

  // value = object / array / string / number / true / false / null
  bool parse_value(JsonValue& value, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply");
    switch (peek()) {
      case '{': return parse_object(value, depth);
      case '[': return parse_array(value, depth);
      case '"': value.kind = JsonValue::Kind::String; return parse_string(value.text);
      case 't': value.kind = JsonValue::Kind::Bool, value.boolean = true; return expect_word("true");
      case 'f': value.kind = JsonValue::Kind::Bool, value.boolean = false; return expect_word("false");
      case 'n': value.kind = JsonValue::Kind::Null; return expect_word("null");
      default: return parse_number(value);
    }
  }

  // object = '{' [ member *( ',' member ) ] '}' ; member = string ':' value
  bool parse_object(JsonValue& value, int depth) {
    value.kind = JsonValue::Kind::Object;
    ++pos_;
    skip_whitespace();
    if (peek() == '}') return ++pos_, true;
    while (true) {
      if (peek() != '"') return fail("expected a string key");
      std::string key;
      if (!parse_string(key)) return false;
      if (value.find(key)) return fail(fmt::format("duplicate key \"{}\"", key));
      skip_whitespace();
      if (peek() != ':') return fail("expected ':'");
      ++pos_;
      skip_whitespace();
      JsonValue member;
      if (!parse_value(member, depth + 1)) return false;
      value.members.emplace_back(std::move(key), std::move(member));
      skip_whitespace();
      if (peek() == '}') return ++pos_, true;
      if (peek() != ',') return fail("expected ',' or '}'");
      ++pos_;
      skip_whitespace();
    }
  }

  // array = '[' [ value *( ',' value ) ] ']'
  bool parse_array(JsonValue& value, int depth) {
    value.kind = JsonValue::Kind::Array;
    ++pos_;
    skip_whitespace();
    if (peek() == ']') return ++pos_, true;
    while (true) {
      JsonValue item;
      if (!parse_value(item, depth + 1)) return false;
      value.items.push_back(std::move(item));
      skip_whitespace();
      if (peek() == ']') return ++pos_, true;
      if (peek() != ',') return fail("expected ',' or ']'");
      ++pos_;
      skip_whitespace();
    }
  }

  bool parse_hex4(char32_t& out) {
    if (pos_ + 4 > text_.size()) return fail("expected four hex digits after \\u");
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, value, 16);
    if (ec != std::errc() || end != text_.data() + pos_ + 4) {
      return fail("expected four hex digits after \\u");
    }
    pos_ += 4;
    out = value;
    return true;
  }

  // \uXXXX, with a UTF-16 surrogate pair spelled as two escapes; pos_ is just after "\u".
  bool parse_unicode_escape(std::string& out) {
    char32_t first = 0;
    if (!parse_hex4(first)) return false;
    if (first >= 0xDC00 && first <= 0xDFFF) return fail("lone low surrogate in \\u escape");
    if (first >= 0xD800 && first <= 0xDBFF) {
      char32_t second = 0;
      if (text_.substr(pos_, 2) != "\\u") return fail("lone high surrogate in \\u escape");
      pos_ += 2;
      if (!parse_hex4(second)) return false;
      if (second < 0xDC00 || second > 0xDFFF) return fail("lone high surrogate in \\u escape");
      first = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
    }
    append_utf8(out, first);
    return true;
  }

  // string = '"' *char '"'
  bool parse_string(std::string& out) {
    ++pos_;  // the opening quote
    while (true) {
      if (at_end()) return fail("unterminated string");
      const unsigned char c = static_cast<unsigned char>(peek());
      if (c == '"') return ++pos_, true;
      if (c < 0x20) return fail("raw control character in a string");
      if (c == '\\') {
        ++pos_;
        const char escape = peek();
        ++pos_;
        switch (escape) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u':
            if (!parse_unicode_escape(out)) return false;
            break;
          default: --pos_; return fail("unknown escape in a string");
        }
        continue;
      }
      const Utf8Step step = next_utf8(text_, pos_);
      if (!step.valid) return fail("invalid UTF-8 in a string");
      out += text_.substr(pos_, step.length);
      pos_ += step.length;
    }
  }

  // number = [ '-' ] int [ frac ] [ exp ]
  bool parse_number(JsonValue& value) {
    const size_t start = pos_;
    const auto digits = [&] {
      const size_t first = pos_;
      while (!at_end() && peek() >= '0' && peek() <= '9') ++pos_;
      return pos_ - first;
    };
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
    } else if (digits() == 0) {
      pos_ = start;
      return fail("expected a value");
    }
    if (peek() == '.') {
      ++pos_;
      if (digits() == 0) return fail("expected a digit after '.'");
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (digits() == 0) return fail("expected a digit in the exponent");
    }
    value.kind = JsonValue::Kind::Number;
    value.text = std::string(text_.substr(start, pos_ - start));
    const auto [end, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, value.number);
    if (ec != std::errc() || end != text_.data() + pos_ || !std::isfinite(value.number)) {
      pos_ = start;
      return fail("number out of range");
    }
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::variant<JsonValue, std::string> parse_json(std::string_view text) {
  return Parser(text).parse_document();
}

}  // namespace uirgrade
