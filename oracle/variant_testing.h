// Small variants of the oracle for its own tests (oracle/variant.h): each overrides one or two
// variation points the way another design of the stage would, so that a stage's test can show the
// point is asked, and where, without a bug of the course's catalogue.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "oracle/variant.h"

namespace uir::testing {

/// A load rule without its first clause: every load stays where its ranges put it, so an
/// accumulator reads its value once, before its loop.
struct LoadsStay : OracleVariant {
  LoadRule load_rule() const override {
    LoadRule rule;
    rule.loads_move = false;
    return rule;
  }
};

/// The book's attempt (b) at sibling loops (book §5.5): siblings open in range-line order, whatever
/// they read through an end, and a pending sibling may open inside the current loop.
struct SiblingsInRangeLineOrder : OracleVariant {
  void reorder_siblings(std::vector<int32_t>* order) const override { std::sort(order->begin(), order->end()); }
  bool nests_pending_siblings() const override { return true; }
};

}  // namespace uir::testing
