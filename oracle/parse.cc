// The parser (spec §1 text, §3 function blocks).
//
// Line by line: each physical line is blank, a comment, a statement, a `func` header or a `}`.
// Only structural mistakes are errors here (E-SYNTAX): what makes a line impossible to read as a
// statement. Everything that needs meaning (types, values, E-FUNC-BODY, E-LITERAL, E-REDEFINED,
// E-UNDEFINED, call arity, size ranges) is recorded in the statement for the validator, which
// checks statements in file order: spec §8 reports the first failing *statement*, so a type error
// on line 3 beats a malformed line 9. The parser therefore stops at its first error and hands over
// everything before it.
#include "oracle/parse.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>

#include "oracle/parse_names.h"

namespace uir {
namespace {

bool is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t'; }

/// `%` or `@` followed by one or more name characters, and nothing else.
bool is_sigil_name(std::string_view token, char sigil) {
  if (token.size() < 2 || token[0] != sigil) return false;
  for (char c : token.substr(1))
    if (!is_name_char(c)) return false;
  return true;
}

/// A token of a line, with its 1-based column.
struct Token {
  std::string_view text;
  int column;
};

/// Fills `out` (cleared first: the parser reuses one vector for every line).
void split_tokens(std::string_view s, int first_column, std::vector<Token>& out) {
  out.clear();
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back({s.substr(start, i - start), first_column + static_cast<int>(start)});
  }
}

/// The line without its comment and trailing blanks.
std::string_view strip_comment(std::string_view line) {
  size_t hash = line.find('#');
  if (hash != std::string_view::npos) line = line.substr(0, hash);
  while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
  return line;
}

/// A strict decimal integer `-?[0-9]+` as int64 (saturating far outside i32).
std::optional<int64_t> parse_decimal(std::string_view s) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && s[i] == '-') negative = true, ++i;
  if (i == s.size()) return std::nullopt;
  int64_t value = 0;
  for (; i < s.size(); ++i) {
    if (!is_digit(s[i])) return std::nullopt;
    if (value < (int64_t{1} << 40)) value = value * 10 + (s[i] - '0');
  }
  return negative ? -value : value;
}

class Parser {
 public:
  Parser(std::string path, std::string_view text) { result_.program.path = std::move(path); split_lines(text); }

  ParseResult run() {
    const auto& lines = result_.program.lines;
    // Every line may be a top-level statement: reserving once keeps a large file from being moved
    // at every doubling, which made parsing grow faster than the input.
    program().stmts.reserve(lines.size());
    top_names_.reserve(lines.size());
    for (size_t i = 0; i < lines.size() && !result_.error; ++i) parse_line(static_cast<int>(i) + 1, lines[i]);
    settle_names(top_names_, program().stmts);
    // A function the parser stopped in keeps the statements before its error (unless fail dropped it).
    if (open_func_ >= 0 && open_func_ < static_cast<int>(program().funcs.size()))
      settle_names(body_names_, program().funcs[open_func_].body);
    if (!result_.error && open_func_ >= 0) {
      // A function still open at the end of the file: its header line, before any error in the lines
      // it leaves unclosed (spec §3). Those lines are dropped unchecked.
      Function& f = program().funcs[open_func_];
      fail(f.line, f.column, static_cast<int>(f.name.size()) + 5,
           fmt::format("function {} is never closed: '}}' missing", f.name));
    }
    return std::move(result_);
  }

 private:
  Program& program() { return result_.program; }

