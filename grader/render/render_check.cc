// Render checks on the tokens the compiler sees (c_tokens.h: the one reading of the C that every
// check shares), not on a parse: identifiers are enough to find forbidden keywords and `for`
// statements. Recursion is found with a small call graph: at brace depth 0, `name (...) {` defines
// a function; inside a body, `name (` calls it; a cycle among the file's own functions
// (call_cycles.h, linear in the graph) is recursion. These text checks give early, readable
// verdicts; what the compiler compiles is checked after it (the preprocessed unit here, gcc's call
// graph in call_graph.h), so macros and function pointers cannot get past.
#include "grader/render/render_check.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "grader/render/c_tokens.h"
#include "grader/render/call_cycles.h"
#include "grader/render/kernel_text.h"
#include "grader/render/pure_kernel_check.h"

namespace uirgrade {
namespace {

const std::set<std::string, std::less<>>& forbidden_words() {
  static const std::set<std::string, std::less<>> words = {
      "while", "do", "goto", "setjmp", "longjmp", "_setjmp", "_longjmp", "sigsetjmp", "siglongjmp",
      "__builtin_setjmp", "__builtin_longjmp",
      "asm", "__asm", "__asm__"};  // inline assembly can jump anywhere
  return words;
}

// Words followed by `(` that are not calls.
bool is_keyword_before_paren(std::string_view word) {
  static const std::set<std::string, std::less<>> words = {
      "if", "for", "while", "switch", "return", "sizeof", "_Alignof", "_Generic", "_Static_assert",
      "__attribute__", "__typeof__", "typeof", "defined"};
  return words.contains(word);
}

bool is_call(const std::vector<CToken>& tokens, size_t k) {
  return tokens[k].kind == CToken::Kind::Identifier && k + 1 < tokens.size() && tokens[k + 1].text == "(" &&
         !is_keyword_before_paren(tokens[k].text);
}

constexpr size_t kNoFunction = static_cast<size_t>(-1);

/// Preprocessor lines (a `#` that starts a line, to the end of its logical line) are skipped.
std::optional<ForbiddenConstruct> find_recursion(std::string_view original, const std::vector<CToken>& tokens) {
  std::unordered_map<std::string, size_t> function_index;  // the file's functions, by name
  std::vector<std::string> function_names;
  struct NamedCall {
    size_t from;
    const std::string* callee;
    int line;
  };
  std::vector<NamedCall> named_calls;  // resolved once every definition is known
  int depth = 0;
  size_t current = kNoFunction;  // the function whose body we are in
  std::string pending_name;       // at depth 0: the last `name (` seen, a definition if `{` follows `)`
  int paren_depth = 0;
  bool after_params = false;
  bool in_directive = false;
  for (size_t k = 0; k < tokens.size(); ++k) {
    const std::string& t = tokens[k].text;
    if (tokens[k].starts_line) in_directive = tokens[k].kind == CToken::Kind::Punctuator && t == "#";
    if (in_directive) continue;
    if (t == "{") {
      if (depth == 0 && after_params && !pending_name.empty()) {
        auto [it, added] = function_index.emplace(pending_name, function_names.size());
        if (added) function_names.push_back(pending_name);
        current = it->second;
      }
      ++depth;
      after_params = false;
    } else if (t == "}") {
      if (depth > 0 && --depth == 0) current = kNoFunction;
    } else if (depth == 0) {
      if (t == "(") {
        ++paren_depth;
      } else if (t == ")") {
        if (--paren_depth == 0) after_params = true;
      } else if (t == ";" || t == "=") {
        pending_name.clear();
        after_params = false;
      } else if (is_call(tokens, k) && paren_depth == 0) {
        pending_name = t;
        after_params = false;
      }
    } else if (current != kNoFunction && is_call(tokens, k)) {
      named_calls.push_back({current, &t, tokens[k].line});
    }
  }
  std::vector<CallEdge> calls;
  for (const NamedCall& call : named_calls) {
    auto callee = function_index.find(*call.callee);
    if (callee != function_index.end()) calls.push_back({call.from, callee->second, call.line});
  }
  std::optional<CallCycle> cycle = first_call_cycle(function_names.size(), calls);
  if (!cycle) return std::nullopt;
  std::string chain;
  for (size_t function : cycle->functions) chain += (chain.empty() ? "" : " -> ") + function_names[function];
  return ForbiddenConstruct{fmt::format("recursion ({})", chain), cycle->line, text_line(original, cycle->line)};
}

}  // namespace

std::optional<ForbiddenConstruct> find_forbidden_construct(std::string_view c) {
  // A byte the compiler would read otherwise than the checks (kernel_text.h). Nothing past the
  // size limit is read at all. Otherwise the rules run too: up to the line of that byte, the
  // tokens are what gcc sees, so a violation on an earlier line is still the first one.
  std::optional<ForbiddenConstruct> unreadable = find_unreadable_kernel_text(c);
  if (unreadable && c.size() > kMaxKernelBytes) return unreadable;
  // The pure-kernel rules (spec §6.2) on the tokens as the compiler sees them; recursion here.
  std::vector<CToken> tokens = tokenize_c(c);
  std::optional<ForbiddenConstruct> first = find_recursion(c, tokens);
  for (std::optional<ForbiddenConstruct> other : {find_impure_construct(c, std::move(tokens)), unreadable})
    if (other && (!first || other->line <= first->line)) first = std::move(other);
  return first;
}

namespace {

/// The lines of a preprocessed unit that are the student's (the main file, macros expanded), each
/// with its line there, read from gcc's line markers `# N "file" flags`. gcc marks the lines of a
/// system header with flag 3; every other line is the student's, whatever file name a marker
/// gives it, so that no `#line` or file name can take lines out of the checks. A `#pragma` line
/// is not code.
struct MainFileText {
  std::string text;
  std::vector<int> lines;  // for each line of `text`, its line in the main file
};

/// Whether the flags after a line marker's file name include 3 (a system header).
bool marks_system_header(std::string_view after_name) {
  for (size_t k = 0; k < after_name.size(); ++k)
    if (after_name[k] == '3' && (k == 0 || after_name[k - 1] == ' ') &&
        (k + 1 == after_name.size() || after_name[k + 1] == ' '))
      return true;
  return false;
}

MainFileText main_file_text(std::string_view preprocessed) {
  MainFileText main;
  bool in_system_header = false;
  int next_line = 1;
  size_t pos = 0;
  while (pos < preprocessed.size()) {
    size_t end = preprocessed.find('\n', pos);
    if (end == std::string_view::npos) end = preprocessed.size();
    std::string_view line = preprocessed.substr(pos, end - pos);
    pos = end + 1;
    if (line.starts_with("# ") && line.size() > 2 && std::isdigit(static_cast<unsigned char>(line[2]))) {
      next_line = std::atoi(std::string(line.substr(2, 10)).c_str());
      size_t close = line.rfind('"');
      in_system_header = close != std::string_view::npos && close > line.find('"') &&
                         marks_system_header(line.substr(close + 1));
      continue;
    }
    if (!in_system_header && !line.starts_with('#')) {
      main.text.append(line).push_back('\n');
      main.lines.push_back(next_line);
    }
    ++next_line;
  }
  return main;
}

}  // namespace

std::optional<ForbiddenConstruct> find_forbidden_in_preprocessed(std::string_view preprocessed, std::string_view c,
                                                                 const std::set<std::string>& functions) {
  MainFileText main = main_file_text(preprocessed);
  auto at = [&](const CToken& token, std::string what) {
    int line = main.lines.empty() ? 0 : main.lines[std::min<size_t>(token.line - 1, main.lines.size() - 1)];
    return ForbiddenConstruct{std::move(what) + " (after the preprocessor)", line, text_line(c, line)};
  };
  std::vector<CToken> tokens = tokenize_c(main.text);
  for (size_t k = 0; k < tokens.size(); ++k) {
    if (tokens[k].kind != CToken::Kind::Identifier) continue;
    const std::string& t = tokens[k].text;
    if (forbidden_words().contains(t)) return at(tokens[k], t);
    if (functions.contains(t) && (k + 1 == tokens.size() || tokens[k + 1].text != "("))
      return at(tokens[k], fmt::format("the address of function {} (only direct calls are allowed)", t));
  }
  return std::nullopt;
}

int count_for_loops_in_preprocessed(std::string_view preprocessed) {
  return count_for_loops(main_file_text(preprocessed).text);
}

int count_for_loops(std::string_view c) {
  int count = 0;
  for (const CToken& token : tokenize_c(c))
    if (token.kind == CToken::Kind::Identifier && token.text == "for") ++count;
  return count;
}

}  // namespace uirgrade
