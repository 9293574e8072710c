// A strict JSON reader (RFC 8259, nlohmann-json underneath) for `grade merge`, which reads back what
// json_writer wrote. Strict, because a report that was truncated or edited by hand should be refused
// with the place of the problem rather than half-read: no comments, no trailing commas, no
// duplicate keys, no raw control characters or invalid UTF-8 in strings, no lone surrogates.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace uirgrade {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string text;                                        // a String's value, or a Number as it was spelled
  std::vector<JsonValue> items;                            // Array
  std::vector<std::pair<std::string, JsonValue>> members;  // Object, in file order

  // Declared here and defaulted in json_reader.cc, where JsonValue is complete: an implicit
  // destructor would instantiate std::pair<std::string, JsonValue> while JsonValue is still
  // incomplete, which libstdc++ 12 refuses under clang.
  JsonValue();
  JsonValue(const JsonValue&);
  JsonValue(JsonValue&&) noexcept;
  JsonValue& operator=(const JsonValue&);
  JsonValue& operator=(JsonValue&&) noexcept;
  ~JsonValue();

  /// The member named `key` of an Object; nullptr when there is none.
  const JsonValue* find(std::string_view key) const;
};

/// The document, or "line L, column C: what was expected".
std::variant<JsonValue, std::string> parse_json(std::string_view text);

}  // namespace uirgrade
