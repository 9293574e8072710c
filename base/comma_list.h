// A command-line list `a,b,c` as its pieces, shared by the tools that take one (`grade --mutants`,
// `oracle-fault-analysis --ids/--file`, the benches). Every piece is kept, empty ones included,
// so that a caller can name a stray comma instead of silently dropping it.
#pragma once

#include <string>
#include <vector>

namespace uirgrade {

inline std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> pieces;
  for (size_t start = 0; start <= list.size();) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    pieces.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return pieces;
}

}  // namespace uirgrade
