// Tarjan's strongly connected components with an explicit stack of (function, next call), then a
// breadth-first search inside the chosen component for the way back. Every step is O(functions +
// calls); nothing recurses.
#include "grader/render/call_cycles.h"

#include <algorithm>
#include <limits>

namespace uirgrade {
namespace {

constexpr size_t kNone = std::numeric_limits<size_t>::max();

/// The component of each function; functions in one component reach each other.
std::vector<size_t> strongly_connected_components(size_t n, const std::vector<size_t>& first_out,
                                                  const std::vector<size_t>& out) {
  std::vector<size_t> index(n, kNone), low(n, 0), component(n, kNone);
  std::vector<bool> on_stack(n, false);
  std::vector<size_t> tarjan_stack;
  std::vector<std::pair<size_t, size_t>> walk;  // (function, position of its next call in `out`)
  size_t next_index = 0, components = 0;
  for (size_t root = 0; root < n; ++root) {
    if (index[root] != kNone) continue;
    walk.push_back({root, first_out[root]});
    index[root] = low[root] = next_index++;
    tarjan_stack.push_back(root);
    on_stack[root] = true;
    while (!walk.empty()) {
      auto& [node, next] = walk.back();
      if (next < first_out[node + 1]) {
        const size_t callee = out[next++];
        if (index[callee] == kNone) {
          index[callee] = low[callee] = next_index++;
          tarjan_stack.push_back(callee);
          on_stack[callee] = true;
          walk.push_back({callee, first_out[callee]});
        } else if (on_stack[callee]) {
          low[node] = std::min(low[node], index[callee]);
        }
        continue;
      }
      const size_t done = node;
      walk.pop_back();
      if (!walk.empty()) low[walk.back().first] = std::min(low[walk.back().first], low[done]);
      if (low[done] != index[done]) continue;
      size_t member;
      do {
        member = tarjan_stack.back();
        tarjan_stack.pop_back();
        on_stack[member] = false;
        component[member] = components;
      } while (member != done);
      ++components;
    }
  }
  return component;
}

}  // namespace

std::optional<CallCycle> first_call_cycle(size_t functions, const std::vector<CallEdge>& calls) {
  // The calls grouped by caller (a counting sort): out[first_out[f] .. first_out[f + 1]).
  std::vector<size_t> first_out(functions + 1, 0), out(calls.size());
  for (const CallEdge& call : calls) ++first_out[call.from + 1];
  for (size_t f = 0; f < functions; ++f) first_out[f + 1] += first_out[f];
  std::vector<size_t> fill(first_out.begin(), first_out.end() - 1);
  for (const CallEdge& call : calls) out[fill[call.from]++] = call.to;
  const std::vector<size_t> component = strongly_connected_components(functions, first_out, out);

  // A call lies on a cycle when it stays inside one component (a call to itself included).
  const CallEdge* closing = nullptr;
  for (const CallEdge& call : calls)
    if (component[call.from] == component[call.to] && (!closing || call.line < closing->line)) closing = &call;
  if (!closing) return std::nullopt;

  // The way from the callee back to the caller inside their component, breadth first.
  CallCycle cycle;
  cycle.line = closing->line;
  std::vector<size_t> parent(functions, kNone);
  std::vector<size_t> queue = {closing->to};
  parent[closing->to] = closing->to;
  for (size_t head = 0; head < queue.size() && parent[closing->from] == kNone; ++head)
    for (size_t e = first_out[queue[head]]; e < first_out[queue[head] + 1]; ++e) {
      const size_t next = out[e];
      if (component[next] != component[closing->from] || parent[next] != kNone) continue;
      parent[next] = queue[head];
      queue.push_back(next);
    }
  for (size_t at = closing->from; at != closing->to; at = parent[at]) cycle.functions.push_back(at);
  cycle.functions.push_back(closing->to);
  std::reverse(cycle.functions.begin(), cycle.functions.end());  // to ... from
  // Written from the caller: from -> to -> ... -> from.
  cycle.functions.insert(cycle.functions.begin(), closing->from);
  return cycle;
}

}  // namespace uirgrade
