// Sibling order as a graph problem (book §5.5 attempt d, §5.6 step 2, made exact).
//
// Inside one place (the top level, or one loop's body) the things to order are the statements placed
// there and the loops directly inside it, each loop standing for its whole body and its end. Every
// dependency u -> v of live statements, and every load -> store edge, is lifted to the innermost place
// holding both ends, where it becomes an edge between the two items that hold u and v there. A loop
// can only be left through its end, so a dependency on anything computed in sibling loop B is a read
// through B's end, exactly the book's sibling rule; a load edge counts the same way (spec §5.3).
//
// The items of all places form one graph. Kahn's algorithm, taking statements before loops and loops
// by range line, gives each place's loop order: the book's scheduler opens a loop only when nothing at
// the current place is ready, and then the first loop (by range line) that no other pending loop must
// precede. Without load edges the graph has no cycle (every statement inside a loop feeds its end,
// and ends come later in the file); a cycle therefore comes from load edges, and a binary search over
// how many of them (in file order) are added finds the first load whose edge cannot be kept.
// Each check is linear, so the whole is O(n log n); the scheduler's step 2 then needs no scan.
#include "oracle/loop_order.h"

#include <algorithm>
#include <functional>
#include <queue>

#include <fmt/format.h>

namespace uir {
namespace {

struct Edge {
  int32_t from;
  int32_t to;
};

class Lifter {
 public:
  Lifter(const Program& program, const LoopTree& tree, const Placement& placement)
      : stmts_(program.stmts), tree_(tree), placement_(placement) {}

  /// The edge between the items holding u and v in the innermost place holding both; none when u
  /// and v are parts of one item (a loop's range or end and its body).
  std::optional<Edge> lift(int32_t u, int32_t v) const {
    int32_t qu = seen_at(u), qv = seen_at(v);
    int32_t place = tree_.common(qu, qv);
    int32_t a = item_in(u, qu, place), b = item_in(v, qv, place);
    if (a < 0 || b < 0 || a == b) return std::nullopt;
    return Edge{a, b};
  }

 private:
  /// A range and its end are seen inside their own loop; everything else at its place.
  int32_t seen_at(int32_t s) const {
    if (stmts_[s].op == Op::Range) return s;
    if (stmts_[s].op == Op::End) return stmts_[s].operands.back().ref;
    return placement_.place[s];
  }
  /// The item standing for s in `place` (which holds seen_at(s)); -1 for the range or end of `place`.
  int32_t item_in(int32_t s, int32_t seen, int32_t place) const {
    if (seen != place) return tree_.child_toward(place, seen);
    return stmts_[s].op == Op::Range || stmts_[s].op == Op::End ? -1 : s;
  }

