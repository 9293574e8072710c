// Checks on tokens (c_tokens.h), not on a parse: each rule is a word, a punctuator pattern, or a
// look at one file-scope declaration (what ends at `;` or at a function's body at brace depth 0).
// The rules close classes rather than spellings: no directive but the allowed #include (so no
// macro of the student's exists, and every identifier is what the compiler sees, the headers'
// macros aside); every identifier followed by `(` in a body is a call, checked against the
// kernel's own functions and the allowed library; a function's name not followed by `(` is its
// address; `(*...)(` is a call through or a declaration of a function pointer.
#include "grader/render/pure_kernel_check.h"

#include <array>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "grader/render/c_tokens.h"
#include "grader/render/kernel_library.h"

namespace uirgrade {
namespace {

using Tokens = std::vector<CToken>;

struct WordRule {
  std::string_view word, why;
};

// A word that is refused wherever it appears (outside comments and literals).
constexpr std::array<WordRule, 17> kWordRules = {{
    {"while", "uses `while`: a kernel has only `for` loops"},
    {"do", "uses `do`: a kernel has only `for` loops"},
    {"goto", "uses `goto`: a kernel has only `for` loops"},
    {"setjmp", "uses setjmp: a kernel has only `for` loops"},
    {"longjmp", "uses longjmp: a kernel has only `for` loops"},
    {"sigsetjmp", "uses sigsetjmp: a kernel has only `for` loops"},
    {"siglongjmp", "uses siglongjmp: a kernel has only `for` loops"},
    {"asm", "uses `asm`: a kernel is C only, no assembly"},
    {"__asm", "uses `__asm`: a kernel is C only, no assembly"},
    {"__asm__", "uses `__asm__`: a kernel is C only, no assembly"},
    {"__attribute__", "uses an attribute (`__attribute__`): attributes change what the compiler makes"},
    {"__attribute", "uses an attribute (`__attribute`): attributes change what the compiler makes"},
    {"__declspec", "uses `__declspec`: attributes change what the compiler makes"},
    {"_Pragma", "uses `_Pragma`: a kernel has no pragmas"},
    {"extern", "declares something `extern`: a kernel uses only its own functions and objects and the allowed "
               "library"},
    {"typeof", "uses `typeof`, which C11 does not have"},
    {"main", "uses the name `main`, which belongs to the grader's driver"},
}};

const std::set<std::string, std::less<>>& c11_keywords() {
  static const std::set<std::string, std::less<>> words = {
      "auto",     "break",   "case",     "char",     "const",     "continue",  "default",        "do",
      "double",   "else",    "enum",     "extern",   "float",     "for",       "goto",           "if",
      "inline",   "int",     "long",     "register", "restrict",  "return",    "short",          "signed",
      "sizeof",   "static",  "struct",   "switch",   "typedef",   "union",     "unsigned",       "void",
      "volatile", "while",   "_Alignas", "_Alignof", "_Atomic",   "_Bool",     "_Complex",       "_Generic",
      "_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local"};
  return words;
}

bool is_keyword(const std::string& word) { return c11_keywords().contains(word); }

bool is_reserved(const std::string& word) {
  return (word.starts_with("__") || (word.size() > 1 && word[0] == '_' && word[1] >= 'A' && word[1] <= 'Z')) &&
         !is_keyword(word);
}

bool is_allowed_header(std::string_view name) {
  static const std::set<std::string, std::less<>> headers = {"stdint.h", "stdbool.h", "stddef.h", "math.h",
                                                             "float.h",  "limits.h",  "string.h", "stdlib.h"};
  return headers.contains(name);
}

/// The earliest violation seen, by line then by the order found.
class Findings {
 public:
  void add(int line, std::string what) {
    if (!first_ || line < first_->line) first_ = ForbiddenConstruct{std::move(what), line, ""};
  }
  std::optional<ForbiddenConstruct> first() const { return first_; }

