#include "reports/html_text.h"

#include <cctype>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"

namespace uirgrade {

std::string html_text(std::string_view bytes) {
  std::string escaped;
  for (char ch : printable_text(bytes)) {
    switch (ch) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&#39;"; break;
      default: escaped += ch;
    }
  }
  return escaped;
}

std::string url_path(std::string_view bytes) {
  std::string encoded;
  for (char ch : bytes) {
    unsigned char byte = static_cast<unsigned char>(ch);
    if (std::isalnum(byte) || std::string_view("._~/-").find(ch) != std::string_view::npos) encoded += ch;
    else encoded += fmt::format("%{:02X}", byte);
  }
  return encoded;
}

}  // namespace uirgrade
