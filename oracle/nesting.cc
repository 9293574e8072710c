// The loop tree (spec §5.1, the book's enc and loop_targets, §5.5 attempt d).
//
// "Ranges nest the way the ends do": range a encloses range r when a is among the open ranges of the
// end that closes r. The book derives this from numeric loop indices instead; here the ends are the
// only source. The enclosure graph is walked in topological order (Kahn), so every range is seen
// after all the ranges that enclose it; a range left over lies on a cycle or inside one, and the
// first one in file order that lies on a cycle encloses itself (E-NEST). For the others, the
// enclosing ranges must be one chain: the deepest of the direct enclosers becomes the parent, and
// every other direct encloser must be on the parent's chain. A range where that fails is marked
// broken, and so is everything inside it; this only becomes an error (E-NEST) when a live statement
// needs such a range, which `find_target` reports.
#include "oracle/nesting.h"

#include <deque>

#include <fmt/format.h>

namespace uir {
namespace {

Error error_at(const Stmt& stmt, std::string message) {
  return Error{Rule::Nest, stmt.line, stmt.column, static_cast<int>(std::max<size_t>(1, stmt.name.size())),
               std::move(message)};
}

/// The ranges directly enclosing range r: the open ranges of the end that closes r (none without one).
const RangeSet& direct_enclosers(const Program& program, const LoopTree& tree, int32_t r) {
  static const RangeSet none;
  return tree.end_of[r] < 0 ? none : program.stmts[tree.end_of[r]].open_ranges;
}

/// For a range that is not part of the topological order: a path r -> ... -> r through direct
/// enclosers, or empty when r only sits inside a cycle without being on one.
std::vector<int32_t> cycle_through(const Program& program, const LoopTree& tree, int32_t r) {
  constexpr int32_t kUnseen = -2;
  std::vector<int32_t> came_from(program.stmts.size(), kUnseen);
  std::deque<int32_t> todo = {r};
  while (!todo.empty()) {
    int32_t x = todo.front();
    todo.pop_front();
    for (int32_t d : direct_enclosers(program, tree, x)) {
      if (d == r) {
        std::vector<int32_t> path = {r};
        for (int32_t y = x; y != r; y = came_from[y]) path.insert(path.begin() + 1, y);
        path.push_back(r);
        return path;
      }
      if (came_from[d] == kUnseen) came_from[d] = x, todo.push_back(d);
    }
  }
  return {};
}

}  // namespace

bool LoopTree::contains(int32_t outer, int32_t inner) const {
  if (outer == kTopLevel) return true;
  while (inner != kTopLevel && level[inner] > level[outer]) inner = parent[inner];
  return inner == outer;
}

int32_t LoopTree::common(int32_t a, int32_t b) const {
  while (level_of(a) > level_of(b)) a = parent[a];
  while (level_of(b) > level_of(a)) b = parent[b];
  while (a != b) a = parent[a], b = parent[b];
  return a;
}

int32_t LoopTree::child_toward(int32_t outer, int32_t inner) const {
  while (parent[inner] != outer) inner = parent[inner];
  return inner;
}

std::optional<Error> build_loop_tree(const Program& program, LoopTree* tree) {
  const std::vector<Stmt>& stmts = program.stmts;
  size_t n = stmts.size();
  tree->parent.assign(n, kTopLevel);
  tree->level.assign(n, 0);
  tree->end_of.assign(n, -1);
  tree->broken.assign(n, false);
  for (size_t e = 0; e < n; ++e) {
    if (stmts[e].op != Op::End) continue;
    int32_t r = stmts[e].operands.back().ref;
    if (r >= 0 && stmts[r].op == Op::Range && tree->end_of[r] < 0) tree->end_of[r] = static_cast<int32_t>(e);
  }

  // Kahn over "d encloses r": a range is ready once every direct encloser has its place.
  std::vector<int> waiting(n, 0);
  std::vector<std::vector<int32_t>> enclosed(n);
  std::deque<int32_t> ready;
  for (size_t r = 0; r < n; ++r) {
    if (stmts[r].op != Op::Range) continue;
    for (int32_t d : direct_enclosers(program, *tree, static_cast<int32_t>(r))) {
      enclosed[d].push_back(static_cast<int32_t>(r));
      ++waiting[r];
    }
    if (waiting[r] == 0) ready.push_back(static_cast<int32_t>(r));
  }
  std::vector<bool> placed(n, false);
  while (!ready.empty()) {
    int32_t r = ready.front();
    ready.pop_front();
    placed[r] = true;
    int32_t deepest = kTopLevel;
    bool broken = false;
    const RangeSet& direct = direct_enclosers(program, *tree, r);
    for (int32_t d : direct) {
      broken = broken || tree->broken[d];
      if (tree->level_of(d) > tree->level_of(deepest)) deepest = d;
    }
    for (int32_t d : direct) broken = broken || !tree->contains(d, deepest);
    tree->parent[r] = deepest;
    tree->level[r] = tree->level_of(deepest) + 1;
    tree->broken[r] = broken;
    for (int32_t x : enclosed[r])
      if (--waiting[x] == 0) ready.push_back(x);
  }

  for (size_t r = 0; r < n; ++r) {
    if (stmts[r].op != Op::Range || placed[r]) continue;
    std::vector<int32_t> cycle = cycle_through(program, *tree, static_cast<int32_t>(r));
    if (cycle.empty()) continue;
    std::string why;
    for (size_t k = 0; k + 1 < cycle.size(); ++k) {
      const Stmt& inner = stmts[cycle[k]];
      why += fmt::format("{}the end of {} (line {}) has {} open", k ? ", " : "", inner.name,
                         stmts[tree->end_of[cycle[k]]].line, stmts[cycle[k + 1]].name);
    }
    return error_at(stmts[r], fmt::format("range {} encloses itself: {}", stmts[r].name, why));
  }
  return std::nullopt;
}

std::optional<Error> find_target(const Program& program, const LoopTree& tree, int32_t s,
                                 int32_t* target) {
  const Stmt& stmt = program.stmts[s];
  std::string who = stmt.name.empty() ? "this statement" : stmt.name;
  // Two loops of `loops` that no chain holds, named in the message.
  auto no_nest = [&](const RangeSet& loops, const std::string& needs) {
    for (int32_t a : loops)
      for (int32_t b : loops)
        if (!tree.contains(a, b) && !tree.contains(b, a))
          return error_at(stmt, fmt::format("no loop nest holds {}: {} {} and {}, and neither encloses "
                                            "the other (ranges nest the way the ends do)",
                                            who, needs, program.stmts[a].name, program.stmts[b].name));
    return error_at(stmt, fmt::format("no loop nest holds {}", who));
  };
  // A broken range: go out to the range whose own direct enclosers are the first that clash.
  auto broken_range = [&](int32_t r) {
    for (bool moved = true; moved;) {
      moved = false;
      for (int32_t d : direct_enclosers(program, tree, r))
        if (tree.broken[d]) { r = d; moved = true; break; }
    }
    return no_nest(direct_enclosers(program, tree, r),
                   fmt::format("range {} must sit inside", program.stmts[r].name));
  };
  if (stmt.op == Op::Range) {
    if (tree.broken[s]) return broken_range(s);
    *target = tree.parent[s];
    return std::nullopt;
  }
  int32_t deepest = kTopLevel;
  for (int32_t r : stmt.open_ranges) {
    if (tree.broken[r]) return broken_range(r);
    if (tree.level_of(r) > tree.level_of(deepest)) deepest = r;
  }
  for (int32_t r : stmt.open_ranges)
    if (!tree.contains(r, deepest)) return no_nest(stmt.open_ranges, "it needs");
  *target = deepest;
  return std::nullopt;
}

}  // namespace uir
