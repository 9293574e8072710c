// The second half of a statement's checks (spec §8): each op's own rules (its row's own_rules in
// oracle/ops.def), in the catalogue's order: E-BOUNDS, E-DIV-ZERO, E-END-TWICE, E-END-UNUSED,
// E-STORE-TWICE, E-AFTER-NO-STORE, E-VERSION-FORK.
// Several of them look back at earlier statements (which end closed a range, which store wrote a
// version, which afters a version has), so one OpRules object walks a block in file order and
// remembers what it has seen.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "oracle/error.h"
#include "oracle/variant.h"
#include "oracle/program.h"

namespace uir {

class OpRules {
 public:
  /// `block` is program.stmts or a function body; its statements are checked by check() in order.
  /// `variant`: whether and how each own rule is checked (oracle/variant.h); the reference for the oracle.
  explicit OpRules(const std::vector<Stmt>& block, const OracleVariant& variant = OracleVariant::reference());

  /// Checks the op's own rules for block[index], which passed typecheck_statement, and records it
  /// for the statements after it. Statements must be checked in order, each once.
  std::optional<Error> check(int index);

 private:
  /// One own rule of block[index]'s op (its row's own_rules in ops.def).
  std::optional<Error> check_rule(Rule rule, int index);
  std::optional<Error> bounds(const Stmt& shrink) const;
  std::optional<Error> div_zero(const Stmt& division) const;
  std::optional<Error> end_twice(const Stmt& end, int index);
  std::optional<Error> end_unused(const Stmt& end) const;
  std::optional<Error> store_twice(const Stmt& store, int index);
  std::optional<Error> after_no_store(const Stmt& after, int index);
  std::optional<Error> version_fork(const Stmt& after, int index);

  /// The stores that end `end_index` depends on and that have its range open, i.e. the stores of
  /// its loop body, nested loops included, in file order. Computed once per end (several afters may
  /// use one end); valid until the next call.
  std::span<const int32_t> loop_stores(int32_t end_index);
  /// Whether `version` is `base`, or a version built on `base` by afters that all have `range` open.
  /// The versions found built on `base` for the same `after` are remembered, so that checking every
  /// store of a loop costs one walk down each version chain, not one per store.
  bool built_on_inside_loop(int32_t version, int32_t base, int32_t range, int32_t after);

  // Every table is a flat array indexed by statement (no map: at a million statements a node per
  // entry made validation grow faster than the input).
  const std::vector<Stmt>& block_;
  const OracleVariant& variant_;
  std::vector<int32_t> end_of_range_;   // per statement: the end closing this range, or -1
  std::vector<int32_t> store_into_;     // per statement: the store writing into this version, or -1
  std::vector<int32_t> last_after_on_;  // per statement: the latest after on this version, or -1
  std::vector<int32_t> earlier_after_on_same_;  // per after: the after on its version before it, or -1
  std::vector<int32_t> loop_stores_begin_;      // per end: where its loop's stores start in loop_stores_, or -1
  std::vector<int32_t> loop_stores_count_;      // per end: how many there are
  std::vector<int32_t> loop_stores_;            // the loop stores of each end walked, one run per end
  std::vector<int32_t> visited_by_;     // per statement: the end whose walk last visited it
  std::vector<int32_t> pending_;        // the walk's statements still to visit
  std::vector<int32_t> built_on_base_for_;  // per version: the after whose walk found it built on its base, or -1
  std::vector<int32_t> walked_;             // built_on_inside_loop's versions passed
};

}  // namespace uir