  const std::vector<Stmt>& stmts_;
  const LoopTree& tree_;
  const Placement& placement_;
};

/// Kahn's algorithm over the items with `edges`: statements first, then loops by range line. Returns
/// the items in that order; fewer than all when the edges have a cycle.
std::vector<int32_t> kahn(const std::vector<Stmt>& stmts, const std::vector<bool>& is_item,
                          const std::vector<Edge>& edges, size_t edge_count) {
  size_t n = stmts.size();
  std::vector<int32_t> first(n + 1, 0), targets(edge_count), waiting(n, 0);
  for (size_t k = 0; k < edge_count; ++k) ++first[edges[k].from + 1], ++waiting[edges[k].to];
  for (size_t k = 0; k < n; ++k) first[k + 1] += first[k];
  std::vector<int32_t> fill(first.begin(), first.end() - 1);
  for (size_t k = 0; k < edge_count; ++k) targets[fill[edges[k].from]++] = edges[k].to;

  // Key: (is a loop, index), smallest first.
  auto key = [&](int32_t s) { return (int64_t{stmts[s].op == Op::Range} << 32) | s; };
  std::priority_queue<int64_t, std::vector<int64_t>, std::greater<int64_t>> ready;
  for (size_t k = 0; k < n; ++k)
    if (is_item[k] && waiting[k] == 0) ready.push(key(static_cast<int32_t>(k)));
  std::vector<int32_t> order;
  while (!ready.empty()) {
    int32_t s = static_cast<int32_t>(ready.top() & 0xffffffff);
    ready.pop();
    order.push_back(s);
    for (int32_t k = first[s]; k < first[s + 1]; ++k)
      if (--waiting[targets[k]] == 0) ready.push(key(targets[k]));
  }
  return order;
}

/// Whether `load` depends on `store` through operands.
bool depends_on(const std::vector<Stmt>& stmts, int32_t load, int32_t store) {
  std::vector<bool> seen(stmts.size(), false);
  std::vector<int32_t> todo = {load};
  while (!todo.empty()) {
    int32_t s = todo.back();
    todo.pop_back();
    if (s == store) return true;
    for (const Operand& operand : stmts[s].operands)
      if (operand.kind == Operand::Kind::Ref && operand.ref >= store && !seen[operand.ref])
        seen[operand.ref] = true, todo.push_back(operand.ref);
  }
  return false;
}

Error load_order_error(const Program& program, int32_t load, int32_t store) {
  const Stmt& ld = program.stmts[load];
  const Stmt& st = program.stmts[store];
  std::string message =
      depends_on(program.stmts, load, store)
          ? fmt::format("load {} depends on the store {} (line {}) that overwrites the version it reads",
                        ld.name, st.name, st.line)
          : fmt::format("load {} must run before the store {} (line {}) that overwrites the version it "
                        "reads, but no order of the loops keeps that together with what the loops read "
                        "and the loads before it",
                        ld.name, st.name, st.line);
  return Error{Rule::LoadOrder, ld.line, ld.column, static_cast<int>(ld.name.size()), message};
}

}  // namespace

std::optional<Error> order_loops(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                                 const Placement& placement, const OracleVariant& variant, LoopOrder* out) {
  const std::vector<Stmt>& stmts = program.stmts;
  size_t n = stmts.size();
  Lifter lifter(program, tree, placement);
  std::vector<bool> is_item(n, false);
  std::vector<Edge> edges;
  for (size_t v = 0; v < n; ++v) {
    if (!live[v]) continue;
    is_item[v] = stmts[v].op != Op::End;
    for (const Operand& operand : stmts[v].operands)
      if (operand.kind == Operand::Kind::Ref && operand.ref >= 0)
        if (auto edge = lifter.lift(operand.ref, static_cast<int32_t>(v))) edges.push_back(*edge);
  }
  size_t base = edges.size();
  std::vector<size_t> edges_after_load;  // per load edge: how many edges there are once it is added
  for (auto [load, store] : placement.load_edges) {
    if (auto edge = lifter.lift(load, store)) edges.push_back(*edge);
    edges_after_load.push_back(edges.size());
  }

  size_t items = static_cast<size_t>(std::count(is_item.begin(), is_item.end(), true));
  std::vector<int32_t> order = kahn(stmts, is_item, edges, edges.size());
  // A variant's preferred edges (statement before statement), kept when they leave an order.
  if (std::vector<std::pair<int32_t, int32_t>> preferred = variant.preferred_loop_edges(program, live); !preferred.empty()) {
    std::vector<Edge> with_preferred = edges;
    for (auto [before, after] : preferred)
      if (auto edge = lifter.lift(before, after)) with_preferred.push_back(*edge);
    std::vector<int32_t> preferred_order = kahn(stmts, is_item, with_preferred, with_preferred.size());
    if (preferred_order.size() == items) order = preferred_order;
  }
  if (order.size() < items) {
    std::vector<int32_t> base_order = kahn(stmts, is_item, edges, base);
    if (base_order.size() < items) {  // not reachable from a validated program (see above)
      std::vector<bool> done(n, false);
      for (int32_t s : base_order) done[s] = true;
      size_t stuck = 0;
      while (!is_item[stuck] || done[stuck]) ++stuck;
      return Error{Rule::Nest, stmts[stuck].line, stmts[stuck].column, 1,
                   fmt::format("can't schedule: {} waits on itself through its loops", stmts[stuck].name)};
    }
    // The smallest number of load edges that leaves no order.
    size_t lo = 0, hi = edges_after_load.size() - 1;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (kahn(stmts, is_item, edges, edges_after_load[mid]).size() < items) hi = mid;
      else lo = mid + 1;
    }
    return load_order_error(program, placement.load_edges[lo].first, placement.load_edges[lo].second);
  }

  out->children.assign(n + 1, {});
  variant.reorder_siblings(&order);
  for (int32_t s : order)
    if (stmts[s].op == Op::Range) out->children[tree.parent[s] + 1].push_back(s);
  return std::nullopt;
}

}  // namespace uir
