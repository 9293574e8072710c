#include "oracle/range_set.h"

#include <algorithm>
#include <iterator>

namespace uir {

RangeSet::RangeSet(std::vector<int32_t> ascending) {
  if (!ascending.empty()) list_ = std::make_shared<const std::vector<int32_t>>(std::move(ascending));
}

bool RangeSet::contains(int32_t range) const { return std::binary_search(begin(), end(), range); }

RangeSet RangeSet::with(int32_t range) const {
  if (contains(range)) return *this;
  std::vector<int32_t> out(begin(), end());
  out.insert(std::upper_bound(out.begin(), out.end(), range), range);
  return RangeSet(std::move(out));
}

RangeSet RangeSet::without(int32_t range) const {
  if (!contains(range)) return *this;
  std::vector<int32_t> out;
  out.reserve(size() - 1);
  std::remove_copy(begin(), end(), std::back_inserter(out), range);
  return RangeSet(std::move(out));
}

RangeSet union_of(const RangeSet& a, const RangeSet& b) {
  if (a.empty() || a == b) return b;
  if (b.empty()) return a;
  std::vector<int32_t> out;
  out.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  if (out.size() == b.size()) return b;  // one holds the other: share its list
  if (out.size() == a.size()) return a;
  return RangeSet(std::move(out));
}

bool RangeSet::operator==(const RangeSet& other) const {
  return list_ == other.list_ || std::equal(begin(), end(), other.begin(), other.end());
}

}  // namespace uir
