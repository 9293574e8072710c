// The writer emits the loops in pre-order (a loop's range, its own statements before or after its
// nested loops, its end), so a skeleton's text is a function of the skeleton alone. Which end lists a
// loop's end is decided bottom-up from the ranges each end has open, as spec §5.1 nests loops; the
// after that makes a buffer an output follows the end of the outermost loop of its nest.
#include "generators/shape_skeleton.h"

#include <fmt/format.h>

#include <algorithm>

namespace uirgen {
namespace {

constexpr int kElements = 12;  // every loop buffer: 3 * 2 * 2, the largest flat index space

int bound_at(int depth) { return depth == 1 ? 3 : 2; }

class Writer {
 public:
  explicit Writer(const Skeleton& s) : s_(s), n_(static_cast<int>(s.parent.size())) {}

  std::string write() {
    if (!applies()) return "";
    compute_lists();
    line("%in = buffer {} dtype=i32 slot=0", kElements);
    for (int l = 0; l < n_; ++l) line("%b{} = buffer {} dtype=i32 slot={}", l, kElements, l + 1);
    if (s_.twist == Twist::DeadStore) line("%dead = buffer {} dtype=i32 slot=10", kElements);
    if (s_.twist == Twist::TopStore) {
      if (s_.a < 0) line("%top = buffer 1 dtype=i32 slot=9");
      line("%tv = shrink {} 0 shape=[]", s_.a < 0 ? std::string("%top") : fmt::format("%b{}", s_.a));
      line("%ts = store %tv 7");
      if (s_.a < 0) line("%top.out = after %top %ts");
    }
    for (int l = 0; l < n_; ++l)
      if (s_.parent[l] < 0) loop(l);
    return failed_ ? "" : text_;
  }

 private:
  template <typename... Args>
  void line(fmt::format_string<Args...> format, Args&&... args) {
    text_ += fmt::format(format, std::forward<Args>(args)...);
    text_ += '\n';
  }

  bool is(Twist t, int loop) const { return s_.twist == t && s_.a == loop; }

  /// Whether the twist's loops exist and fit it.
  bool applies() const {
    auto loop_ok = [&](int l) { return l >= 0 && l < n_; };
    switch (s_.twist) {
      case Twist::None: return true;
      case Twist::TopStore: return s_.a < 0 || loop_ok(s_.a);
      case Twist::ShareVersion: return loop_ok(s_.a) && loop_ok(s_.b) && s_.a != s_.b;
      case Twist::LoadConstant: case Twist::LoadOwnIndex: return loop_ok(s_.a) && (s_.b < 0 || loop_ok(s_.b));
      case Twist::LoadBoth: return loop_ok(s_.a) && loop_ok(s_.b) && root_of_tree(s_.a) != root_of_tree(s_.b);
      case Twist::ResetForChild: return loop_ok(s_.a) && loop_ok(s_.b) && s_.parent[s_.b] == s_.a;
      case Twist::BoundFromParent: return loop_ok(s_.a) && s_.parent[s_.a] >= 0;
      default: return loop_ok(s_.a);
    }
  }

  int root_of_tree(int l) const {
    while (s_.parent[l] >= 0) l = s_.parent[l];
    return l;
  }

  bool has_main_store(int l) const { return !is(Twist::ResetForChild, l); }

  /// The ranges (as loop bits) loop l's store uses.
  unsigned store_uses(int l) const {
    unsigned u = s_.uses[l];
    if (is(Twist::OwnStoreUnused, l)) u &= ~(1u << l);
    return u;
  }
  /// The ranges its store has open: its own, and a reset version's when it stores into one.
  unsigned store_ranges(int l) const {
    unsigned u = store_uses(l);
    if (s_.twist == Twist::ResetForChild && s_.b == l) u |= store_uses(s_.a);
    return u;
  }

  void compute_lists() {
    open_.assign(n_, 0);
    listed_in_.assign(n_, -1);
    for (int l = n_; l-- > 0;) {  // pre-order backwards: every nested loop before its ancestors
      unsigned open = has_main_store(l) ? store_ranges(l) : 0;
      for (int c = l + 1; c < n_; ++c)
        if (listed_in_[c] == l) open |= open_[c];
      open_[l] = open & ~(1u << l);
      if (!s_.ends_by_use) {
        listed_in_[l] = s_.parent[l];
      } else {
        for (int p = s_.parent[l]; p >= 0; p = s_.parent[p])
          if (open_[l] & (1u << p)) { listed_in_[l] = p; break; }
      }
    }
  }

