// The users of each statement among the live ones, in one flat array (compressed rows): the
// linearizer walks users of 100k statements, and a vector per statement costs a malloc each.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "oracle/program.h"

namespace uir {

class Users {
 public:
  /// Each live statement is listed once under every distinct statement it names as an operand, in
  /// file order.
  Users(const Program& program, const std::vector<bool>& live);
  std::span<const int32_t> of(int32_t s) const {
    return {list_.data() + first_[s], list_.data() + first_[s + 1]};
  }

 private:
  std::vector<int32_t> first_;  // users of s: list_[first_[s] .. first_[s + 1])
  std::vector<int32_t> list_;
};

}  // namespace uir
