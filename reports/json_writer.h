// Writing JSON for the reports, with nlohmann-json underneath. Strings are student bytes: the output
// is always valid JSON (control characters escaped, invalid UTF-8 as U+FFFD), so a report stays
// parseable whatever a student's compiler printed.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

/// `bytes` as a quoted JSON string.
std::string json_quote(std::string_view bytes);
/// A finite number in the shortest form that reads back to the same double; `null` otherwise
/// (JSON has no inf or NaN).
std::string json_number(double value);

/// A writer that builds the document call by call and prints it, indented by two spaces, at
/// finish(). Calls must nest properly: inside an object every value is preceded by key().
class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out);
  ~JsonWriter();
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
  /// Prints the document, ending with a newline.
  void finish();

 private:
  struct Document;  // nlohmann's, kept out of this header
  std::ostream& out_;
  std::unique_ptr<Document> doc_;
};

}  // namespace uirgrade
