// gcc's own call graph of the rendered C (`-fcallgraph-info`, one VCG file per object): the render
// rule "no recursion" (spec §6.2) checked on what the compiler compiled, so that no macro hides a
// call, and calls through function pointers (gcc's `__indirect_call` node) are refused outright:
// a kernel never needs one, and one can make a cycle no text check sees.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grader/render/render_check.h"

namespace uirgrade {

struct CallGraph {
  struct Function {
    std::string id;    // the node's title: "kernel", or "kernel.c:helper" for a static function
    std::string name;  // "helper"
    int line = 0;      // where it is defined
  };
  struct Call {
    std::string from, to;  // node titles; `to` is "__indirect_call" for a call through a pointer
    int line = 0;          // where the call is
  };
  std::vector<Function> functions;  // defined in the file
  std::vector<Call> calls;
};

/// Reads a `.ci` file as gcc 10+ writes it; unknown lines are skipped.
CallGraph parse_call_graph(std::string_view vcg);

/// The first (by line) indirect call, call to `main`, or cycle among the file's functions
/// (recursion, mutual recursion included); `c` is the source the lines point into.
std::optional<ForbiddenConstruct> find_forbidden_call(const CallGraph& graph, std::string_view c);

/// The render rules on what the compiler compiled (spec §6.2): the preprocessed unit's forbidden
/// words and function addresses (find_forbidden_in_preprocessed), then the call graph's forbidden
/// calls; the one at the first line. `c` is the student's text.
std::optional<ForbiddenConstruct> find_forbidden_in_compiled(std::string_view preprocessed, std::string_view vcg,
                                                             std::string_view c);

}  // namespace uirgrade
