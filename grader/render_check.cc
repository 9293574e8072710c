// Render checks work on tokens of the C with its noise stripped (strip_c_noise), not on a parse:
// identifiers are enough to find forbidden keywords and `for` statements. Recursion is found with
// a small call graph: at brace depth 0, `name (...) {` defines a function; inside a body,
// `name (` calls it. A cycle among the file's own functions is recursion. These text checks give
// early, readable verdicts; what the compiler compiles is checked after it (the preprocessed unit
// here, gcc's call graph in call_graph.h), so macros and function pointers cannot get past.
#include "grader/render_check.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "grader/pure_kernel_check.h"

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
  // The pure-kernel rules (spec §6.2) on the tokens as the compiler sees them; recursion here.
  std::optional<ForbiddenConstruct> first = find_impure_construct(c);
  std::optional<ForbiddenConstruct> recursion = find_recursion(c, tokenize(strip_c_noise(c)));
  if (recursion && (!first || recursion->line < first->line)) return recursion;
  return first;
}

namespace {

/// The text as the preprocessor's first phases see it, for finding directives: the trigraphs `??=`
/// and `??/` replaced, line splices removed, comments replaced by one space, literals kept; and for
/// each line of the result, the line of `c` it starts on.
struct LogicalLines {
  std::vector<std::string> lines;
  std::vector<int> first_line;
};

LogicalLines logical_lines(std::string_view c) {
  std::string text;
  std::vector<int> line_of_char;  // for each char of `text`, its line in c
  int line = 1;
  auto at = [&](size_t k) -> char {
    if (k + 2 < c.size() && c[k] == '?' && c[k + 1] == '?') {
      if (c[k + 2] == '=') return '#';
      if (c[k + 2] == '/') return '\\';
    }
    return k < c.size() ? c[k] : '\0';
  };
  auto width = [&](size_t k) { return k + 2 < c.size() && c[k] == '?' && c[k + 1] == '?' && (c[k + 2] == '=' || c[k + 2] == '/') ? 3 : 1; };
  enum { Code, Block, Line, Literal } state = Code;
  char quote = 0;
  for (size_t k = 0; k < c.size();) {
    char ch = at(k);
    size_t w = width(k);
    if (ch == '\\' && k + w < c.size() && c[k + w] == '\n') {  // a splice
      k += w + 1;
      ++line;
      continue;
    }
    if (ch == '\n') ++line;
    if (state == Block) {
      if (ch == '*' && at(k + 1) == '/') {
        state = Code;
        k += 2;
      } else {
        k += w;
      }
      continue;
    }
    if (state == Line && ch != '\n') {
      k += w;
      continue;
    }
    if (state == Line) state = Code;
    if (state == Code && ch == '/' && (at(k + 1) == '*' || at(k + 1) == '/')) {
      state = at(k + 1) == '*' ? Block : Line;
      text += ' ';
      line_of_char.push_back(line);
      k += 2;
      continue;
    }
    if (state == Code && (ch == '"' || ch == '\'')) {
      state = Literal;
      quote = ch;
    } else if (state == Literal && (ch == quote || ch == '\n')) {
      state = Code;
    } else if (state == Literal && ch == '\\') {
      text += ch;
      line_of_char.push_back(line);
      k += w;
      ch = at(k);
      w = width(k);
    }
    text += ch;
    line_of_char.push_back(line);
    k += w;
  }
  LogicalLines result;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    result.lines.push_back(text.substr(start, end - start));
    result.first_line.push_back(start < line_of_char.size() ? line_of_char[start] : line);
    start = end + 1;
  }
  return result;
}

bool is_standard_header(std::string_view name) {
  static const std::set<std::string, std::less<>> headers = {
      "assert.h", "complex.h", "ctype.h",    "errno.h",  "fenv.h",     "float.h",     "inttypes.h", "iso646.h",
      "limits.h", "locale.h",  "math.h",     "setjmp.h", "signal.h",   "stdalign.h",  "stdarg.h",   "stdatomic.h",
      "stdbool.h", "stddef.h", "stdint.h",   "stdio.h",  "stdlib.h",   "stdnoreturn.h", "string.h", "tgmath.h",
      "threads.h", "time.h",   "uchar.h",    "wchar.h",  "wctype.h"};
  return headers.contains(name);
}

std::string_view skip_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\f' || s.front() == '\v'))
    s.remove_prefix(1);
  return s;
}

