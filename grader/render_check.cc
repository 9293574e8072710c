// Render checks work on tokens of the C with its noise stripped (strip_c_noise), not on a parse:
// identifiers are enough to find forbidden keywords and `for` statements. Recursion is found with
// a small call graph: at brace depth 0, `name (...) {` defines a function; inside a body,
// `name (` calls it. A cycle among the file's own functions is recursion. Calls through function
// pointers are not followed (the spec asks for no recursion in generated code, not a proof).
#include "grader/render_check.h"

#include <cctype>
#include <map>
#include <set>
#include <vector>

#include <fmt/format.h>

namespace uirgrade {
namespace {

bool is_ident_start(char ch) { return std::isalpha(static_cast<unsigned char>(ch)) || ch == '_'; }
bool is_ident_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }

struct Token {
  std::string text;  // an identifier, or one punctuation character
  size_t offset = 0;
};

std::vector<Token> tokenize(std::string_view stripped) {
  std::vector<Token> tokens;
  size_t k = 0;
  while (k < stripped.size()) {
    char ch = stripped[k];
    if (is_ident_start(ch)) {
      size_t start = k;
      while (k < stripped.size() && is_ident_char(stripped[k])) ++k;
      tokens.push_back({std::string(stripped.substr(start, k - start)), start});
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {  // a number, suffixes and all
      while (k < stripped.size() && (is_ident_char(stripped[k]) || stripped[k] == '.')) ++k;
    } else {
      if (!std::isspace(static_cast<unsigned char>(ch))) tokens.push_back({std::string(1, ch), k});
      ++k;
    }
  }
  return tokens;
}

int line_of(std::string_view text, size_t offset) {
  int line = 1;
  for (size_t k = 0; k < offset && k < text.size(); ++k)
    if (text[k] == '\n') ++line;
  return line;
}

std::string source_line_at(std::string_view text, int line) {
  size_t start = 0;
  for (int l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  std::string_view rest = text.substr(start);
  std::string_view result = rest.substr(0, rest.find('\n'));
  if (result.ends_with('\r')) result.remove_suffix(1);
  return std::string(result);
}

const std::set<std::string, std::less<>>& forbidden_words() {
  static const std::set<std::string, std::less<>> words = {
      "while", "do", "goto", "setjmp", "longjmp", "_setjmp", "_longjmp", "sigsetjmp", "siglongjmp"};
  return words;
}

// Words followed by `(` that are not calls.
bool is_keyword_before_paren(std::string_view word) {
  static const std::set<std::string, std::less<>> words = {
      "if", "for", "while", "switch", "return", "sizeof", "_Alignof", "_Generic", "_Static_assert",
      "__attribute__", "__typeof__", "typeof", "defined"};
  return words.contains(word);
}

// Finds a cycle through `start` in the call graph; fills `path` (start ... start) when there is one.
bool find_cycle(const std::map<std::string, std::set<std::string>>& calls, const std::string& start,
                const std::string& at, std::set<std::string>& seen, std::vector<std::string>& path) {
  auto it = calls.find(at);
  if (it == calls.end()) return false;
  for (const std::string& callee : it->second) {
    if (callee == start) {
      path.push_back(callee);
      return true;
    }
    if (!calls.contains(callee) || !seen.insert(callee).second) continue;
    path.push_back(callee);
    if (find_cycle(calls, start, callee, seen, path)) return true;
    path.pop_back();
  }
  return false;
}

std::optional<ForbiddenConstruct> find_recursion(std::string_view original,
                                                  const std::vector<Token>& tokens) {
  std::map<std::string, std::set<std::string>> calls;  // function -> the identifiers it calls
  std::map<std::string, size_t> definition_offset;
  int depth = 0;
  std::string current;         // the function whose body we are in
  std::string pending_name;    // at depth 0: the last `name (` seen, a definition if `{` follows `)`
  int paren_depth = 0;
  bool after_params = false;
  for (size_t k = 0; k < tokens.size(); ++k) {
    const std::string& t = tokens[k].text;
    bool next_is_paren = k + 1 < tokens.size() && tokens[k + 1].text == "(";
    if (t == "{") {
      if (depth == 0 && after_params && !pending_name.empty()) {
        current = pending_name;
        calls[current];
        definition_offset.emplace(current, tokens[k].offset);
      }
      ++depth;
      after_params = false;
    } else if (t == "}") {
      if (depth > 0 && --depth == 0) current.clear();
    } else if (depth == 0) {
      if (t == "(") {
        ++paren_depth;
      } else if (t == ")") {
        if (--paren_depth == 0) after_params = true;
      } else if (t == ";" || t == "=") {
        pending_name.clear();
        after_params = false;
      } else if (is_ident_start(t[0]) && next_is_paren && paren_depth == 0 && !is_keyword_before_paren(t)) {
        pending_name = t;
        after_params = false;
      }
    } else if (!current.empty() && is_ident_start(t[0]) && next_is_paren && !is_keyword_before_paren(t)) {
      calls[current].insert(t);
    }
  }
  for (const auto& [function, offset] : definition_offset) {
    std::set<std::string> seen;
    std::vector<std::string> path = {function};
    if (!find_cycle(calls, function, function, seen, path)) continue;
    std::string chain;
    for (const std::string& name : path) chain += (chain.empty() ? "" : " -> ") + name;
    int line = line_of(original, offset);
    return ForbiddenConstruct{fmt::format("recursion ({})", chain), line, source_line_at(original, line)};
  }
  return std::nullopt;
}

}  // namespace

std::string strip_c_noise(std::string_view c) {
  std::string out(c);
  auto blank = [&](size_t from, size_t to) {
    for (size_t k = from; k < to && k < out.size(); ++k)
      if (out[k] != '\n') out[k] = ' ';
  };
  size_t k = 0;
  bool line_start = true;  // only spaces so far on this line (a `#` here starts a directive)
  while (k < c.size()) {
    char ch = c[k];
    if (line_start && ch == '#') {
      // A directive runs to the end of the line, with backslash-newline continuations.
      size_t end = k;
      while (end < c.size() && !(c[end] == '\n' && (end == 0 || c[end - 1] != '\\'))) ++end;
      size_t body = k + 1;
      while (body < end && (c[body] == ' ' || c[body] == '\t')) ++body;
      if (c.substr(body, 6) == "define") {
        blank(k, body + 6);  // keep the macro's name and replacement text
        for (size_t j = body + 6; j < end; ++j)
          if (c[j] == '\\' && j + 1 < c.size() && c[j + 1] == '\n') out[j] = ' ';
      } else {
        blank(k, end);
      }
      k = end;
      continue;
    }
    if (ch == '\n') {
      line_start = true;
      ++k;
      continue;
    }
    if (ch != ' ' && ch != '\t' && ch != '\r') line_start = false;
    if (c.substr(k, 2) == "//") {
      size_t end = c.find('\n', k);
      if (end == std::string_view::npos) end = c.size();
      blank(k, end);
      k = end;
    } else if (c.substr(k, 2) == "/*") {
      size_t end = c.find("*/", k + 2);
      end = end == std::string_view::npos ? c.size() : end + 2;
      blank(k, end);
      k = end;
    } else if (ch == '"' || ch == '\'') {
      size_t end = k + 1;
      while (end < c.size() && c[end] != ch && c[end] != '\n') end += c[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, c.size());
      blank(k, end);
      k = end;
    } else {
      ++k;
    }
  }
  return out;
}

std::optional<ForbiddenConstruct> find_forbidden_construct(std::string_view c) {
  std::string stripped = strip_c_noise(c);
  std::vector<Token> tokens = tokenize(stripped);
  std::optional<ForbiddenConstruct> first;
  for (const Token& token : tokens) {
    if (!forbidden_words().contains(token.text)) continue;
    int line = line_of(c, token.offset);
    first = ForbiddenConstruct{token.text, line, source_line_at(c, line)};
    break;
  }
  std::optional<ForbiddenConstruct> recursion = find_recursion(c, tokens);
  if (recursion && (!first || recursion->line < first->line)) return recursion;
  return first;
}

int count_for_loops(std::string_view c) {
  int count = 0;
  for (const Token& token : tokenize(strip_c_noise(c)))
    if (token.text == "for") ++count;
  return count;
}

}  // namespace uirgrade
