// The document is built with nlohmann-json (ordered, so members stay in the order written) and
// dumped with two-space indentation when it is finished. On top of nlohmann's output, the
// repository's policies: invalid UTF-8 becomes U+FFFD (its `replace` handler), NaN and infinities
// become null, an integral number is written without ".0", and DEL, U+2028 and U+2029 are escaped
// as well, so that a report is safe to paste into JavaScript or show in a terminal.
#include "reports/json_writer.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>

namespace uirgrade {
namespace {

using Json = nlohmann::ordered_json;

/// A number as the reports write it: null when not finite, an integer when it is one.
Json number_json(double value) {
  if (!std::isfinite(value)) return nullptr;
  constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
  if (value == std::trunc(value) && std::fabs(value) < kExactIntegers) return static_cast<int64_t>(value);
  return value;
}

std::string dump(const Json& json, int indent) {
  std::string text = json.dump(indent, ' ', false, Json::error_handler_t::replace);
  // These bytes only occur inside strings in nlohmann's output.
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x7f') {
      out += "\\u007f";
    } else if (text.compare(i, 3, "\xe2\x80\xa8") == 0 || text.compare(i, 3, "\xe2\x80\xa9") == 0) {
      out += text[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

struct JsonWriter::Document {
  Json root;
  std::vector<Json*> open;  // containers begun and not yet ended; each is the last of its parent
  std::string key;          // the key of the next member

  void put(Json value) {
    if (open.empty()) {
      root = std::move(value);
      if (root.is_structured()) open.push_back(&root);
      return;
    }
    Json& container = *open.back();
    Json* placed = nullptr;
    if (container.is_array()) {
      container.push_back(std::move(value));
      placed = &container.back();
    } else {
      placed = &(container[key] = std::move(value));
    }
    if (placed->is_structured()) open.push_back(placed);
  }
};

std::string json_quote(std::string_view bytes) { return dump(Json(std::string(bytes)), -1); }

std::string json_number(double value) { return dump(number_json(value), -1); }

JsonWriter::JsonWriter(std::ostream& out) : out_(out), doc_(std::make_unique<Document>()) {}
JsonWriter::~JsonWriter() = default;

void JsonWriter::begin_object() { doc_->put(Json::object()); }
void JsonWriter::end_object() { doc_->open.pop_back(); }
void JsonWriter::begin_array() { doc_->put(Json::array()); }
void JsonWriter::end_array() { doc_->open.pop_back(); }

JsonWriter& JsonWriter::key(std::string_view name) {
  doc_->key = std::string(name);
  return *this;
}

void JsonWriter::string(std::string_view bytes) { doc_->put(std::string(bytes)); }
void JsonWriter::number(double value) { doc_->put(number_json(value)); }
void JsonWriter::integer(int64_t value) { doc_->put(value); }
void JsonWriter::boolean(bool value) { doc_->put(value); }

void JsonWriter::finish() { out_ << dump(doc_->root, 2) << '\n'; }

}  // namespace uirgrade