  int root_by_lists(int l) const {
    while (listed_in_[l] >= 0) l = listed_in_[l];
    return l;
  }

  /// The flat index of the ranges `uses` names, outer first: a name or a literal.
  std::string index(int l, unsigned uses) {
    std::vector<int> chain;
    for (int p = l; p >= 0; p = s_.parent[p]) chain.insert(chain.begin(), p);
    std::vector<std::pair<int, int>> terms;  // loop, stride
    int stride = 1;
    for (int k = static_cast<int>(chain.size()); k-- > 0;)
      if (uses & (1u << chain[k])) {
        terms.insert(terms.begin(), {chain[k], stride});
        stride *= bound_at(k + 1);
      }
    if (terms.empty()) return "0";
    std::string sum;
    for (size_t t = 0; t < terms.size(); ++t) {
      std::string term = fmt::format("%r{}", terms[t].first);
      if (terms[t].second > 1) {
        line("%m{}.{} = mul %r{} {}", l, t, terms[t].first, terms[t].second);
        term = fmt::format("%m{}.{}", l, t);
      }
      if (sum.empty()) {
        sum = term;
      } else {
        line("%x{}.{} = add {} {}", l, t, sum, term);
        sum = fmt::format("%x{}.{}", l, t);
      }
    }
    return sum;
  }

  void loop(int l) {
    int d = s_.depth(l);
    if (is(Twist::BoundFromParent, l)) {
      line("%n{} = add %r{} 2", l, s_.parent[l]);
      line("%r{} = range %n{}", l, l);
    } else {
      line("%r{} = range {}", l, bound_at(d));
    }
    bool after = s_.body_after_children && !is(Twist::ResetForChild, l);
    if (!after) body(l);
    for (int c = l + 1; c < n_; ++c)
      if (s_.parent[c] == l) loop(c);
    if (after) body(l);
    std::vector<std::string> effects;
    if (has_main_store(l)) effects.push_back(fmt::format("%s{}", l));
    for (int c = l + 1; c < n_; ++c)
      if (listed_in_[c] == l) effects.push_back(fmt::format("%e{}", c));
    if (effects.empty()) {
      failed_ = true;
      return;
    }
    std::rotate(effects.begin(), effects.begin() + s_.rotation % effects.size(), effects.end());
    std::string list;
    for (const std::string& e : effects) list += e + " ";
    line("%e{} = end {}%r{}", l, list, l);
    if (is(Twist::EndTwice, l)) line("%e{}.again = end {} %r{}", l, effects[0], l);
    if (listed_in_[l] < 0) outputs_after(l);
  }

  /// The afters that make the buffers stored in the nest of root loop `r` outputs.
  void outputs_after(int r) {
    for (int l = 0; l < n_; ++l) {
      if (root_by_lists(l) != r) continue;
      int target = l;  // the buffer l's store writes into
      if (s_.twist == Twist::ShareVersion && s_.b == l) target = s_.a;
      if (s_.twist == Twist::ResetForChild && s_.b == l) continue;  // its parent's buffer: the parent's after
      if (!has_main_store(l) && !(s_.twist == Twist::ResetForChild && s_.a == l)) continue;
      if (written_out_[target]) continue;
      unsigned ranges = s_.twist == Twist::ResetForChild && s_.a == l ? store_uses(l) : store_ranges(l);
      if (s_.afters_only_when_complete && !(ranges & (1u << r))) continue;
      written_out_[target] = true;
      line("%b{}.out = after %b{} %e{}", target, target, r);
    }
  }

