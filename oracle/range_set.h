// The open ranges of a statement (spec §4.1): the indices of the range statements still open at it,
// ascending. Every statement inside one loop has the same open ranges, so the statements share one
// list: copying a RangeSet counts a reference and allocates nothing. A million statements in a loop
// hold one list, not a million small blocks (issue 11: a large parse's cost is its memory).
// The list is never changed once made; with/without/union_of make a new one.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace uir {

class RangeSet {
 public:
  using const_iterator = const int32_t*;  // the iterator names let gtest print a RangeSet as a list
  using iterator = const_iterator;

  RangeSet() = default;
  RangeSet(std::vector<int32_t> ascending);  // NOLINT: implicit, so that tests write {0, 3}
  RangeSet(std::initializer_list<int32_t> ascending) : RangeSet(std::vector<int32_t>(ascending)) {}

  const int32_t* begin() const { return list_ ? list_->data() : nullptr; }
  const int32_t* end() const { return list_ ? list_->data() + list_->size() : nullptr; }
  size_t size() const { return list_ ? list_->size() : 0; }
  bool empty() const { return !list_; }
  int32_t front() const { return list_->front(); }
  bool contains(int32_t range) const;

  RangeSet with(int32_t range) const;
  RangeSet without(int32_t range) const;
  friend RangeSet union_of(const RangeSet& a, const RangeSet& b);

  bool operator==(const RangeSet& other) const;

 private:
  std::shared_ptr<const std::vector<int32_t>> list_;  // null when empty
};

}  // namespace uir
