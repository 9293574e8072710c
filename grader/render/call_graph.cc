// The VCG that gcc writes: `node: { title: "T" label: "NAME\nFILE:LINE:COL" ... }` for each function
// defined in the file, `edge: { sourcename: "S" targetname: "T" label: "FILE:LINE:COL" }` for each
// call. Only the fields read here are parsed; a title or label never contains a quote.
#include "grader/render/call_graph.h"

#include <fmt/format.h>

#include <set>
#include <unordered_map>

#include "grader/render/c_tokens.h"
#include "grader/render/call_cycles.h"

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
  std::unordered_map<std::string, size_t> index;  // node title -> function
  for (size_t f = 0; f < graph.functions.size(); ++f) index.emplace(graph.functions[f].id, f);
  auto name_of = [&](const std::string& id) {
    auto it = index.find(id);
    return it == index.end() ? id : graph.functions[it->second].name;
  };
  // The first finding by line; its source line is read once, at the end.
  std::optional<ForbiddenConstruct> first;
  auto consider = [&](std::string what, int line) {
    if (!first || line < first->line) first = ForbiddenConstruct{std::move(what), line, ""};
  };

  std::vector<CallEdge> calls;  // between the file's own functions
  for (const CallGraph::Call& call : graph.calls) {
    if (call.to == "__indirect_call") {
      consider(fmt::format("an indirect call (through a function pointer) in {}", name_of(call.from)), call.line);
    } else if (name_of(call.to) == "main") {  // the driver's main calls the kernel
      consider(fmt::format("recursion ({} -> main -> kernel)", name_of(call.from)), call.line);
    } else {
      auto from = index.find(call.from), to = index.find(call.to);
      if (from != index.end() && to != index.end()) calls.push_back({from->second, to->second, call.line});
    }
  }
  // A cycle among the file's functions (call_cycles.h: linear, however long a chain of helpers).
  if (std::optional<CallCycle> cycle = first_call_cycle(graph.functions.size(), calls)) {
    std::string chain;
    for (size_t function : cycle->functions) chain += (chain.empty() ? "" : " -> ") + graph.functions[function].name;
    consider(fmt::format("recursion ({})", chain), cycle->line);
  }
  if (first) first->source_line = text_line(c, first->line);
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