/// What is wrong with one directive (the text after `#`), or empty when it is allowed.
std::string directive_problem(std::string_view directive) {
  directive = skip_blanks(directive);
  if (directive.empty()) return "";  // the null directive
  if (std::isdigit(static_cast<unsigned char>(directive.front()))) return "a line marker (`# N \"file\"`)";
  size_t end = 0;
  while (end < directive.size() && is_ident_char(directive[end])) ++end;
  std::string_view name = directive.substr(0, end);
  static const std::set<std::string, std::less<>> allowed = {"define", "undef", "if",     "ifdef", "ifndef", "elif",
                                                             "else",   "endif", "pragma", "error", "warning"};
  if (allowed.contains(name)) return "";
  if (name != "include") return fmt::format("the `#{}` directive", name);
  std::string_view rest = skip_blanks(directive.substr(end));
  size_t close = rest.find('>');
  if (rest.starts_with('<') && close != std::string_view::npos && skip_blanks(rest.substr(close + 1)).empty() &&
      is_standard_header(rest.substr(1, close - 1)))
    return "";
  return "an #include of something other than a standard C header by name (spec §6.2)";
}

}  // namespace

std::optional<ForbiddenConstruct> find_forbidden_directive(std::string_view c) {
  LogicalLines logical = logical_lines(c);
  for (size_t k = 0; k < logical.lines.size(); ++k) {
    std::string_view line = skip_blanks(logical.lines[k]);
    std::string_view directive;
    if (line.starts_with('#')) directive = line.substr(1);
    else if (line.starts_with("%:")) directive = line.substr(2);  // the digraph of `#`
    else continue;
    std::string problem = directive_problem(directive);
    if (problem.empty()) continue;
    int at = logical.first_line[k];
    return ForbiddenConstruct{problem, at, source_line_at(c, at)};
  }
  return std::nullopt;
}

namespace {

/// The lines of a preprocessed unit that come from its main file (the student's C, macros
/// expanded), each with its line in that file, from gcc's line markers `# N "file" flags`. The
/// lines of headers are not the student's; a `#pragma` line is not code.
struct MainFileText {
  std::string text;
  std::vector<int> lines;  // for each line of `text`, its line in the main file
};

MainFileText main_file_text(std::string_view preprocessed) {
  MainFileText main;
  std::string main_file, current_file;
  int next_line = 1;
  size_t pos = 0;
  while (pos < preprocessed.size()) {
    size_t end = preprocessed.find('\n', pos);
    if (end == std::string_view::npos) end = preprocessed.size();
    std::string_view line = preprocessed.substr(pos, end - pos);
    pos = end + 1;
    if (line.starts_with("# ") && line.size() > 2 && std::isdigit(static_cast<unsigned char>(line[2]))) {
      next_line = std::atoi(std::string(line.substr(2, 10)).c_str());
      size_t open = line.find('"'), close = line.rfind('"');
      current_file = open != close ? std::string(line.substr(open + 1, close - open - 1)) : current_file;
      if (main_file.empty()) main_file = current_file;
      continue;
    }
    if (current_file == main_file && !line.starts_with('#')) {
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
  auto at = [&](size_t offset, std::string what) {
    int line = main.lines.empty() ? 0 : main.lines[std::min<size_t>(line_of(main.text, offset) - 1, main.lines.size() - 1)];
    return ForbiddenConstruct{std::move(what) + " (after the preprocessor)", line, source_line_at(c, line)};
  };
  std::vector<Token> tokens = tokenize(strip_c_noise(main.text));
  for (size_t k = 0; k < tokens.size(); ++k) {
    const std::string& t = tokens[k].text;
    if (forbidden_words().contains(t)) return at(tokens[k].offset, t);
    if (functions.contains(t) && (k + 1 == tokens.size() || tokens[k + 1].text != "("))
      return at(tokens[k].offset, fmt::format("the address of function {} (only direct calls are allowed)", t));
  }
  return std::nullopt;
}

int count_for_loops_in_preprocessed(std::string_view preprocessed) {
  return count_for_loops(main_file_text(preprocessed).text);
}

int count_for_loops(std::string_view c) {
  int count = 0;
  for (const Token& token : tokenize(strip_c_noise(c)))
    if (token.text == "for") ++count;
  return count;
}

}  // namespace uirgrade
