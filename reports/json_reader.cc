// nlohmann-json's SAX parser does the reading (RFC 8259, strict: no comments, no trailing commas,
// no raw control characters, no invalid UTF-8, no lone surrogates); this file keeps what the
// reports need on top: a JsonValue that keeps members in file order and numbers as spelled,
// duplicate keys refused, nesting limited, and every error as "line L, column C: what".
#include "reports/json_reader.h"

#include <fmt/format.h>

#include <iterator>
#include <nlohmann/json.hpp>

namespace uirgrade {

JsonValue::JsonValue() = default;
JsonValue::JsonValue(const JsonValue&) = default;
JsonValue::JsonValue(JsonValue&&) noexcept = default;
JsonValue& JsonValue::operator=(const JsonValue&) = default;
JsonValue& JsonValue::operator=(JsonValue&&) noexcept = default;
JsonValue::~JsonValue() = default;

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

namespace {

constexpr int kMaxDepth = 64;

/// A char iterator that remembers how far the parser has read, so that a refusal made in a SAX
/// callback (a duplicate key, too deep) can name its place like nlohmann's own errors do.
struct TrackedIterator {
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* at;
  const char** furthest;
  reference operator*() const { return *at; }
  TrackedIterator& operator++() {
    ++at;
    if (at > *furthest) *furthest = at;
    return *this;
  }
  TrackedIterator operator++(int) {
    TrackedIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackedIterator& other) const { return at == other.at; }
  bool operator!=(const TrackedIterator& other) const { return at != other.at; }
};

class Builder : public nlohmann::json_sax<nlohmann::json> {
 public:
  Builder(std::string_view text, const char** furthest) : text_(text), furthest_(furthest) {}

  bool null() override { return put(JsonValue{}); }
  bool boolean(bool value) override {
    JsonValue v;
    v.kind = JsonValue::Kind::Bool;
    v.boolean = value;
    return put(std::move(v));
  }
  bool number_integer(number_integer_t value) override { return number(static_cast<double>(value), std::to_string(value)); }
  bool number_unsigned(number_unsigned_t value) override { return number(static_cast<double>(value), std::to_string(value)); }
  bool number_float(number_float_t value, const string_t& spelling) override { return number(value, spelling); }
  bool string(string_t& value) override {
    JsonValue v;
    v.kind = JsonValue::Kind::String;
    v.text = std::move(value);
    return put(std::move(v));
  }
  bool binary(binary_t&) override { return fail_here("binary values are not JSON"); }
  bool start_object(std::size_t) override { return open(JsonValue::Kind::Object); }
  bool key(string_t& name) override {
    JsonValue& object = *open_.back();
    if (object.find(name)) return fail_here(fmt::format("duplicate key \"{}\"", name));
    object.members.emplace_back(std::move(name), JsonValue{});
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(JsonValue::Kind::Array); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t byte, const std::string& last_token, const nlohmann::detail::exception& e) override {
    // nlohmann's message is "[json.exception.parse_error.101] parse error at line L, column C: what"
    // with the place after the offending token; ours is where that token starts, and "what" its own.
    std::string what = e.what();
    size_t colon = what.find(": ");
    fail_at(byte >= last_token.size() ? byte - last_token.size() : 0,
            colon == std::string::npos ? what : what.substr(colon + 2));
    return false;
  }

  std::variant<JsonValue, std::string> result() {
    if (!error_.empty()) return error_;
    return std::move(root_);
  }

 private:
  bool number(double value, std::string spelling) {
    JsonValue v;
    v.kind = JsonValue::Kind::Number;
    v.number = value;
    v.text = std::move(spelling);
    return put(std::move(v));
  }
  /// Places a finished value: the document, the next item of an array, or the last key's value.
  JsonValue* place(JsonValue value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    JsonValue& container = *open_.back();
    if (container.kind == JsonValue::Kind::Array) {
      container.items.push_back(std::move(value));
      return &container.items.back();
    }
    container.members.back().second = std::move(value);
    return &container.members.back().second;
  }
  bool put(JsonValue value) {
    place(std::move(value));
    return true;
  }
  bool open(JsonValue::Kind kind) {
    if (static_cast<int>(open_.size()) >= kMaxDepth) return fail_here("nested too deeply");
    JsonValue v;
    v.kind = kind;
    open_.push_back(place(std::move(v)));
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
  bool fail_here(std::string what) {
    fail_at(static_cast<size_t>(*furthest_ - text_.data()) - 1, what);
    return false;
  }
  void fail_at(size_t byte, std::string_view what) {
    if (!error_.empty()) return;
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < byte && i < text_.size(); ++i)
      if (text_[i] == '\n') ++line, line_start = i + 1;
    error_ = fmt::format("line {}, column {}: {}", line, byte - line_start + 1, what);
  }

  std::string_view text_;
  const char** furthest_;
  JsonValue root_;
  std::vector<JsonValue*> open_;  // containers begun and not yet ended; each is the last of its parent
  std::string error_;
};

}  // namespace

std::variant<JsonValue, std::string> parse_json(std::string_view text) {
  const char* furthest = text.data();
  Builder builder(text, &furthest);
  TrackedIterator first{text.data(), &furthest}, last{text.data() + text.size(), &furthest};
  nlohmann::json::sax_parse(first, last, &builder, nlohmann::json::input_format_t::json, /*strict=*/true);
  return builder.result();
}

}  // namespace uirgrade