  void split_lines(std::string_view original) {
    result_.program.source = std::make_shared<const std::string>(original);
    std::string_view text = *result_.program.source;
    result_.program.lines.reserve(std::count(text.begin(), text.end(), '\n') + 1);
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (end == text.size() && line.empty() && start == text.size() && start != 0) break;
      result_.program.lines.push_back(line);
      start = end + 1;
    }
  }

  void fail(int line, int column, int length, std::string message) {
    if (result_.error) return;
    result_.error = Error{Rule::Syntax, line, column, length, std::move(message)};
    // A first error inside a function that no later `}` closes: the unclosed function is what §3
    // reports, at its header, which comes first.
    if (open_func_ >= 0 && !closed_later(line)) {
      Function& f = program().funcs[open_func_];
      result_.error = Error{Rule::Syntax, f.line, f.column, static_cast<int>(f.name.size()) + 5,
                            fmt::format("function {} is never closed: '}}' missing", f.name)};
    }
    if (open_func_ >= 0 && result_.error->line == program().funcs[open_func_].line)
      program().funcs.pop_back();  // nothing of an unclosed function is checked
  }

  /// Whether a `}` line follows `line` (it would close the function open there).
  bool closed_later(int line) const {
    const auto& lines = result_.program.lines;
    for (size_t i = line; i < lines.size(); ++i) {
      std::string_view text = strip_comment(lines[i]);
      size_t first = text.find_first_not_of(" \t");
      if (first != std::string_view::npos && text.substr(first) == "}") return true;
    }
    return false;
  }

  std::vector<Stmt>& block() { return open_func_ >= 0 ? program().funcs[open_func_].body : program().stmts; }
  BlockNames& names() { return open_func_ >= 0 ? body_names_ : top_names_; }

  /// At the end of a block: the references its batches of names could not resolve, then the
  /// redefinitions of names of older batches (spec §8 E-REDEFINED), whose references, which found the
  /// later definition in its batch, go to the first.
  static void settle_names(BlockNames& names, std::vector<Stmt>& block) {
    BlockNames::Settled settled = names.finish();
    // (A statement the parser stopped at made its lookups but was never added.)
    for (const BlockNames::Resolved& r : settled.resolved)
      if (r.stmt < static_cast<int32_t>(block.size())) block[r.stmt].operands[r.operand].ref = r.index;
    std::vector<BlockNames::Redefinition>& found = settled.redefined;
    if (found.empty()) return;
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
    for (const BlockNames::Redefinition& r : found) block[r.index].redefines = true;
    for (size_t k = found.front().index + 1; k < block.size(); ++k)
      for (Operand& operand : block[k].operands) {
        if (operand.kind != Operand::Kind::Ref || operand.ref < found.front().index) continue;
        auto it = std::lower_bound(found.begin(), found.end(), operand.ref,
                                   [](const BlockNames::Redefinition& r, int32_t ref) { return r.index < ref; });
        if (it != found.end() && it->index == operand.ref) operand.ref = it->first_index;
      }
  }

  void parse_line(int line_no, std::string_view raw) {
    std::string_view line = strip_comment(raw);
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) return;
    std::string_view rest = line.substr(first);
    int column = static_cast<int>(first) + 1;
    if (rest == "}") return close_function(line_no, column);
    if (rest.substr(0, 4) == "func" && (rest.size() == 4 || is_space(rest[4]) || rest[4] == '@'))
      return parse_header(line_no, rest, column);
    parse_statement(line_no, rest, column);
  }

  void close_function(int line_no, int column) {
    if (open_func_ < 0) return fail(line_no, column, 1, "'}' closes no function");
    Function& f = program().funcs[open_func_];
    f.close_line = line_no;
    if (!f.redefines) func_names_.insert(open_func_name_, open_func_);
    settle_names(body_names_, f.body);
    open_func_ = -1;
    body_names_.clear();
  }

  // func @name(%p: T, ...) -> T {
  void parse_header(int line_no, std::string_view s, int column) {
    if (open_func_ >= 0) return fail(line_no, column, 4, "'func' inside a function body");
    Function f;
    f.line = line_no;
    f.column = column;
    size_t i = 4;
    auto skip = [&] { while (i < s.size() && is_space(s[i])) ++i; };
    auto col = [&](size_t at) { return column + static_cast<int>(at); };
    auto bad = [&](std::string what) {
      fail(line_no, col(std::min(i, s.size())), 1, "malformed function header: " + what +
           " (expected 'func @name(%p: T, ...) -> T {')");
    };
    skip();
    size_t name_start = i;
    if (i < s.size() && s[i] == '@') ++i;
    while (i < s.size() && is_name_char(s[i])) ++i;
    std::string_view name = s.substr(name_start, i - name_start);
    f.name = std::string(name);
    if (!is_sigil_name(f.name, '@')) return i = name_start, bad("a function name '@name'");
    skip();
    if (i >= s.size() || s[i] != '(') return bad("'('");
    ++i;
    skip();
    body_names_.clear();  // the parameters are the body's first names
    while (i < s.size() && s[i] != ')') {
      size_t p_start = i;
      if (s[i] == '%') ++i;
      while (i < s.size() && is_name_char(s[i])) ++i;
      std::string_view p_name = s.substr(p_start, i - p_start);
      if (!is_sigil_name(p_name, '%')) return i = p_start, bad("a parameter name '%name'");
      skip();
      if (i >= s.size() || s[i] != ':') return bad("':' after the parameter name");
      ++i;
      skip();
      size_t t_start = i;
      while (i < s.size() && is_name_char(s[i])) ++i;
      std::optional<DType> type = dtype_from_name(s.substr(t_start, i - t_start));
      if (!type) return i = t_start, bad("a parameter type i32, f32 or bool");
      Stmt param;
      param.op = Op::Param;
      param.name = std::string(p_name);
      param.line = line_no;
      param.column = param.op_column = col(p_start);
      param.dtype_attr = type;
      param.redefines = !body_names_.define(p_name, static_cast<int32_t>(f.body.size()));
      f.body.push_back(std::move(param));
      skip();
      if (i < s.size() && s[i] == ',') {
        ++i;
        skip();
        if (i < s.size() && s[i] == ')') return bad("a parameter after ','");
      } else if (i >= s.size() || s[i] != ')') {
        return bad("',' or ')'");
      }
    }
    if (i >= s.size()) return bad("')'");
    ++i;
    skip();
    if (s.substr(i, 2) != "->") return bad("'->'");
    i += 2;
    skip();
    size_t r_start = i;
    while (i < s.size() && is_name_char(s[i])) ++i;
    std::optional<DType> ret = dtype_from_name(s.substr(r_start, i - r_start));
    if (!ret) return i = r_start, bad("a return type i32, f32 or bool");
    f.ret = *ret;
    skip();
    if (i >= s.size() || s[i] != '{') return bad("'{'");
    ++i;
    skip();
    if (i != s.size()) return bad("nothing after '{'");
    f.num_params = static_cast<int>(f.body.size());
    f.redefines = func_names_.find(name) >= 0;
    program().funcs.push_back(std::move(f));
    open_func_ = static_cast<int>(program().funcs.size()) - 1;
    open_func_name_ = name;
  }

  void parse_statement(int line_no, std::string_view s, int column) {
    Stmt st;
    st.line = line_no;
    st.column = column;
    size_t i = 0;
    std::string_view name;
    if (s[0] == '%') {
      ++i;
      while (i < s.size() && is_name_char(s[i])) ++i;
      name = s.substr(0, i);
      st.name = std::string(name);
      if (st.name.size() < 2 || (i < s.size() && !is_space(s[i]) && s[i] != '='))
        return fail(line_no, column, static_cast<int>(i) + 1, "malformed name: '%' then letters, digits, '_' or '.'");
      while (i < s.size() && is_space(s[i])) ++i;
      if (i >= s.size() || s[i] != '=') return fail(line_no, column + static_cast<int>(i), 1, "'=' expected after the name");
      ++i;
    }
    std::vector<Token>& tokens = tokens_;
    split_tokens(s.substr(i), column + static_cast<int>(i), tokens);
    if (tokens.empty()) return fail(line_no, column + static_cast<int>(s.size()), 1, "an op is missing");
    std::optional<Op> op = op_from_spelling(tokens[0].text);
    if (!op) return fail(line_no, tokens[0].column, static_cast<int>(tokens[0].text.size()),
                         fmt::format("unknown op '{}'", tokens[0].text));
    st.op = *op;
    st.op_column = tokens[0].column;
    const OpInfo& info = op_info(*op);
    if (info.named && st.name.empty())
      return fail(line_no, column, 1, fmt::format("'{}' needs a result name: '%name = {} ...'", info.spelling, info.spelling));
    if (!info.named && !st.name.empty())
      return fail(line_no, column, static_cast<int>(st.name.size()), fmt::format("'{}' has no result: drop '{} ='", info.spelling, st.name));
    if (*op == Op::Ret && open_func_ < 0) return fail(line_no, st.op_column, 3, "'ret' outside a function");

    st.operands.reserve(tokens.size() - 1);  // one allocation: attributes are few
    bool in_attrs = false;
    for (size_t t = 1; t < tokens.size(); ++t) {
      const Token& tok = tokens[t];
      if (tok.text.find('=') != std::string_view::npos) {
        in_attrs = true;
        if (!parse_attribute(st, tok, info)) return;
        continue;
      }
      if (in_attrs) return fail(line_no, tok.column, static_cast<int>(tok.text.size()), "operand after an attribute");
      if (!parse_operand(st, tok, t == 1)) return;
    }
    int n = static_cast<int>(st.operands.size());
    if (n < info.min_operands || (info.max_operands >= 0 && n > info.max_operands)) {
      std::string want = info.max_operands < 0 ? fmt::format("at least {}", info.min_operands)
                         : info.min_operands == info.max_operands ? fmt::format("{}", info.min_operands)
                         : fmt::format("{} to {}", info.min_operands, info.max_operands);
      return fail(line_no, st.op_column, static_cast<int>(info.spelling.size()),
                  fmt::format("'{}' takes {} operand{}, not {}", info.spelling, want, want == "1" ? "" : "s", n));
    }
    // The two roles that are a matter of spelling, not of type: a literal, a function.
    for (size_t k = 0; k < st.operands.size(); ++k) {
      const Operand& operand = st.operands[k];
      OperandRole role = operand_role(info, k, st.operands.size());
      int length = static_cast<int>(operand.text.size());
      if (role == OperandRole::Literal && operand.kind != Operand::Kind::Literal)
        return fail(line_no, operand.column, length, fmt::format("'{}' takes a literal, not a name", info.spelling));
      if (role == OperandRole::Function && operand.kind != Operand::Kind::Func)
        return fail(line_no, operand.column, length, fmt::format("'{}' needs '@function' as its first operand", info.spelling));
    }
    for (unsigned attr : {ATTR_DTYPE, ATTR_SLOT, ATTR_SHAPE}) {
      bool present = attr == ATTR_DTYPE ? st.dtype_attr.has_value() : attr == ATTR_SLOT ? st.slot >= 0 : st.shape >= 0;
      if ((info.attrs & attr) && !present)
        return fail(line_no, st.op_column, static_cast<int>(info.spelling.size()),
                    fmt::format("'{}' needs the attribute {}=", info.spelling,
                                attr == ATTR_DTYPE ? "dtype" : attr == ATTR_SLOT ? "slot" : "shape"));
    }
    if (!name.empty()) st.redefines = !names().define(name, static_cast<int32_t>(block().size()));
    if (*op == Op::Buffer && open_func_ < 0) {
      int32_t& first = buffer_of_slot_[st.slot];  // parse_attribute keeps slots in 0..63
      if (first >= 0) st.redefined_slot_of = first;
      else first = static_cast<int32_t>(block().size());
    }
    block().push_back(std::move(st));
    if (names().batch_full()) names().flush();
  }

  bool parse_operand(Stmt& st, const Token& tok, bool first) {
    Operand operand;
    operand.text = std::string(tok.text);
    operand.column = tok.column;
    if (tok.text[0] == '%') {
      if (!is_sigil_name(tok.text, '%'))
        return fail(st.line, tok.column, static_cast<int>(tok.text.size()), fmt::format("malformed name '{}'", tok.text)), false;
      operand.kind = Operand::Kind::Ref;
      operand.ref = names().find(tok.text, static_cast<int32_t>(block().size()), static_cast<int32_t>(st.operands.size()));
    } else if (tok.text[0] == '@') {
      if (!is_sigil_name(tok.text, '@'))
        return fail(st.line, tok.column, static_cast<int>(tok.text.size()), fmt::format("malformed function name '{}'", tok.text)), false;
      if (st.op != Op::Call || !first)
        return fail(st.line, tok.column, static_cast<int>(tok.text.size()), "'@function' is only allowed as the first operand of 'call'"), false;
      operand.kind = Operand::Kind::Func;
      operand.ref = func_names_.find(tok.text);
    } else {
      std::optional<Scalar> literal = parse_literal(tok.text, &operand.literal_overflow);
      if (!literal)
        return fail(st.line, tok.column, static_cast<int>(tok.text.size()),
                    fmt::format("'{}' is not a name or a literal", tok.text)), false;
      operand.kind = Operand::Kind::Literal;
      operand.literal = *literal;
    }
    st.operands.push_back(std::move(operand));
    return true;
  }

  bool parse_attribute(Stmt& st, const Token& tok, const OpInfo& info) {
    size_t eq = tok.text.find('=');
    std::string_view key = tok.text.substr(0, eq), value = tok.text.substr(eq + 1);
    int len = static_cast<int>(tok.text.size());
    auto bad = [&](std::string message) { fail(st.line, tok.column, len, std::move(message)); return false; };
    unsigned attr = key == "dtype" ? unsigned{ATTR_DTYPE} : key == "slot" ? unsigned{ATTR_SLOT} : key == "shape" ? unsigned{ATTR_SHAPE} : 0u;
    if (attr == 0 || !(info.attrs & attr))
      return bad(fmt::format("'{}' has no attribute '{}'", info.spelling, key));
    if (attr == ATTR_DTYPE) {
      if (st.dtype_attr) return bad("dtype= given twice");
      st.dtype_attr = dtype_from_name(value);
      if (!st.dtype_attr) return bad(fmt::format("unknown dtype '{}': i32, f32 or bool", value));
    } else if (attr == ATTR_SLOT) {
      if (st.slot >= 0) return bad("slot= given twice");
      std::optional<int64_t> slot = parse_decimal(value);
      if (!slot || *slot < 0 || *slot > 63) return bad(fmt::format("slot must be 0..63, not '{}'", value));
      st.slot = static_cast<int32_t>(*slot);
    } else {
      if (st.shape >= 0) return bad("shape= given twice");
      if (value == "[]") {
        st.shape = 1;
      } else {
        std::optional<int64_t> k;
        if (value.size() >= 3 && value.front() == '[' && value.back() == ']' && value[1] != '-')
          k = parse_decimal(value.substr(1, value.size() - 2));
        if (!k || *k < 1 || *k > INT32_MAX) return bad(fmt::format("shape must be [] or [k] with k >= 1, not '{}'", value));
        st.shape = static_cast<int32_t>(*k);
      }
    }
    return true;
  }

  ParseResult result_;
  int open_func_ = -1;
  std::string_view open_func_name_;  // its name in the header line, the key for func_names_
  BlockNames top_names_, body_names_;  // keys are views into result_.program.source
  NameTable func_names_;
  std::array<int32_t, 64> buffer_of_slot_ = make_unset_slots();  // slot -> its first buffer, or -1
  std::vector<Token> tokens_;  // the current line's, kept so that no line allocates its own

  static std::array<int32_t, 64> make_unset_slots() {
    std::array<int32_t, 64> slots;
    slots.fill(-1);
    return slots;
  }
};

}  // namespace