  void body(int l) {
    std::string idx = index(l, store_uses(l));
    std::string value = idx;
    for (int k = 1; k <= s_.value_ops; ++k) {
      const char* op = k == 2 ? "mul" : "add";
      const char* by = k == 1 ? "1" : k == 2 ? "3" : "-2";
      line("%v{}.{} = {} {} {}", l, k, op, value, by);
      value = fmt::format("%v{}.{}", l, k);
    }
    // The loaded value's one use is the loop's value, so the load moves when the loop stores into
    // its version (spec §5.3). %in, which nothing stores into, is read through a value of its own
    // (computed where the load is: outside every loop).
    auto add_load = [&](const std::string& view_of, const std::string& at, const std::string& name) {
      line("%h{} = shrink {} {} shape=[]", name, view_of, at);
      line("%ld{} = load %h{}", name, name);
      std::string loaded = fmt::format("%ld{}", name);
      if (view_of == "%in") {
        line("%lp{} = mul %ld{} 2", name, name);
        loaded = fmt::format("%lp{}", name);
      }
      line("%y{} = add {} {}", name, value, loaded);
      value = fmt::format("%y{}", name);
    };
    std::string source = s_.b < 0 ? std::string("%in") : fmt::format("%b{}", s_.b);
    if (is(Twist::LoadConstant, l)) add_load(source, "0", std::to_string(l));
    if (is(Twist::LoadOwnIndex, l)) add_load(source, idx, std::to_string(l));
    if (is(Twist::LoadBoth, l)) {
      add_load(source, idx, std::to_string(l));  // in the loop: before the store it must precede
      add_load(source + ".out", "0", std::to_string(l) + "b");
    }
    if (is(Twist::AssertInLoop, l)) {
      line("%c{} = cmplt {} 100", l, idx);
      line("assert %c{}", l);
    }
    if (is(Twist::DeadStore, l)) {
      line("%dv{} = shrink %dead {} shape=[]", l, idx);
      line("%ds{} = store %dv{} {}", l, l, value);
    }
    bool reset = is(Twist::ResetInLoop, l) || is(Twist::Fork, l) || is(Twist::ResetForChild, l);
    if (reset) {
      line("%z{} = shrink %b{} {} shape=[]", l, l, idx);
      line("%rs{} = store %z{} 0", l, l);
      line("%b{}.r = after %b{} %rs{}", l, l, l);
      if (is(Twist::Fork, l)) line("%b{}.f = after %b{} %rs{}", l, l, l);
    }
    if (!has_main_store(l)) return;
    std::string into = fmt::format("%b{}", l);
    if (reset) into += ".r";
    if (s_.twist == Twist::ShareVersion && s_.b == l) into = fmt::format("%b{}", s_.a);
    if (s_.twist == Twist::ResetForChild && s_.b == l) into = fmt::format("%b{}.r", s_.a);
    line("%w{} = shrink {} {} shape=[]", l, into, idx);
    line("%s{} = store %w{} {}", l, l, value);
    if (is(Twist::AfterWrongBuffer, l)) line("%aw{} = after %in %s{}", l, l);
    if (is(Twist::SecondStore, l)) line("%s{}.again = store %w{} 5", l, l);
  }

  const Skeleton& s_;
  int n_;
  std::string text_;
  bool failed_ = false;
  std::vector<unsigned> open_;    // per loop: the ranges its end has open
  std::vector<int> listed_in_;    // per loop: the loop whose end lists its end, -1 at the top
  std::vector<bool> written_out_ = std::vector<bool>(16, false);
};

const char* twist_name(Twist t) {
  switch (t) {
    case Twist::None: return "none";
    case Twist::OwnStoreUnused: return "own-store-unused";
    case Twist::TopStore: return "top-store";
    case Twist::ShareVersion: return "share-version";
    case Twist::SecondStore: return "second-store";
    case Twist::LoadConstant: return "load-constant";
    case Twist::LoadOwnIndex: return "load-own-index";
    case Twist::LoadBoth: return "load-both";
    case Twist::ResetInLoop: return "reset-in-loop";
    case Twist::ResetForChild: return "reset-for-child";
    case Twist::Fork: return "fork";
    case Twist::AfterWrongBuffer: return "after-wrong-buffer";
    case Twist::DeadStore: return "dead-store";
    case Twist::BoundFromParent: return "bound-from-parent";
    case Twist::AssertInLoop: return "assert-in-loop";
    case Twist::EndTwice: return "end-twice";
  }
  return "?";
}

}  // namespace

int Skeleton::depth(int loop) const {
  int d = 0;
  for (int p = loop; p >= 0; p = parent[p]) ++d;
  return d;
}

std::string skeleton_text(const Skeleton& skeleton) { return Writer(skeleton).write(); }

std::string describe(const Skeleton& s) {
  std::string parents, uses;
  for (size_t l = 0; l < s.parent.size(); ++l) {
    parents += fmt::format("{}{}", l ? "," : "", s.parent[l]);
    uses += fmt::format("{}{:x}", l ? "," : "", s.uses[l]);
  }
  return fmt::format("parents={} uses={} ops={} rotation={} ends_by_use={} complete_afters={} body_last={} twist={}({},{})",
                     parents, uses, s.value_ops, s.rotation, s.ends_by_use ? 1 : 0, s.afters_only_when_complete ? 1 : 0,
                     s.body_after_children ? 1 : 0, twist_name(s.twist), s.a, s.b);
}

}  // namespace uirgen
