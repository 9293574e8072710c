// A valid program's shapes come from the linear list (the loop each statement is placed in, each
// loop's parent), so a shape counts only when the oracle really placed the program that way. An
// invalid program has no list; its shapes come from the statement the oracle reports and its open
// ranges: its depth is the number of loops around it (an end also sits in the loop it closes), and
// a pair of statements (the two stores into one version, a load and the store into its version) is
// related by their open ranges, which is what nests them.
#include "testcase/shapes.h"

#include <algorithm>

namespace uirgrade {
namespace {

using uir::Op;
using uir::Stmt;

const char* const kValid = "valid";

std::vector<ShapeRow> make_table() {
  std::vector<ShapeRow> rows;
  auto row = [&](std::string id, std::string what, std::vector<std::string> outcomes) {
    rows.push_back({std::move(id), std::move(what), std::move(outcomes)});
  };
  // Depth: where the valid program has a loop, or where the reported statement sits.
  for (int d = 1; d <= 3; ++d)
    row("depth-" + std::to_string(d),
        d == 1 ? "a loop (valid), or the reported statement inside exactly one loop"
               : "a loop " + std::to_string(d) + " deep (valid), or the reported statement inside " +
                     std::to_string(d) + " loops",
        {kValid, "E-END-UNUSED", "E-STORE-TWICE", "E-AFTER-NO-STORE", "E-VERSION-FORK", "E-DEAD-EFFECT",
         "E-OPEN-RANGE", "E-END-TWICE"});
  // Nests (valid programs only: what the scheduler must get right).
  row("siblings-at-top", "two loops side by side outside every loop", {kValid});
  row("siblings-at-depth-1", "two sibling loops inside one loop", {kValid});
  row("siblings-at-depth-2", "two sibling loops inside a nest two deep", {kValid});
  row("enclosed-only-transitively",
      "a loop whose end does not have an outer loop of its chain open: that loop encloses it only "
      "through the loop between (\"encloses\" is transitive)",
      {kValid});
  row("statement-skips-a-loop", "a statement using an inner and an outer range but not a loop between them",
      {kValid});
  row("statement-needs-transitive-enclosure",
      "a statement one of whose loops encloses none of its ranges directly: its ranges and the ranges their "
      "ends have open miss a loop it must run in",
      {kValid});
  // Values: how far from a range.
  for (int k = 1; k <= 3; ++k)
    row("value-from-range-through-" + std::to_string(k) + (k == 1 ? "-op" : "-ops"),
        "a value whose nearest range is " + std::to_string(k) + (k == 3 ? " or more ops" : " op(s)") + " away",
        {kValid});
  // Positions: each statement kind relative to the loops whose ranges it uses and does not use.
  for (const char* kind : {"value", "load", "shrink", "store", "after"}) {
    std::string k = kind;
    row(k + "-at-top", "a placed " + k + " outside every loop", {kValid});
    row(k + "-in-its-innermost-range", "a " + k + " placed in a loop whose range it uses", {kValid});
    // Only a load: a value or view of a moved load would be a use outside the loop, which pins the
    // load instead (spec §5.3), unless it is in the loop by its own ranges.
    if (k == "load")
      row(k + "-in-a-loop-it-does-not-use",
          "a " + k + " placed in a loop whose range it does not use (a load the load rule moved, and what "
          "moves with it)",
          {kValid});
    if (k != "store")
      row(k + "-outside-an-inner-loop-using-it",
          "a " + k + " placed outside a loop that one of its users is placed in (computed once for the inner loop)",
          {kValid});
  }
  // Ends: how many effects, and which one breaks E-END-UNUSED.
  for (int n = 1; n <= 3; ++n)
    row("end-with-" + std::to_string(n) + (n == 1 ? "-effect" : "-effects"),
        "an end listing " + std::to_string(n) + (n == 3 ? " or more" : "") + " effect(s)", {kValid});
  for (int n = 1; n <= 3; ++n)
    for (int p = 1; p <= n; ++p)
      row("end-offending-" + std::to_string(p) + "-of-" + std::to_string(n),
          "an end of " + std::to_string(n) + " effect(s) whose effect " + std::to_string(p) +
              " is the first not to use its range",
          {"E-END-UNUSED"});
  row("load-moved-by-a-store-in-that-loop", "a load the load rule moved into a loop that stores into its version",
      {kValid});
  row("load-moved-by-a-store-nested-deeper",
      "a load the load rule moved into a loop whose store into its version is in a loop nested inside it", {kValid});
  row("end-listing-an-inner-end", "an end listing the end of a nested loop (valid), or that end not using its range",
      {kValid, "E-END-UNUSED"});
  // Pairs: a load and the store into its version (valid, E-LOAD-ORDER), the two stores into one
  // version (E-STORE-TWICE); "second" is the store, or the later of the two stores.
  row("pair-in-one-loop", "both in the same loop (or both outside every loop)", {kValid, "E-STORE-TWICE"});
  row("pair-second-deeper", "the second in a loop nested inside the first's loop", {kValid, "E-STORE-TWICE"});
  row("pair-second-outside", "the second in a loop around the first's loop", {kValid, "E-STORE-TWICE"});
  row("pair-siblings", "in two sibling loops", {kValid, "E-STORE-TWICE", "E-LOAD-ORDER"});
  row("pair-nested-siblings", "in two loops neither of which holds the other, not siblings",
      {kValid, "E-STORE-TWICE", "E-LOAD-ORDER"});
  row("pair-top-and-loop", "one outside every loop, the other inside one", {kValid, "E-STORE-TWICE"});
  return rows;
}

std::string cell(const std::string& shape, const std::string& outcome) { return shape + " x " + outcome; }

/// Inserts the cell if the table has it (a shape is only reported with the outcomes it lists).
void hit(std::set<std::string>& out, const std::string& shape, const std::string& outcome) {
  static const std::vector<std::string> all = all_shape_cells();
  static const std::set<std::string> cells(all.begin(), all.end());
  std::string c = cell(shape, outcome);
  if (cells.count(c)) out.insert(std::move(c));
}

/// Two statements related by their open ranges: the first `a`, the second `b`.
std::string pair_by_ranges(const uir::RangeSet& a, const uir::RangeSet& b) {
  if (a.empty() != b.empty()) return "pair-top-and-loop";
  if (a == b) return "pair-in-one-loop";
  auto subset = [](const uir::RangeSet& x, const uir::RangeSet& y) {
    for (int32_t r : x)
      if (!y.contains(r)) return false;
    return true;
  };
  if (subset(a, b)) return "pair-second-deeper";
  if (subset(b, a)) return "pair-second-outside";
  size_t common = 0;
  for (int32_t r : a) common += b.contains(r) ? 1 : 0;
  return a.size() == b.size() && common + 1 == a.size() ? "pair-siblings" : "pair-nested-siblings";
}

int stmt_at_line(const std::vector<Stmt>& stmts, int line) {
  for (size_t k = 0; k < stmts.size(); ++k)
    if (stmts[k].line == line) return static_cast<int>(k);
  return -1;
}

void invalid_cells(const uir::Compiled& c, std::set<std::string>& out) {
  const std::vector<Stmt>& stmts = c.program.stmts;
  const std::string rule(uir::rule_info(c.error->rule).id);
  int k = stmt_at_line(stmts, c.error->line);
  if (k < 0) return;
  const Stmt& s = stmts[k];
  int depth = static_cast<int>(s.open_ranges.size()) + (s.op == Op::End ? 1 : 0);
  if (c.error->rule == uir::Rule::OpenRange) {
    // Refused before its own open ranges are worked out: the loops around it are its operands'.
    std::set<int32_t> around;
    for (const uir::Operand& o : s.operands)
      if (o.ref >= 0 && o.ref < k) around.insert(stmts[o.ref].open_ranges.begin(), stmts[o.ref].open_ranges.end());
    depth = static_cast<int>(around.size());
  }
  if (depth >= 1 && depth <= 3) hit(out, "depth-" + std::to_string(depth), rule);
  switch (c.error->rule) {
    case uir::Rule::EndUnused: {
      if (s.op != Op::End) break;
      int32_t range = s.operands.back().ref;
      size_t n = s.operands.size() - 1;
      for (size_t p = 0; p < n; ++p) {
        int32_t effect = s.operands[p].ref;
        if (effect < 0 || stmts[effect].open_ranges.contains(range)) continue;
        hit(out, "end-offending-" + std::to_string(p + 1) + "-of-" + std::to_string(n), rule);
        if (stmts[effect].op == Op::End) hit(out, "end-listing-an-inner-end", rule);
        break;
      }
      break;
    }
    case uir::Rule::StoreTwice:
      for (int t = 0; t < k; ++t)
        if (stmts[t].op == Op::Store && stmts[t].version == s.version) {
          hit(out, pair_by_ranges(stmts[t].open_ranges, s.open_ranges), rule);
          break;
        }
      break;
    case uir::Rule::LoadOrder:
      for (const Stmt& t : stmts)
        if (s.op == Op::Load && t.op == Op::Store && t.version == s.version)
          hit(out, pair_by_ranges(s.open_ranges, t.open_ranges), rule);
      break;
    default:
      break;
  }
}

/// The loops of a linear list: each placed statement's innermost loop, each loop's parent and level.
struct Loops {
  std::vector<int> loop_of;  // per statement: index into range/parent, -1 outside every loop or not placed
  std::vector<bool> placed;
  std::vector<int32_t> range;  // per loop: its range statement
  std::vector<int> parent;     // per loop: -1 at the top
  std::vector<int> level;      // per loop: 1 at the top

