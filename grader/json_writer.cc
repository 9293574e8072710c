#include "grader/json_writer.h"

#include <fmt/format.h>

#include <cmath>
#include <ostream>

#include "grader/utf8.h"

namespace uirgrade {

std::string json_quote(std::string_view bytes) {
  std::string out = "\"";
  out.reserve(bytes.size() + 2);
  for (size_t pos = 0; pos < bytes.size();) {
    // Fast path: a run of printable ASCII that needs no escape is copied at once.
    const size_t run_start = pos;
    while (pos < bytes.size() && bytes[pos] >= 0x20 && bytes[pos] < 0x7F && bytes[pos] != '"' &&
           bytes[pos] != '\\') {
      ++pos;
    }
    out.append(bytes, run_start, pos - run_start);
    if (pos == bytes.size()) break;
    const Utf8Step step = next_utf8(bytes, pos);
    pos += step.length;
    const char32_t c = step.code_point;
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\t': out += "\\t"; continue;
      case '\r': out += "\\r"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      default: break;
    }
    // Control characters must be escaped; DEL and U+2028/U+2029 may stay raw in JSON, but escaping
    // them keeps the file safe to paste into JavaScript and to show in a terminal.
    if (c < 0x20 || c == 0x7F || c == 0x2028 || c == 0x2029) {
      constexpr std::string_view hex = "0123456789abcdef";
      out += "\\u";
      for (int shift = 12; shift >= 0; shift -= 4) out += hex[(c >> shift) & 0xF];
    } else {
      append_utf8(out, c);
    }
  }
  out += '"';
  return out;
}

std::string json_number(double value) {
  if (!std::isfinite(value)) return "null";
  return fmt::format("{}", value);  // shortest round-trip form: 1, 0.1, 1e+300
}

void JsonWriter::before_value() {
  if (after_key_) {  // the key wrote the comma and the indentation
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  out_ << (levels_.back().empty ? "\n" : ",\n") << std::string(2 * levels_.size(), ' ');
  levels_.back().empty = false;
}

void JsonWriter::begin_object() {
  before_value();
  out_ << '{';
  levels_.push_back({});
}

void JsonWriter::begin_array() {
  before_value();
  out_ << '[';
  levels_.push_back({});
}

void JsonWriter::close(char bracket) {
  const bool was_empty = levels_.back().empty;
  levels_.pop_back();
  if (!was_empty) out_ << '\n' << std::string(2 * levels_.size(), ' ');
  out_ << bracket;
}

void JsonWriter::end_object() { close('}'); }

void JsonWriter::end_array() { close(']'); }

JsonWriter& JsonWriter::key(std::string_view name) {
  before_value();
  out_ << json_quote(name) << ": ";
  after_key_ = true;
  return *this;
}

void JsonWriter::string(std::string_view bytes) {
  before_value();
  out_ << json_quote(bytes);
}

void JsonWriter::number(double value) {
  before_value();
  out_ << json_number(value);
}

void JsonWriter::integer(int64_t value) {
  before_value();
  out_ << value;
}

void JsonWriter::boolean(bool value) {
  before_value();
  out_ << (value ? "true" : "false");
}

void JsonWriter::finish() { out_ << '\n'; }

}  // namespace uirgrade
