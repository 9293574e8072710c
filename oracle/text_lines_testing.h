// Test helper: the lines of a text, for tests that check output line by line.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace uir::testing {

/// The lines of `text` without their '\n' (a last line without one counts; no empty line after it).
inline std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace uir::testing