std::optional<Scalar> parse_literal(std::string_view s, bool* overflow) {
  *overflow = false;
  if (s == "true") return Scalar::boolean(true);
  if (s == "false") return Scalar::boolean(false);
  if (s == "inf") return Scalar::f32(std::numeric_limits<float>::infinity());
  if (s == "-inf") return Scalar::f32(-std::numeric_limits<float>::infinity());
  if (s == "nan") return Scalar::f32(std::numeric_limits<float>::quiet_NaN());
  // -?[0-9]+ (i32), or -?[0-9]+\.[0-9]*([eE][+-]?[0-9]+)? (f32)
  size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  size_t digits = i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == digits) return std::nullopt;
  if (i == s.size()) {
    int64_t v = *parse_decimal(s);
    if (v < INT32_MIN || v > INT32_MAX) {
      *overflow = true;
      return Scalar::i32(0);
    }
    return Scalar::i32(static_cast<int32_t>(v));
  }
  if (s[i] != '.') return std::nullopt;
  ++i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == exp_digits) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  // strtof rounds once to nearest-even and gives +-inf beyond the range (spec §1).
  std::string copy(s);
  return Scalar::f32(std::strtof(copy.c_str(), nullptr));
}

ParseResult parse(std::string path, std::string_view text) {
  return Parser(std::move(path), text).run();
}

}  // namespace uir
