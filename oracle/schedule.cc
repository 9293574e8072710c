// The book's scheduler (§5.6), over places instead of scope tuples. Ready statements wait in a
// min-heap per place, keyed by file position, so statements at one place come out in file order.
// Each round, with `cur` the innermost open loop:
//   1. emit: the first ready statement placed at cur (hoisting: everything that can run here runs
//      before any loop opens);
//   2. open: the next loop inside cur, in the order loop_order.cc computed (the sibling rule, decided
//      once instead of by a scan of the pending statements at every open);
//   3. close: cur's end, once it is ready (then everything inside cur has been emitted).
// A store waits for the loads of the version it overwrites as if they were operands.
#include "oracle/schedule.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <set>

#include <fmt/format.h>

namespace uir {
namespace {

class Scheduler {
 public:
  Scheduler(const Program& program, const LoopTree& tree, const std::vector<bool>& live, const Users& users,
            const Placement& placement, const LoopOrder& order, std::vector<Placed>* items)
      : stmts_(program.stmts), tree_(tree), live_(live), placement_(placement), order_(order),
        items_(items), users_(users), store_after_load_(stmts_.size(), -1),
        waiting_(stmts_.size(), 0), ready_(stmts_.size(), false), heaps_(stmts_.size() + 1),
        done_(stmts_.size(), false), next_child_(stmts_.size() + 1, 0) {
    for (size_t s = 0; s < stmts_.size(); ++s) {
      if (!live_[s]) continue;
      ++pending_;
      for (int32_t u : users_.of(static_cast<int32_t>(s))) ++waiting_[u];
    }
    for (auto [load, store] : placement_.load_edges) store_after_load_[load] = store, ++waiting_[store];
    for (size_t v = 0; v < stmts_.size(); ++v)
      if (live_[v] && waiting_[v] == 0) make_ready(static_cast<int32_t>(v));
  }

  std::optional<Error> run(bool nest_into_siblings) {
    while (pending_ > 0) {
      int32_t cur = stack_.empty() ? kTopLevel : stack_.back();
      if (emit_at(cur) || open_next(cur) || close(cur)) continue;
      if (nest_into_siblings && (emit_outside() || open_any_sibling())) continue;
      return stuck();
    }
    return std::nullopt;
  }

 private:
  void make_ready(int32_t s) {
    if (stmts_[s].op == Op::Range || stmts_[s].op == Op::End) {
      ready_[s] = true;
      if (stmts_[s].op == Op::Range) ready_ranges_.insert(s);
    } else {
      heaps_[placement_.place[s] + 1].push(s);
    }
  }
  void emit(int32_t s, Step step) {
    if (step == Step::Open) stack_.push_back(s), ready_ranges_.erase(s);
    if (step == Step::Close) stack_.pop_back();
    items_->push_back({s, step, static_cast<int>(stack_.size())});
    done_[s] = true;
    --pending_;
    for (int32_t u : users_.of(s))
      if (--waiting_[u] == 0) make_ready(u);
    int32_t store = store_after_load_[s];
    if (store >= 0 && --waiting_[store] == 0) make_ready(store);
  }

  // Step 1.
  bool emit_at(int32_t place) {
    auto& heap = heaps_[place + 1];
    if (heap.empty()) return false;
    int32_t s = heap.top();
    heap.pop();
    emit(s, Step::Emit);
    return true;
  }
  // Step 2.
  bool open_next(int32_t cur) {
    const std::vector<int32_t>& inside = order_.inside(cur);
    size_t& next = next_child_[cur + 1];
    while (next < inside.size() && done_[inside[next]]) ++next;  // subset-scope opens out of turn
    if (next == inside.size() || !ready_[inside[next]]) return false;
    emit(inside[next++], Step::Open);
    return true;
  }
  // Step 3.
  bool close(int32_t cur) {
    if (cur == kTopLevel) return false;
    int32_t end = tree_.end_of[cur];
    if (end < 0 || !ready_[end]) return false;
    emit(end, Step::Close);
    return true;
  }

  // With nest_into_siblings (the book's attempt (b): a statement is "legal" when its loops are a subset
  // of the open ones): emit a ready statement of an enclosing place, innermost first.
  bool emit_outside() {
    for (size_t k = stack_.size(); k-- > 0;)
      if (emit_at(k == 0 ? kTopLevel : stack_[k - 1])) return true;
    return false;
  }
  // ... or open a ready loop whose parent is open, inside the current loop.
  bool open_any_sibling() {
    for (int32_t r : ready_ranges_) {
      bool parent_open = tree_.parent[r] == kTopLevel ||
                         std::find(stack_.begin(), stack_.end(), tree_.parent[r]) != stack_.end();
      if (parent_open) {
        emit(r, Step::Open);
        return true;
      }
    }
    return false;
  }

  Error stuck() const {
    std::string open, waiting;
    for (int32_t r : stack_) open += (open.empty() ? "" : ", ") + stmts_[r].name;
    int32_t first = -1;
    int shown = 0;
    for (size_t s = 0; s < stmts_.size() && shown < 5; ++s) {
      if (!live_[s] || done_[s]) continue;
      if (first < 0) first = static_cast<int32_t>(s);
      waiting += fmt::format("{}line {}", shown++ ? ", " : "", stmts_[s].line);
    }
    const Stmt& at = stmts_[first];
    return Error{Rule::Nest, at.line, at.column, 1,
                 fmt::format("can't schedule; open loops [{}], stuck at [{}]", open, waiting)};
  }

  const std::vector<Stmt>& stmts_;
  const LoopTree& tree_;
  const std::vector<bool>& live_;
  const Placement& placement_;
  const LoopOrder& order_;
  std::vector<Placed>* items_;
  const Users& users_;
  std::vector<int32_t> store_after_load_;  // per live load: the store that must wait for it, or -1
  std::vector<int> waiting_;
  std::vector<bool> ready_;  // ranges and ends whose operands have all been emitted
  std::vector<std::priority_queue<int32_t, std::vector<int32_t>, std::greater<int32_t>>> heaps_;
  std::vector<bool> done_;      // emitted (for a range: opened)
  std::vector<size_t> next_child_;  // per place: the next of its loops to open
  std::set<int32_t> ready_ranges_;  // ready and not opened yet (for subset-scope)
  std::vector<int32_t> stack_;
  size_t pending_ = 0;
};

}  // namespace

std::optional<Error> schedule(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                              const Users& users, const Placement& placement, const LoopOrder& order,
                              bool nest_into_siblings, std::vector<Placed>* items) {
  items->clear();
  Scheduler scheduler(program, tree, live, users, placement, order, items);
  return scheduler.run(nest_into_siblings);
}

}  // namespace uir
