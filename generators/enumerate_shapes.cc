// The space is built as a product in a fixed order (forest, uses, twist, rotation, listing) and the
// walk visits index (start + i * stride) mod size, with start and an odd stride coprime with the size
// drawn from the seed: a permutation of the whole space, so a walk that runs to the end has seen
// every skeleton whatever the seed.
#include "generators/enumerate_shapes.h"

#include <fmt/format.h>

#include <numeric>

#include "oracle/oracle.h"
#include "oracle/seeded_random.h"
#include "testcase/shapes.h"

namespace uirgen {
namespace {

constexpr int kMaxLoops = 4;
constexpr int kMaxDepth = 3;

/// Every ordered forest of up to kMaxLoops loops, kMaxDepth deep, as parent arrays in pre-order.
void forests(std::vector<int>& parent, std::vector<std::vector<int>>& out) {
  if (!parent.empty()) out.push_back(parent);
  if (parent.size() == static_cast<size_t>(kMaxLoops)) return;
  // In pre-order the next loop's parent is on the path from the top to the last loop, or none.
  std::vector<int> path = {-1};
  if (!parent.empty())
    for (int p = static_cast<int>(parent.size()) - 1; p >= 0; p = parent[p]) path.push_back(p);
  for (int p : path) {
    int depth = 1;
    for (int q = p; q >= 0; q = parent[q]) ++depth;
    if (depth > kMaxDepth) continue;
    parent.push_back(p);
    forests(parent, out);
    parent.pop_back();
  }
}

/// Every choice, per loop, of the ancestors its store uses (it always uses its own range).
void uses_of(const std::vector<int>& parent, size_t l, std::vector<unsigned>& uses,
             std::vector<std::vector<unsigned>>& out) {
  if (l == parent.size()) return out.push_back(uses);
  std::vector<int> ancestors;
  for (int p = parent[l]; p >= 0; p = parent[p]) ancestors.push_back(p);
  for (unsigned subset = 0; subset < (1u << ancestors.size()); ++subset) {
    unsigned u = 1u << l;
    for (size_t k = 0; k < ancestors.size(); ++k)
      if (subset & (1u << k)) u |= 1u << ancestors[k];
    uses.push_back(u);
    uses_of(parent, l + 1, uses, out);
    uses.pop_back();
  }
}

struct TwistAt {
  Twist twist;
  int a, b;
};

std::vector<TwistAt> twists_for(int loops) {
  std::vector<TwistAt> out = {{Twist::None, -1, -1}, {Twist::TopStore, -1, -1}};
  for (int a = 0; a < loops; ++a) {
    for (Twist t : {Twist::OwnStoreUnused, Twist::TopStore, Twist::SecondStore, Twist::ResetInLoop, Twist::Fork,
                    Twist::AfterWrongBuffer, Twist::DeadStore, Twist::BoundFromParent, Twist::AssertInLoop,
                    Twist::EndTwice})
      out.push_back({t, a, -1});
    for (int b = -1; b < loops; ++b) {
      out.push_back({Twist::LoadConstant, a, b});
      out.push_back({Twist::LoadOwnIndex, a, b});
      if (b >= 0 && b != a) {
        out.push_back({Twist::ShareVersion, a, b});
        out.push_back({Twist::LoadBoth, a, b});
        out.push_back({Twist::ResetForChild, a, b});
      }
    }
  }
  return out;
}

/// What the oracle does with a program, for telling duplicates apart: the rule and the text of the
/// statement it reports, or the linear list's shape (each step, and the op of each statement).
std::string what_the_oracle_does(const uir::Compiled& compiled, const std::string& text) {
  if (compiled.error) {
    size_t at = 0;
    for (int line = 1; line < compiled.error->line && at != std::string::npos; ++line) at = text.find('\n', at) + 1;
    return std::string(uir::rule_info(compiled.error->rule).id) + " at " + text.substr(at, text.find('\n', at) - at);
  }
  std::string shape;
  for (const uir::Placed& item : compiled.linear.items)
    shape += item.step == uir::Step::Open    ? std::string("(")
             : item.step == uir::Step::Close ? std::string(")")
                                             : " " + std::string(uir::op_info(compiled.program.stmts[item.stmt].op).spelling);
  return shape;
}

}  // namespace

std::vector<Skeleton> all_skeletons() {
  std::vector<std::vector<int>> all_forests;
  std::vector<int> parent;
  forests(parent, all_forests);
  std::vector<Skeleton> out;
  for (const std::vector<int>& forest : all_forests) {
    std::vector<std::vector<unsigned>> all_uses;
    std::vector<unsigned> uses;
    uses_of(forest, 0, uses, all_uses);
    std::vector<TwistAt> twists = twists_for(static_cast<int>(forest.size()));
    for (const std::vector<unsigned>& u : all_uses)
      for (const TwistAt& t : twists)
        for (int rotation = 0; rotation < 3; ++rotation)
          for (bool by_use : {false, true}) {
            Skeleton s;
            s.parent = forest;
            s.uses = u;
            s.twist = t.twist;
            s.a = t.a;
            s.b = t.b;
            s.rotation = rotation;
            s.ends_by_use = by_use;
            // The choices that change no nest: cycled with the index rather than multiplied.
            size_t k = out.size();
            s.value_ops = 1 + static_cast<int>(k % 3);
            s.afters_only_when_complete = (k / 3) % 2 == 1;
            s.body_after_children = (k / 5) % 2 == 1;
            out.push_back(std::move(s));
          }
  }
  return out;
}

ShapeEnumeration enumerate_shape_programs(uint64_t seed, int max_programs, int per_cell) {
  static const std::vector<Skeleton> space = all_skeletons();
  ShapeEnumeration result;
  result.skeletons = static_cast<int>(space.size());
  for (const std::string& c : uirgrade::all_shape_cells()) result.hits[c] = 0;
  if (space.empty() || max_programs <= 0) return result;
  const uint64_t size = space.size();
  uint64_t start = uir::derive_seed(seed, 7, 0) % size;
  uint64_t stride = (uir::derive_seed(seed, 7, 1) % size) | 1;
  while (std::gcd(stride, size) != 1) stride += 2;
  int cells_short = static_cast<int>(result.hits.size());
  std::set<std::string> signatures;
  for (uint64_t i = 0; i < size && cells_short > 0; ++i) {
    uint64_t index = (start + i * stride) % size;
    ++result.walked;
    std::string body = skeleton_text(space[index]);
    if (body.empty()) continue;
    std::string text = fmt::format("# uirgen-shapes: seed={} skeleton={} {}\n", seed, index, describe(space[index])) + body;
    uir::Compiled compiled = uir::compile("shape.uir", text);
    std::set<std::string> cells = uirgrade::shape_cells_of(compiled);
    bool adds = false;
    for (const std::string& c : cells) adds = adds || result.hits[c] < per_cell;
    if (!adds) continue;
    std::string signature = what_the_oracle_does(compiled, text);
    for (const std::string& c : cells) signature += "|" + c;
    if (!signatures.insert(signature).second) continue;
    for (const std::string& c : cells)
      if (++result.hits[c] == per_cell) --cells_short;
    ShapeProgram program{text, cells, std::nullopt, 0};
    if (compiled.error) {
      program.rule = compiled.error->rule;
      program.line = compiled.error->line;
    }
    result.kept.push_back(std::move(program));
  }
  // A program kept early for a cell that later ones hit twice over is redundant: drop it, the
  // earliest first (the walk keeps the first programs for any cell at all).
  std::vector<ShapeProgram> needed;
  for (ShapeProgram& program : result.kept) {
    bool redundant = true;
    for (const std::string& c : program.cells) redundant = redundant && result.hits[c] > per_cell;
    if (!redundant) {
      needed.push_back(std::move(program));
      continue;
    }
    for (const std::string& c : program.cells) --result.hits[c];
  }
  // Past the cap, the last kept go (with their hits).
  while (static_cast<int>(needed.size()) > max_programs) {
    for (const std::string& c : needed.back().cells) --result.hits[c];
    needed.pop_back();
  }
  result.kept = std::move(needed);
  return result;
}

}  // namespace uirgen
