// "1 test", "2 tests": counts in messages read right (issue 25: "1 tests", "1 students").
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>

namespace uirgrade {

/// `n` and `word`, with an "s" unless n is 1 (every word the grader counts takes a plain "s").
inline std::string count_of(size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace uirgrade
