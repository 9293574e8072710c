// Two passes: the logical characters (phases 1-2, each with the line it came from), then the tokens.
// gcc's own leniencies are followed where they matter to a check: a backslash followed by blanks
// before the newline is still a splice (gcc warns and splices), and a `\r\n` is a newline.
#include "grader/render/c_tokens.h"

#include <array>
#include <cctype>

namespace uirgrade {
namespace {

struct LogicalChar {
  char ch;
  int line;
};

std::vector<LogicalChar> logical_chars(std::string_view c) {
  std::vector<LogicalChar> phase1;  // trigraphs replaced, `\r\n` made `\n`
  phase1.reserve(c.size());
  int line = 1;
  for (size_t k = 0; k < c.size();) {
    if (c[k] == '?' && k + 2 < c.size() && c[k + 1] == '?' && trigraph_meaning(c[k + 2])) {
      phase1.push_back({trigraph_meaning(c[k + 2]), line});
      k += 3;
    } else if (c[k] == '\r' && k + 1 < c.size() && c[k + 1] == '\n') {
      ++k;
    } else {
      phase1.push_back({c[k], line});
      if (c[k] == '\n') ++line;
      ++k;
    }
  }
  std::vector<LogicalChar> phase2;  // splices removed
  phase2.reserve(phase1.size());
  for (size_t k = 0; k < phase1.size(); ++k) {
    if (phase1[k].ch == '\\') {
      size_t j = k + 1;
      while (j < phase1.size() && (phase1[j].ch == ' ' || phase1[j].ch == '\t' || phase1[j].ch == '\f' ||
                                   phase1[j].ch == '\v' || phase1[j].ch == '\r'))
        ++j;
      if (j < phase1.size() && phase1[j].ch == '\n') {
        k = j;
        continue;
      }
    }
    phase2.push_back(phase1[k]);
  }
  return phase2;
}

bool ident_start(char ch) {
  return std::isalpha(static_cast<unsigned char>(ch)) || ch == '_' || static_cast<unsigned char>(ch) >= 0x80 || ch == '$';
}
bool ident_char(char ch) { return ident_start(ch) || std::isdigit(static_cast<unsigned char>(ch)); }

// Longest first; digraphs map to the punctuator they spell.
struct Punctuator {
  std::string_view spelling, meaning;
};
constexpr std::array<Punctuator, 54> kPunctuators = {{
    {"%:%:", "##"}, {"...", "..."}, {"<<=", "<<="}, {">>=", ">>="}, {"->", "->"}, {"++", "++"}, {"--", "--"},
    {"<<", "<<"},   {">>", ">>"},   {"<=", "<="},   {">=", ">="},   {"==", "=="}, {"!=", "!="}, {"&&", "&&"},
    {"||", "||"},   {"*=", "*="},   {"/=", "/="},   {"%=", "%="},   {"+=", "+="}, {"-=", "-="}, {"&=", "&="},
    {"^=", "^="},   {"|=", "|="},   {"##", "##"},   {"<:", "["},    {":>", "]"},  {"<%", "{"},  {"%>", "}"},
    {"%:", "#"},    {"[", "["},     {"]", "]"},     {"(", "("},     {")", ")"},   {"{", "{"},   {"}", "}"},
    {".", "."},     {"&", "&"},     {"*", "*"},     {"+", "+"},     {"-", "-"},   {"~", "~"},   {"!", "!"},
    {"/", "/"},     {"%", "%"},     {"<", "<"},     {">", ">"},     {"^", "^"},   {"|", "|"},   {"?", "?"},
    {":", ":"},     {";", ";"},     {"=", "="},     {",", ","},     {"#", "#"},
}};

}  // namespace

char trigraph_meaning(char third) {
  switch (third) {
    case '=': return '#';
    case '(': return '[';
    case '/': return '\\';
    case ')': return ']';
    case '\'': return '^';
    case '<': return '{';
    case '!': return '|';
    case '>': return '}';
    case '-': return '~';
    default: return 0;
  }
}

std::vector<CToken> tokenize_c(std::string_view c) {
  const std::vector<LogicalChar> text = logical_chars(c);
  auto at = [&](size_t k) { return k < text.size() ? text[k].ch : '\0'; };
  std::vector<CToken> tokens;
  tokens.reserve(text.size() / 4 + 16);  // a rendered line of C has about one token in four bytes
  bool line_start = true;
  size_t k = 0;
  auto emit = [&](CToken::Kind kind, size_t from, size_t to, std::string meaning = "") {
    CToken token{kind, std::move(meaning), text[from].line, line_start};
    if (token.text.empty())
      for (size_t j = from; j < to; ++j) token.text += text[j].ch;
    tokens.push_back(std::move(token));
    line_start = false;
  };
  while (k < text.size()) {
    const char ch = text[k].ch;
    if (ch == '\n') {
      line_start = true;
      ++k;
    } else if (std::isspace(static_cast<unsigned char>(ch))) {
      ++k;
    } else if (ch == '/' && at(k + 1) == '*') {  // a comment is one space; it does not end a line
      k += 2;
      while (k < text.size() && !(text[k].ch == '*' && at(k + 1) == '/')) ++k;
      k = std::min(k + 2, text.size());
    } else if (ch == '/' && at(k + 1) == '/') {
      while (k < text.size() && text[k].ch != '\n') ++k;
    } else if (ch == '"' || ch == '\'' ||
               ((ch == 'L' || ch == 'U' || ch == 'u') && (at(k + 1) == '"' || at(k + 1) == '\'')) ||
               (ch == 'u' && at(k + 1) == '8' && at(k + 2) == '"')) {
      size_t start = k;
      while (text[k].ch != '"' && text[k].ch != '\'') ++k;  // the prefix
      const char quote = text[k].ch;
      ++k;
      while (k < text.size() && text[k].ch != quote && text[k].ch != '\n') k += text[k].ch == '\\' ? 2 : 1;
      k = std::min(k + 1, text.size());
      emit(quote == '"' ? CToken::Kind::String : CToken::Kind::Char, start, k);
    } else if (std::isdigit(static_cast<unsigned char>(ch)) ||
               (ch == '.' && std::isdigit(static_cast<unsigned char>(at(k + 1))))) {
      size_t start = k++;  // a preprocessing number: digits, letters, `.`, and signs after e/E/p/P
      while (k < text.size()) {
        char n = text[k].ch;
        if ((n == '+' || n == '-') && (std::string_view("eEpP").find(text[k - 1].ch) != std::string_view::npos)) ++k;
        else if (ident_char(n) || n == '.') ++k;
        else break;
      }
      emit(CToken::Kind::Number, start, k);
    } else if (ident_start(ch)) {
      size_t start = k;
      while (k < text.size() && ident_char(text[k].ch)) ++k;
      emit(CToken::Kind::Identifier, start, k);
    } else {
      bool matched = false;
      for (const Punctuator& p : kPunctuators) {
        bool same = true;
        for (size_t j = 0; j < p.spelling.size() && same; ++j) same = at(k + j) == p.spelling[j];
        if (!same) continue;
        emit(CToken::Kind::Punctuator, k, k + p.spelling.size(), std::string(p.meaning));
        k += p.spelling.size();
        matched = true;
        break;
      }
      if (!matched) {  // `\`, `@`, a stray byte: the compiler's business
        emit(CToken::Kind::Other, k, k + 1);
        ++k;
      }
    }
  }
  return tokens;
}

std::string text_line(std::string_view text, int line) {
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string_view::npos) return "";
    ++start;
  }
  std::string_view rest = text.substr(start);
  std::string_view result = rest.substr(0, rest.find('\n'));
  if (result.ends_with('\r')) result.remove_suffix(1);
  return std::string(result);
}

}  // namespace uirgrade
