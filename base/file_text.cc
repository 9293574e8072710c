#include "base/file_text.h"

#include <fstream>
#include <sstream>

namespace uirgrade {

std::optional<std::string> read_file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string read_file_text_or_empty(const std::string& path) { return read_file_text(path).value_or(""); }

}  // namespace uirgrade
