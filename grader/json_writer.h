// Writing JSON for the reports (no JSON library is among our dependencies). Strings are student bytes:
// json_quote always gives a valid JSON string (control characters escaped, invalid UTF-8 as U+FFFD),
// so a report stays parseable whatever a student's compiler printed.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

/// `bytes` as a quoted JSON string.
std::string json_quote(std::string_view bytes);
/// A finite number in the shortest form that reads back to the same double; `null` otherwise
/// (JSON has no inf or NaN).
std::string json_number(double value);

/// A streaming writer that indents by two spaces and places the commas. Calls must nest properly:
/// inside an object every value is preceded by key().
class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  /// Returns *this, so that a member reads `json.key("score").number(5)`.
  JsonWriter& key(std::string_view name);
  void string(std::string_view bytes);
  void number(double value);
  void integer(int64_t value);
  void boolean(bool value);
  /// Ends the document with a newline.
  void finish();

 private:
  void before_value();
  void close(char bracket);

  struct Level {
    bool empty = true;
  };
  std::ostream& out_;
  std::vector<Level> levels_;
  bool after_key_ = false;
};

}  // namespace uirgrade
