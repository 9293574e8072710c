// Recursion in a call graph (spec §6.2: a kernel has none), found in time linear in its functions
// and calls: the strongly connected components (Tarjan's algorithm, iterative, so that a chain of a
// hundred thousand helpers costs no stack), then one cycle through the earliest call that closes
// one. Both render checks use it: the text's call graph (render_check.cc) and gcc's (call_graph.cc).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace uirgrade {

struct CallEdge {
  size_t from = 0, to = 0;  // function indices
  int line = 0;             // where the call is (the order in which cycles are reported)
};

/// A cycle: the functions in call order, the first repeated at the end (`f g f`; `f f` for a
/// function that calls itself), and the line of the call that closes it at the first function.
struct CallCycle {
  std::vector<size_t> functions;
  int line = 0;
};

/// The cycle through the call with the smallest line among all calls that lie on a cycle, or
/// nullopt when the graph has none. `functions` is the number of functions; every edge's ends are
/// below it.
std::optional<CallCycle> first_call_cycle(size_t functions, const std::vector<CallEdge>& calls);

}  // namespace uirgrade