  bool inside(int inner, int outer) const {  // `inner` is `outer` or nested in it
    for (int l = inner; l >= 0; l = parent[l])
      if (l == outer) return true;
    return false;
  }
};

Loops loops_of(const uir::Compiled& c) {
  Loops loops;
  size_t n = c.program.stmts.size();
  loops.loop_of.assign(n, -1);
  loops.placed.assign(n, false);
  std::vector<int> open;
  for (const uir::Placed& item : c.linear.items) {
    if (item.step == uir::Step::Open) {
      loops.range.push_back(item.stmt);
      loops.parent.push_back(open.empty() ? -1 : open.back());
      loops.level.push_back(static_cast<int>(open.size()) + 1);
      open.push_back(static_cast<int>(loops.range.size()) - 1);
    } else if (item.step == uir::Step::Close) {
      if (!open.empty()) open.pop_back();
    } else if (item.stmt >= 0 && static_cast<size_t>(item.stmt) < n) {
      loops.placed[item.stmt] = true;
      loops.loop_of[item.stmt] = open.empty() ? -1 : open.back();
    }
  }
  return loops;
}

/// A valid program's pair of a placed load (loop `a`) and the live store into its version (loop `b`).
std::string pair_by_loops(const Loops& loops, int a, int b) {
  if (a == b) return "pair-in-one-loop";
  if (a < 0 || b < 0) return "pair-top-and-loop";
  if (loops.inside(b, a)) return "pair-second-deeper";
  if (loops.inside(a, b)) return "pair-second-outside";
  return loops.parent[a] == loops.parent[b] ? "pair-siblings" : "pair-nested-siblings";
}

const char* kind_of(const Stmt& s) {
  switch (s.op) {
    case Op::Load: return "load";
    case Op::Shrink: return "shrink";
    case Op::Store: return "store";
    case Op::After: return "after";
    case Op::End: case Op::Range: case Op::Buffer: case Op::Alloc: case Op::Assert: return nullptr;
    default: return s.kind == uir::Kind::Value && !s.constant ? "value" : nullptr;
  }
}

/// The loops' nesting: depths, siblings, and ends that have a loop above the parent open only
/// through another end.
void loop_cells(const std::vector<Stmt>& stmts, const Loops& loops, std::set<std::string>& out) {
  for (size_t l = 0; l < loops.range.size(); ++l) {
    if (loops.level[l] <= 3) hit(out, "depth-" + std::to_string(loops.level[l]), kValid);
    for (size_t m = l + 1; m < loops.range.size(); ++m)
      if (loops.parent[l] == loops.parent[m]) {
        int around = loops.parent[l] < 0 ? 0 : loops.level[loops.parent[l]];
        hit(out, around == 0 ? "siblings-at-top" : "siblings-at-depth-" + std::to_string(around), kValid);
      }
    // The end of this loop's range, and whether it has every loop of the chain above its parent open.
    for (const Stmt& e : stmts)
      if (e.op == Op::End && e.operands.back().ref == loops.range[l]) {
        for (int p = loops.parent[l] < 0 ? -1 : loops.parent[loops.parent[l]]; p >= 0; p = loops.parent[p])
          if (!e.open_ranges.contains(loops.range[p])) hit(out, "enclosed-only-transitively", kValid);
        break;
      }
  }
}

// Ends are not items of the list (a loop's close stands for its end): the live ones count.
void end_cells(const uir::Compiled& c, std::set<std::string>& out) {
  const std::vector<Stmt>& stmts = c.program.stmts;
  for (size_t k = 0; k < stmts.size(); ++k) {
    const Stmt& s = stmts[k];
    if (s.op != Op::End || k >= c.linear.live.size() || !c.linear.live[k]) continue;
    size_t effects = s.operands.size() - 1;
    hit(out, "end-with-" + std::to_string(std::min<size_t>(effects, 3)) + (effects == 1 ? "-effect" : "-effects"),
        kValid);
    for (size_t p = 0; p < effects; ++p)
      if (s.operands[p].ref >= 0 && stmts[s.operands[p].ref].op == Op::End) hit(out, "end-listing-an-inner-end", kValid);
  }
}

/// Per range: the end that closes it, or -1.
std::vector<int32_t> ends_of_ranges(const std::vector<Stmt>& stmts) {
  std::vector<int32_t> end_of(stmts.size(), -1);
  for (size_t k = 0; k < stmts.size(); ++k)
    if (stmts[k].op == Op::End && stmts[k].operands.back().ref >= 0) end_of[stmts[k].operands.back().ref] = static_cast<int32_t>(k);
  return end_of;
}

/// Statement k's ranges against the loops of its placement.
void enclosure_cells(const std::vector<Stmt>& stmts, size_t k, const Loops& loops, const std::vector<int32_t>& end_of,
                     std::set<std::string>& out) {
  const Stmt& s = stmts[k];
  // The loops of this statement's placement, innermost first.
  std::vector<int> chain;
  for (int l = loops.loop_of[k]; l >= 0; l = loops.parent[l]) chain.push_back(l);
  // A statement using an inner and an outer range of its chain, but not one between them.
  int innermost_used = -1, outermost_used = -1;
  for (size_t i = 0; i < chain.size(); ++i)
    if (s.open_ranges.contains(loops.range[chain[i]])) {
      if (innermost_used < 0) innermost_used = static_cast<int>(i);
      outermost_used = static_cast<int>(i);
    }
  for (int i = innermost_used + 1; innermost_used >= 0 && i < outermost_used; ++i)
    if (!s.open_ranges.contains(loops.range[chain[i]])) hit(out, "statement-skips-a-loop", kValid);
  // Its ranges and their direct enclosers, against the loops around its ranges' innermost one.
  if (innermost_used >= 0 && s.op != Op::Range) {
    std::set<int32_t> one_step(s.open_ranges.begin(), s.open_ranges.end());
    for (int32_t r : s.open_ranges)
      if (end_of[r] >= 0) one_step.insert(stmts[end_of[r]].open_ranges.begin(), stmts[end_of[r]].open_ranges.end());
    for (size_t i = innermost_used; i < chain.size(); ++i)
      if (!one_step.count(loops.range[chain[i]])) hit(out, "statement-needs-transitive-enclosure", kValid);
  }
}

/// How many operations away from a range value k is; `ops_from_range` holds it for the statements
/// before k (0: no range on the way, or not a value) and gets k's.
void value_from_range_cells(const std::vector<Stmt>& stmts, size_t k, std::vector<int>& ops_from_range,
                            std::set<std::string>& out) {
  const Stmt& s = stmts[k];
  if (s.kind != uir::Kind::Value || s.constant || s.op == Op::Range || s.op == Op::Load) return;
  int best = 0;
  for (const uir::Operand& o : s.operands) {
    if (o.ref < 0) continue;
    int d = stmts[o.ref].op == Op::Range ? 1 : ops_from_range[o.ref] > 0 ? ops_from_range[o.ref] + 1 : 0;
    if (d > 0 && (best == 0 || d < best)) best = d;
  }
  ops_from_range[k] = best;
  if (best > 0) {
    int k3 = std::min(best, 3);
    hit(out, "value-from-range-through-" + std::to_string(k3) + (k3 == 1 ? "-op" : "-ops"), kValid);
  }
}

/// Where statement k of `kind` is placed: against its own ranges, its users' loops, and (a load)
/// the stores into its version.
void placement_cells(const std::vector<Stmt>& stmts, size_t k, const std::string& kd, const Loops& loops,
                     std::set<std::string>& out) {
  const Stmt& s = stmts[k];
  const size_t n = stmts.size();
  int loop = loops.loop_of[k];
  if (loop < 0) hit(out, kd + "-at-top", kValid);
  else if (s.open_ranges.contains(loops.range[loop])) hit(out, kd + "-in-its-innermost-range", kValid);
  else hit(out, kd + "-in-a-loop-it-does-not-use", kValid);
  for (size_t u = k + 1; u < n; ++u) {
    if (!loops.placed[u]) continue;
    bool uses = false;
    for (const uir::Operand& o : stmts[u].operands) uses = uses || o.ref == static_cast<int>(k);
    int ul = loops.loop_of[u];
    if (uses && ul >= 0 && ul != loop && (loop < 0 || loops.inside(ul, loop)))
      hit(out, kd + "-outside-an-inner-loop-using-it", kValid);
  }
  if (s.op == Op::Load && s.version >= 0)
    for (size_t t = 0; t < n; ++t)
      if (loops.placed[t] && stmts[t].op == Op::Store && stmts[t].version == s.version) {
        hit(out, pair_by_loops(loops, loop, loops.loop_of[t]), kValid);
        bool moved = loop >= 0 && !s.open_ranges.contains(loops.range[loop]);
        if (moved && loops.loop_of[t] == loop) hit(out, "load-moved-by-a-store-in-that-loop", kValid);
        if (moved && loops.loop_of[t] != loop && loops.loop_of[t] >= 0 && loops.inside(loops.loop_of[t], loop))
          hit(out, "load-moved-by-a-store-nested-deeper", kValid);
      }
}

void valid_cells(const uir::Compiled& c, std::set<std::string>& out) {
  const std::vector<Stmt>& stmts = c.program.stmts;
  Loops loops = loops_of(c);
  loop_cells(stmts, loops, out);
  end_cells(c, out);
  std::vector<int32_t> end_of = ends_of_ranges(stmts);
  std::vector<int> ops_from_range(stmts.size(), 0);
  for (size_t k = 0; k < stmts.size(); ++k) {
    if (!loops.placed[k]) continue;
    enclosure_cells(stmts, k, loops, end_of, out);
    value_from_range_cells(stmts, k, ops_from_range, out);
    if (const char* kind = kind_of(stmts[k])) placement_cells(stmts, k, kind, loops, out);
  }
}

}  // namespace

const std::vector<ShapeRow>& shape_table() {
  static const std::vector<ShapeRow> rows = make_table();
  return rows;
}

std::vector<std::string> all_shape_cells() {
  std::vector<std::string> out;
  for (const ShapeRow& row : shape_table())
    for (const std::string& outcome : row.outcomes) out.push_back(cell(row.id, outcome));
  return out;
}

std::set<std::string> shape_cells_of(const uir::Compiled& compiled) {
  std::set<std::string> out;
  if (compiled.error) invalid_cells(compiled, out);
  else valid_cells(compiled, out);
  return out;
}

}  // namespace uirgrade