 private:
  std::optional<ForbiddenConstruct> first_;
};

/// The tokens of the directive starting at `tokens[k]` (a `#` first on its line), then checks it.
size_t check_directive(const Tokens& tokens, size_t k, Findings& findings) {
  size_t end = k + 1;
  while (end < tokens.size() && !tokens[end].starts_line) ++end;
  const int line = tokens[k].line;
  if (end == k + 1 || tokens[k + 1].text != "include") {
    std::string name = end == k + 1 ? "" : tokens[k + 1].text;
    findings.add(line, fmt::format("has the preprocessor line `#{}`: the only preprocessor lines a kernel may have "
                                   "are #include of the allowed headers",
                                   name));
    return end;
  }
  std::string header;
  bool well_formed = k + 3 < end && tokens[k + 2].text == "<" && tokens[end - 1].text == ">";
  for (size_t j = k + 3; well_formed && j + 1 < end; ++j) header += tokens[j].text;
  if (!well_formed || !is_allowed_header(header))
    findings.add(line, fmt::format("includes {}: a kernel may include only <stdint.h>, <stdbool.h>, <stddef.h>, "
                                   "<math.h>, <float.h>, <limits.h>, <string.h> and <stdlib.h>",
                                   well_formed ? "<" + header + ">" : "something other than a header by name"));
  return end;
}

/// For each opening bracket of `code`, the index of the token that closes it (tokens.size() when
/// none does): one pass with a stack per kind of bracket, so that a long run of brackets costs no
/// more than its length. Other tokens map to themselves.
std::vector<size_t> matching_brackets(const Tokens& code) {
  std::vector<size_t> match(code.size());
  std::vector<size_t> open[3];  // ( [ {
  auto kind = [](const std::string& t, std::string_view brackets) { return brackets.find(t.size() == 1 ? t[0] : ' '); };
  for (size_t k = 0; k < code.size(); ++k) {
    match[k] = k;
    if (code[k].kind != CToken::Kind::Punctuator) continue;
    if (size_t o = kind(code[k].text, "([{"); o != std::string_view::npos) {
      match[k] = code.size();
      open[o].push_back(k);
    } else if (size_t c = kind(code[k].text, ")]}"); c != std::string_view::npos && !open[c].empty()) {
      match[open[c].back()] = k;
      open[c].pop_back();
    }
  }
  return match;
}

/// A declaration without a tag's body (`size_at_tag_body` below).
constexpr size_t kNoTagBody = static_cast<size_t>(-1);

struct FileScope {
  std::set<std::string> own_functions;  // defined here, with a body
};

/// One file-scope declaration (its tokens at brace depth 0, bodies of structs and initializers
/// left out): a prototype, a typedef, a tag, or objects, which must be const.
void check_declaration(const Tokens& code, const std::vector<size_t>& decl, size_t size_at_tag_body,
                       Findings& findings) {
  if (decl.empty() || code[decl[0]].text == "_Static_assert") return;
  bool is_typedef = false;
  int depth = 0;
  for (size_t j = 0; j < decl.size(); ++j) {
    const CToken& t = code[decl[j]];
    if (t.text == "typedef") is_typedef = true;
    if (t.text == "(") ++depth;
    if (t.text == ")") --depth;
    bool function_declarator = depth == 0 && t.kind == CToken::Kind::Identifier && !is_keyword(t.text) &&
                               j + 1 < decl.size() && code[decl[j + 1]].text == "(";
    if (function_declarator && is_typedef) {
      findings.add(t.line, fmt::format("declares `{}` as a function type: a kernel has no function pointers", t.text));
      return;
    }
    if (function_declarator) return;  // a prototype (calls are checked where they are made)
  }
  if (is_typedef) return;
  const std::string& first = code[decl[0]].text;
  if (size_at_tag_body == decl.size()) return;  // `struct S { ... };`: a tag, no object
  if ((first == "struct" || first == "union" || first == "enum") && decl.size() == 2) return;  // `struct S;`
  // Objects: each declarator (split at commas) is const if `const` follows its last `*`, or, with
  // no `*`, if the specifiers (the first declarator's tokens before any `*`, `(`, `[`) say const.
  bool specifiers_const = false;
  for (size_t j : decl) {
    const std::string& t = code[j].text;
    if (t == "*" || t == "(" || t == "[" || t == "=" || t == ",") break;
    if (t == "const") specifiers_const = true;
  }
  size_t start = 0;
  depth = 0;
  for (size_t j = 0; j <= decl.size(); ++j) {
    if (j < decl.size() && (code[decl[j]].text == "(" || code[decl[j]].text == "[")) ++depth;
    if (j < decl.size() && (code[decl[j]].text == ")" || code[decl[j]].text == "]")) --depth;
    if (j < decl.size() && !(depth == 0 && code[decl[j]].text == ",")) continue;
    bool has_star = false, const_after_star = false, in_initializer = false;
    std::string name;
    for (size_t i = start; i < j; ++i) {
      const CToken& t = code[decl[i]];
      if (t.text == "=") in_initializer = true;
      if (in_initializer) continue;
      if (t.text == "*") has_star = true, const_after_star = false;
      if (t.text == "const" && has_star) const_after_star = true;
      if (t.kind == CToken::Kind::Identifier && !is_keyword(t.text)) name = t.text;
    }
    if (has_star ? !const_after_star : !specifiers_const) {
      findings.add(code[decl[start]].line,
                   fmt::format("declares `{}`, a file-scope object that is not const: a kernel keeps no state "
                               "outside a call (make it const, or a local variable of the function)",
                               name.empty() ? "an object" : name));
      return;
    }
    start = j + 1;
  }
}

/// Walks the file scope: function definitions (their names), declarations, K&R definitions.
FileScope check_file_scope(const Tokens& code, const std::vector<size_t>& match, Findings& findings) {
  FileScope scope;
  std::vector<size_t> decl;
  size_t size_at_tag_body = kNoTagBody;  // the declaration's size when a tag's body ended
  for (size_t k = 0; k < code.size();) {
    const std::string& t = code[k].text;
    if (t == ";") {
      check_declaration(code, decl, size_at_tag_body, findings);
      decl.clear();
      size_at_tag_body = kNoTagBody;
      ++k;
      continue;
    }
    if (t != "{") {
      decl.push_back(k++);
      continue;
    }
    const size_t close = match[k];
    const std::string prev = decl.empty() ? "" : code[decl.back()].text;
    const std::string before = decl.size() < 2 ? "" : code[decl[decl.size() - 2]].text;
    auto is_tag = [](const std::string& word) { return word == "struct" || word == "union" || word == "enum"; };
    if (prev == "=" || is_tag(prev) || is_tag(before)) {  // an initializer or a tag's body
      if (prev != "=") size_at_tag_body = decl.size();
      k = close + 1;
      continue;
    }
    if (prev == ")") {  // a function definition: the name is before its parameters' `(`
      size_t depth = 0, j = decl.size();
      while (j-- > 0) {
        if (code[decl[j]].text == ")") ++depth;
        if (code[decl[j]].text == "(" && --depth == 0) break;
      }
      if (j != static_cast<size_t>(-1) && j > 0 && code[decl[j - 1]].kind == CToken::Kind::Identifier) {
        const CToken& name = code[decl[j - 1]];
        scope.own_functions.insert(name.text);
        if (is_allowed_library_function(name.text) || is_math_classification_macro(name.text))
          findings.add(name.line, fmt::format("defines {}(), a function of the C library: a kernel's own functions "
                                              "need names of their own",
                                              name.text));
        // A parameter of function type is a function pointer.
        for (size_t p = j + 1; p + 1 < decl.size(); ++p)
          if (code[decl[p]].kind == CToken::Kind::Identifier && !is_keyword(code[decl[p]].text) &&
              code[decl[p + 1]].text == "(")
            findings.add(code[decl[p]].line,
                         fmt::format("has a parameter `{}` of function type: a kernel has no function pointers",
                                     code[decl[p]].text));
      }
    } else {
      findings.add(code[k].line, "has a function definition in the old (K&R) style or a `{` where none belongs");
    }
    decl.clear();
    size_at_tag_body = kNoTagBody;
    k = close + 1;
  }
  check_declaration(code, decl, size_at_tag_body, findings);
  return scope;
}

/// The rules on each token: words, reserved identifiers, calls, functions as values, `...`,
/// `[[`, stray `#`, `(*...)(`.
void check_tokens(const Tokens& code, const std::vector<size_t>& match, const FileScope& scope,
                  Findings& findings) {
  int depth = 0;
  for (size_t k = 0; k < code.size(); ++k) {
    const CToken& t = code[k];
    const std::string* next = k + 1 < code.size() ? &code[k + 1].text : nullptr;
    if (t.kind == CToken::Kind::Punctuator) {
      if (t.text == "{") ++depth;
      if (t.text == "}") --depth;
      if (t.text == "...") findings.add(t.line, "declares a variadic function (`...`): a kernel has none");
      if (t.text == "[" && next && *next == "[") findings.add(t.line, "uses an attribute (`[[...]]`)");
      if (t.text == "#" || t.text == "##")
        findings.add(t.line, "has a `#` that does not start an #include line");
      if (t.text == "(" && next && *next == "*") {
        const size_t close = match[k];
        if (close + 1 < code.size() && code[close + 1].text == "(")
          findings.add(t.line, "declares or calls through a function pointer (`(*...)(...)`): a kernel has none");
      }
      continue;
    }
    if (t.kind == CToken::Kind::Other)  // `\` (a universal character name), `@`, a backquote: not C
      findings.add(t.line, fmt::format("has `{}` outside a comment or a literal, which is not a C token (a "
                                       "universal character name, `\\u...`, names a character the checks "
                                       "cannot read as the compiler does)",
                                       t.text));
    if (t.kind != CToken::Kind::Identifier) continue;
    for (const WordRule& rule : kWordRules)
      if (t.text == rule.word) findings.add(t.line, std::string(rule.why));
    if (is_reserved(t.text))
      findings.add(t.line, fmt::format("uses `{}`, a name C reserves for the compiler and its library (it begins "
                                       "with `__` or `_` and a capital letter)",
                                       t.text));
    const bool member = k > 0 && (code[k - 1].text == "." || code[k - 1].text == "->");
    const bool is_function = scope.own_functions.contains(t.text) || is_allowed_library_function(t.text);
    if (next && *next == "(" && !is_keyword(t.text) && depth > 0 && !member) {
      if (!is_function && !is_math_classification_macro(t.text))
        findings.add(t.line, fmt::format("calls {}(), which a kernel may not call (only its own functions, <math.h>, "
                                         "memcpy, memmove, memset, memcmp, malloc, calloc, realloc, free, abs, "
                                         "abort)",
                                         t.text));
    } else if (is_function && !member && !(next && *next == "(")) {
      findings.add(t.line, fmt::format("uses the function {} as a value: a kernel has no function pointers (if it "
                                       "is a variable, give it a name no function has)",
                                       t.text));
    }
  }
}

}  // namespace

std::optional<ForbiddenConstruct> find_impure_construct(std::string_view c) { return find_impure_construct(c, tokenize_c(c)); }

std::optional<ForbiddenConstruct> find_impure_construct(std::string_view c, std::vector<CToken> tokens) {
  Findings findings;
  // The tokens outside preprocessor lines, moved to the front in place (a directive is read before
  // anything is moved over it): one vector, however long the C.
  size_t kept = 0;
  for (size_t k = 0; k < tokens.size();) {
    if (tokens[k].starts_line && tokens[k].text == "#" && tokens[k].kind == CToken::Kind::Punctuator) {
      k = check_directive(tokens, k, findings);
    } else {
      if (kept != k) tokens[kept] = std::move(tokens[k]);
      ++kept, ++k;
    }
  }
  tokens.resize(kept);
  const Tokens& code = tokens;
  const std::vector<size_t> match = matching_brackets(code);
  FileScope scope = check_file_scope(code, match, findings);
  check_tokens(code, match, scope, findings);
  std::optional<ForbiddenConstruct> first = findings.first();
  if (first) first->source_line = text_line(c, first->line);
  return first;
}

}  // namespace uirgrade
