// Rule clauses and linearizer decisions a test exercises (issue 23's coverage table). A rule's
// "clause" is one way its sentence in spec §4-§5 can be met or broken, read off the compiled
// program itself (never off a test's name or comments):
//   E-BOUNDS/below, E-BOUNDS/above, E-BOUNDS/view-of-view, E-BOUNDS/through-OP (an op on the
//     offset's way whose interval rule matters: mul-negative, idiv, mod, max, where, cast, load,
//     call, overflow: an add or mul leaving i32), E-DIV-ZERO/through-OP and E-DIV-ZERO/constant;
//   E-AFTER-NO-STORE/other-buffer, .../other-version-same-buffer, .../through-end;
//   E-STORE-TWICE/in-loop, .../outside-loops, .../older-version; E-VERSION-FORK/in-loop,
//     .../outside-loops; E-DEAD-EFFECT/store (never at an end: an end follows its stores, so the
//     first dead effect in file order is a store); every other rule as itself;
//   near misses of valid programs: valid/E-BOUNDS/upper-edge, .../upper-edge-through-mul-negative,
//     .../view-of-view-upper-edge, valid/E-DIV-ZERO/divisor-ends-at-1, .../divisor-ends-at-minus-1;
//   linearizer decisions: linearizer/load-moved-into-loop, .../dead-use-of-moved-load,
//     .../load-pinned, .../siblings-ordered-by-end, .../siblings-ordered-by-load-store-edge,
//     .../siblings-in-range-order, .../after-inside-loop.
// The list of every clause is fixed (all_clauses); the coverage table reports one no test has.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "oracle/oracle.h"

namespace uirgrade {

/// Every clause the table lists, in the table's order.
const std::vector<std::string>& all_clauses();

/// The first week whose programs can exercise `clause`: a rule's week by its spec section (§1-§3:
/// 1, §4: 2, §5: 3), later when the way needs memory (a load: week 2) or loops (a near miss on a
/// range's interval, a linearizer decision, a store or fork in a loop, an after through an end: 3).
int clause_week(const std::string& clause);

/// The clauses `compiled` exercises (an invalid program: its reported rule's; a valid one: its
/// near misses and the linearizer's decisions).
std::set<std::string> clauses_of(const uir::Compiled& compiled);

}  // namespace uirgrade
