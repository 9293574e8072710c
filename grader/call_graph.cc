// The VCG that gcc writes: `node: { title: "T" label: "NAME\nFILE:LINE:COL" ... }` for each function
// defined in the file, `edge: { sourcename: "S" targetname: "T" label: "FILE:LINE:COL" }` for each
// call. Only the fields read here are parsed; a title or label never contains a quote.
#include "grader/call_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace uirgrade {
namespace {

/// The quoted value after `field: "` in `line`, or empty.
std::string field(std::string_view line, std::string_view name) {
  const std::string key = std::string(name) + ": \"";
  size_t start = line.find(key);
  if (start == std::string_view::npos) return "";
  start += key.size();
  size_t end = line.find('"', start);
  return std::string(line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
}

/// The line of "FILE:LINE:COL" (the part after the last `\n` of a node's label).
int line_of_location(std::string_view location) {
  size_t last = location.rfind(':');
  if (last == std::string_view::npos || last == 0) return 0;
  size_t before = location.rfind(':', last - 1);
  if (before == std::string_view::npos) return 0;
  int line = 0;
  for (char ch : location.substr(before + 1, last - before - 1)) {
    if (ch < '0' || ch > '9') return 0;
    line = line * 10 + (ch - '0');
  }
  return line;
}

std::string source_line(std::string_view c, int line) {
  size_t start = 0;
  for (int l = 1; l < line && start != std::string_view::npos; ++l) {
    start = c.find('\n', start);
    if (start != std::string_view::npos) ++start;
  }
  if (start == std::string_view::npos || start > c.size()) return "";
  std::string_view rest = c.substr(start);
  return std::string(rest.substr(0, rest.find('\n')));
}

}  // namespace

CallGraph parse_call_graph(std::string_view vcg) {
  CallGraph graph;
  size_t pos = 0;
  while (pos < vcg.size()) {
    size_t end = vcg.find('\n', pos);
    if (end == std::string_view::npos) end = vcg.size();
    std::string_view line = vcg.substr(pos, end - pos);
    pos = end + 1;
    if (line.starts_with("node:")) {
      std::string id = field(line, "title");
      if (id.empty() || id == "__indirect_call") continue;
      std::string label = field(line, "label");
      size_t newline = label.find("\\n");
      graph.functions.push_back({id, label.substr(0, newline),
                                 newline == std::string::npos ? 0 : line_of_location(label.substr(newline + 2))});
    } else if (line.starts_with("edge:")) {
      graph.calls.push_back({field(line, "sourcename"), field(line, "targetname"), line_of_location(field(line, "label"))});
    }
  }
  return graph;
}

std::optional<ForbiddenConstruct> find_forbidden_call(const CallGraph& graph, std::string_view c) {
  std::map<std::string, std::string> names;  // node title -> function name
  for (const CallGraph::Function& function : graph.functions) names[function.id] = function.name;
  auto name_of = [&](const std::string& id) {
    auto it = names.find(id);
    return it == names.end() ? id : it->second;
  };
  std::optional<ForbiddenConstruct> first;
  auto consider = [&](std::string what, int line) {
    if (!first || line < first->line) first = ForbiddenConstruct{std::move(what), line, source_line(c, line)};
  };

  std::map<std::string, std::vector<const CallGraph::Call*>> out_calls;
  for (const CallGraph::Call& call : graph.calls) {
    if (call.to == "__indirect_call")
      consider(fmt::format("an indirect call (through a function pointer) in {}", name_of(call.from)), call.line);
    else if (name_of(call.to) == "main")  // the driver's main calls the kernel
      consider(fmt::format("recursion ({} -> main -> kernel)", name_of(call.from)), call.line);
    else
      out_calls[call.from].push_back(&call);
  }

  // A cycle: one iterative depth-first search over every function (a rendered file may be large);
  // a call to a function still on the search path closes a cycle, reported from that function.
  enum class Colour { Unseen, OnPath, Done };
  std::map<std::string, Colour> colour;
  for (const CallGraph::Function& root : graph.functions) {
    if (colour[root.id] != Colour::Unseen) continue;
    std::vector<std::pair<std::string, size_t>> stack = {{root.id, 0}};  // (function, next out-call)
    colour[root.id] = Colour::OnPath;
    while (!stack.empty()) {
      const std::string node = stack.back().first;
      const auto& calls = out_calls[node];
      if (stack.back().second == calls.size()) {
        colour[node] = Colour::Done;
        stack.pop_back();
        continue;
      }
      const CallGraph::Call* call = calls[stack.back().second++];
      if (!names.contains(call->to)) continue;  // a library function
      Colour& seen = colour[call->to];
      if (seen == Colour::OnPath) {
        std::string chain;
        bool in_cycle = false;
        for (const auto& [function, next] : stack) {
          in_cycle = in_cycle || function == call->to;
          if (in_cycle) chain += name_of(function) + " -> ";
        }
        consider(fmt::format("recursion ({}{})", chain, name_of(call->to)), call->line);
      } else if (seen == Colour::Unseen) {
        seen = Colour::OnPath;
        stack.push_back({call->to, 0});
      }
    }
  }
  return first;
}

std::optional<ForbiddenConstruct> find_forbidden_in_compiled(std::string_view preprocessed, std::string_view vcg,
                                                             std::string_view c) {
  CallGraph graph = parse_call_graph(vcg);
  std::set<std::string> functions;
  for (const CallGraph::Function& function : graph.functions) functions.insert(function.name);
  std::optional<ForbiddenConstruct> in_text = find_forbidden_in_preprocessed(preprocessed, c, functions);
  std::optional<ForbiddenConstruct> in_calls = find_forbidden_call(graph, c);
  if (in_text && (!in_calls || in_text->line <= in_calls->line)) return in_text;
  return in_calls;
}

}  // namespace uirgrade
