// Matching a student's line to an oracle statement cannot use names (a student's are their own), so
// it uses what a line computes: operators, constants, the buffers it reads and writes. Both sides
// are read with the same tokenizer (grader/render/c_tokens.h), the oracle's from its own rendered C, so a
// feature means the same on both. The oracle knows each C line's statement (render_c's line map) and
// so the UIR statement, its loops (the linear list's ranges open at it) and its open ranges (what it
// depends on, spec §5.1).
#include "grader/work/hot_lines.h"

#include "base/text_lines.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "grader/render/c_tokens.h"

namespace uirgrade {
namespace {

constexpr double kNameWeight = 0.5;

const std::set<std::string, std::less<>> kOperators = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<",
                                                       ">", "<=", ">=", "==", "!=", "&&", "||", "!", "~", "?"};
const std::set<std::string, std::less<>> kNotNames = {
    "int32_t", "uint32_t", "int64_t", "uint64_t", "int", "unsigned", "long", "short", "char", "float", "double",
    "bool", "_Bool", "void", "const", "static", "inline", "register", "restrict", "size_t", "return", "if", "else",
    "true", "false", "sizeof", "for", "INT32_MIN", "INT32_MAX", "INFINITY", "NAN", "failed_assert_line"};

/// The operator an oracle helper computes (render_c.cc), or "".
std::string helper_operator(std::string_view name) {
  if (name == "uir_add_i32") return "+";
  if (name == "uir_mul_i32") return "*";
  if (name == "uir_idiv" || name == "uir_idiv_floor") return "/";
  if (name == "uir_mod" || name == "uir_mod_floor") return "%";
  if (name == "uir_f32_to_i32") return "cast";
  return "";
}

/// A math function by what it computes: sqrtf, sqrt and sqrtl are `sqrt`.
std::string math_function(std::string name) {
  static const std::set<std::string, std::less<>> kMath = {"sqrt", "exp2", "log2", "sin", "cos", "exp", "log",
                                                           "fabs", "fmax", "fmin", "pow", "floor", "ceil", "trunc",
                                                           "fmod", "isnan", "isinf"};
  if (kMath.count(name)) return name;
  if ((name.ends_with('f') || name.ends_with('l')) && kMath.count(name.substr(0, name.size() - 1)))
    return name.substr(0, name.size() - 1);
  return "";
}

/// A number token by value, so 3, 3.0f, 0x3 and 3u are one constant.
std::string number_value(std::string text) {
  while (!text.empty() && (text.back() == 'f' || text.back() == 'F' || text.back() == 'u' || text.back() == 'U' ||
                           text.back() == 'l' || text.back() == 'L') &&
         !(text.starts_with("0x") && text.back() != 'u' && text.back() != 'U' && text.back() != 'l' && text.back() != 'L'))
    text.pop_back();
  char* end = nullptr;
  double v = text.starts_with("0x") || text.starts_with("0X") ? static_cast<double>(std::strtoll(text.c_str(), &end, 16))
                                                              : std::strtod(text.c_str(), &end);
  return fmt::format("{}", v);
}

/// Line `line` (from 1) of text split by split_lines; "" past its end.
std::string line_of(const std::vector<std::string_view>& lines, int line) {
  return line >= 1 && static_cast<size_t>(line) <= lines.size() ? std::string(lines[line - 1]) : std::string();
}

/// The oracle's variable names without their index prefix: `v12_i3` -> `i3`, `r2_i` -> `i`.
std::string plain_name(const std::string& name) {
  if (name.size() > 2 && (name[0] == 'v' || name[0] == 'r' || name[0] == 'p') && std::isdigit(static_cast<unsigned char>(name[1]))) {
    size_t underscore = name.find('_');
    if (underscore != std::string::npos && underscore + 1 < name.size()) return name.substr(underscore + 1);
  }
  return name;
}

/// The C source of `stmt`'s line in the program's text, without a trailing comment.
std::string uir_statement_text(const std::string& source, int line) {
  std::string text = text_line(source, line);
  if (size_t hash = text.find('#'); hash != std::string::npos) text.erase(hash);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  size_t start = text.find_first_not_of(" \t");
  return start == std::string::npos ? "" : text.substr(start);
}

std::string trimmed(std::string s) {
  size_t start = s.find_first_not_of(" \t\r");
  if (start == std::string::npos) return "";
  size_t end = s.find_last_not_of(" \t\r");
  return s.substr(start, end - start + 1);
}

/// The feature of the dereference at tokens[star]: "load:" or "store:" (an assignment follows the
/// dereferenced operand) of `dataN` when the operand names a buffer first (`*(data0 + k)`), else of
/// "array".
std::string pointer_access(const std::vector<CToken>& tokens, size_t star) {
  size_t end = star + 1;
  std::string buffer = "array";
  if (end < tokens.size() && tokens[end].text == "(") {
    int depth = 0;
    for (; end < tokens.size(); ++end) {
      if (tokens[end].text == "(") ++depth;
      if (tokens[end].text == ")" && --depth == 0) break;
    }
    const std::string& first = star + 2 < tokens.size() ? tokens[star + 2].text : "";
    if (first.starts_with("data") && first.size() > 4 &&
        std::all_of(first.begin() + 4, first.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      buffer = first;
  }
  bool store = end + 1 < tokens.size() && tokens[end + 1].text.size() <= 2 && tokens[end + 1].text.back() == '=' &&
               tokens[end + 1].text != "==";
  return fmt::format("{}:{}", store ? "store" : "load", buffer);
}

struct OracleStatement {
  int c_line = 0;
  int32_t stmt = -1;
  uint64_t runs = 0;
  std::map<std::string, double> features;
};

}  // namespace

std::map<std::string, double> c_line_features(const std::string& c_line) {
  std::map<std::string, double> features;
  std::vector<CToken> tokens = tokenize_c(c_line);
  for (size_t k = 0; k < tokens.size(); ++k) {
    const CToken& t = tokens[k];
    auto next_is = [&](std::string_view text) { return k + 1 < tokens.size() && tokens[k + 1].text == text; };
    if (t.kind == CToken::Kind::Number) {
      features["num:" + number_value(t.text)] = 1;
    } else if (t.kind == CToken::Kind::Punctuator) {
      // `*` and `&` with no operand before them (a type, `return` or a punctuator) are a dereference
      // and an address, not an operator: `*p` is a load (or a store before `=`), `*(data0 + k)` one
      // of data0, and `float *p` declares.
      const bool operand_before = k > 0 && ((tokens[k - 1].kind == CToken::Kind::Identifier && !kNotNames.count(tokens[k - 1].text)) ||
                                            tokens[k - 1].kind == CToken::Kind::Number || tokens[k - 1].text == ")" ||
                                            tokens[k - 1].text == "]");
      if ((t.text == "*" || t.text == "&") && !operand_before) {
        if (t.text == "*") features[pointer_access(tokens, k)] = 1;
        continue;
      }
      std::string op = t.text;
      if (op.size() == 2 && op[1] == '=' && kOperators.count(op.substr(0, 1))) op = op.substr(0, 1);  // `+=`
      if (op == "++" || op == "--") op = op.substr(0, 1);
      if (kOperators.count(op)) features["op:" + op] = 1;
    } else if (t.kind == CToken::Kind::Identifier) {
      if (t.text == "for") {
        features["for"] = 1;
      } else if (std::string op = helper_operator(t.text); !op.empty()) {
        features[op == "cast" ? "cast" : "op:" + op] = 1;
      } else if (std::string fn = math_function(t.text); !fn.empty() && next_is("(")) {
        features["fn:" + fn] = 1;
      } else if (next_is("[")) {
        // A load or a store: the bracket's match followed by `=` (or `+=` ...) is a store.
        int depth = 0;
        size_t close = k + 1;
        for (; close < tokens.size(); ++close) {
          if (tokens[close].text == "[") ++depth;
          if (tokens[close].text == "]" && --depth == 0) break;
        }
        bool store = close + 1 < tokens.size() && tokens[close + 1].text.size() <= 2 &&
                     tokens[close + 1].text.back() == '=' && tokens[close + 1].text != "==";
        bool buffer = t.text.starts_with("data") && t.text.size() > 4 &&
                      std::all_of(t.text.begin() + 4, t.text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
        features[fmt::format("{}:{}", store ? "store" : "load", buffer ? t.text : "array")] = 1;
      } else if (!kNotNames.count(t.text)) {
        features["name:" + plain_name(t.text)] = kNameWeight;
      }
    }
  }
  return features;
}

double feature_similarity(const std::map<std::string, double>& a, const std::map<std::string, double>& b) {
  double shared = 0, all = 0;
  bool shares_more_than_a_name = false;
  for (const auto& [feature, weight] : a) {
    all += weight;
    if (b.count(feature)) {
      shared += weight;
      shares_more_than_a_name |= !feature.starts_with("name:");
    }
  }
  for (const auto& [feature, weight] : b)
    if (!a.count(feature)) all += weight;
  return shares_more_than_a_name && all > 0 ? shared / all : 0;
}

std::pair<int, int> kernel_body_lines(const std::string& c) {
  std::vector<CToken> tokens = tokenize_c(c);
  int depth = 0;
  for (size_t k = 0; k + 1 < tokens.size(); ++k) {
    if (tokens[k].text == "{") ++depth;
    if (tokens[k].text == "}") --depth;
    if (depth != 0 || tokens[k].text != "kernel" || tokens[k + 1].text != "(") continue;
    // The definition's parameter list, then its body (a declaration ends at `;` instead).
    size_t j = k + 1;
    for (int parens = 0; j < tokens.size(); ++j) {
      if (tokens[j].text == "(") ++parens;
      if (tokens[j].text == ")" && --parens == 0) break;
    }
    if (j + 1 >= tokens.size() || tokens[j + 1].text != "{") continue;
    int first = tokens[j + 1].line;
    for (size_t m = j + 1; m < tokens.size(); ++m) {
      if (tokens[m].text == "{") ++depth;
      if (tokens[m].text == "}" && --depth == 0) return {first, tokens[m].line};
    }
    return {first, tokens.back().line};
  }
  return {0, 0};
}

std::map<int, uint64_t> runs_of_every_statement(const std::string& c, const std::map<int, uint64_t>& runs) {
  std::map<int, uint64_t> out = runs;
  auto [first, last] = kernel_body_lines(c);
  if (first == 0) return out;
  // A block is the statement lines between two of `{`, `}` and a `for` header; `loops` holds the
  // count of each open loop's `for` line.
  std::vector<CToken> tokens = tokenize_c(c);
  std::vector<uint64_t> loops = {1};
  std::vector<int> block;  // its lines, each once
  auto close_block = [&] {
    uint64_t most = 0;
    for (int line : block)
      if (auto it = runs.find(line); it != runs.end()) most = std::max(most, it->second);
    if (most == 0) most = loops.back();
    for (int line : block)
      if (!runs.count(line)) out[line] = most;
    block.clear();
  };
  std::vector<bool> brace_is_loop;
  bool loop_header = false;
  size_t body = 0;  // kernel's opening brace
  while (body < tokens.size() && !(tokens[body].line == first && tokens[body].text == "{")) ++body;
  for (size_t k = body + 1; k < tokens.size(); ++k) {
    const CToken& t = tokens[k];
    if (t.line > last) break;
    if (t.text == "for") {
      close_block();
      auto it = runs.find(t.line);
      loops.push_back(it == runs.end() ? loops.back() : it->second);
      loop_header = true;
      // Skip the header's parentheses: its `;` are not statements.
      int depth = 0;
      for (; k + 1 < tokens.size(); ++k) {
        if (tokens[k + 1].text == "(") ++depth;
        if (tokens[k + 1].text == ")" && --depth == 0) break;
      }
      ++k;
      continue;
    }
    if (t.text == "{") {
      close_block();
      brace_is_loop.push_back(loop_header);
      loop_header = false;
      continue;
    }
    if (t.text == "}") {
      close_block();
      if (!brace_is_loop.empty()) {
        if (brace_is_loop.back() && loops.size() > 1) loops.pop_back();
        brace_is_loop.pop_back();
      }
      continue;
    }
    if (block.empty() || block.back() != t.line) block.push_back(t.line);
    if (t.text == ";" && loop_header) {
      // The body of a `for` without braces is this one statement.
      close_block();
      if (loops.size() > 1) loops.pop_back();
      loop_header = false;
    }
  }
  close_block();
  return out;
}

std::vector<HotLine> find_hot_lines(const std::string& student_c, const std::map<int, uint64_t>& student_runs,
                                    const OracleKernelRuns& oracle, size_t max_lines) {
  if (!oracle.compiled) return {};
  const uir::Program& program = oracle.compiled->program;
  // The oracle's loops around each placed statement: the ranges open when it is emitted.
  std::map<int32_t, std::vector<int32_t>> loops_of;
  std::vector<int32_t> open;
  for (const uir::Placed& item : oracle.compiled->linear.items) {
    const uir::Stmt& s = program.stmts[item.stmt];
    if (s.op == uir::Op::End) {
      if (!open.empty()) open.pop_back();
      continue;
    }
    loops_of[item.stmt] = open;
    if (s.op == uir::Op::Range) open.push_back(item.stmt);
  }
  // Each text split into lines once: a line looked up from the top for every executed line was
  // quadratic in the size of the student's C (issue 39).
  const std::vector<std::string_view> oracle_lines = split_lines(oracle.c);
  const std::vector<std::string_view> student_lines = split_lines(student_c);
  std::vector<OracleStatement> statements;
  for (size_t k = 0; k < oracle.line_stmts.size(); ++k) {
    if (oracle.line_stmts[k] < 0) continue;
    OracleStatement st;
    st.c_line = static_cast<int>(k) + 1;
    st.stmt = oracle.line_stmts[k];
    if (auto it = oracle.runs_by_line.find(st.c_line); it != oracle.runs_by_line.end()) st.runs = it->second;
    st.features = c_line_features(line_of(oracle_lines, st.c_line));
    if (program.stmts[st.stmt].op == uir::Op::End) continue;  // a closing brace computes nothing
    statements.push_back(std::move(st));
  }

  auto [first, last] = kernel_body_lines(student_c);
  std::vector<std::pair<uint64_t, HotLine>> found;  // (extra runs, line)
  for (const auto& [line, runs] : student_runs) {
    if (line < first || line > last || runs == 0) continue;
    std::string text = line_of(student_lines, line);
    std::map<std::string, double> features = c_line_features(text);
    const OracleStatement* best = nullptr;
    double best_score = 0;
    for (const OracleStatement& st : statements) {
      double score = feature_similarity(features, st.features);
      if (score > best_score + 1e-9 || (best && std::abs(score - best_score) <= 1e-9 && score > 0 && st.runs > best->runs)) {
        best = &st;
        best_score = score;
      }
    }
    if (!best || runs <= best->runs) continue;
    const uir::Stmt& s = program.stmts[best->stmt];
    HotLine hot;
    hot.line = line;
    hot.runs = runs;
    hot.source_line = trimmed(text);
    hot.oracle_statement = uir_statement_text(oracle.source, s.line);
    hot.oracle_uir_line = s.line;
    hot.oracle_runs = best->runs;
    for (int32_t loop : loops_of[best->stmt]) hot.oracle_loops.push_back(program.stmts[loop].name);
    for (int32_t range : s.open_ranges)
      if (range != best->stmt) hot.depends_on.push_back(program.stmts[range].name);
    found.emplace_back(runs - best->runs, std::move(hot));
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<HotLine> hot_lines;
  for (size_t k = 0; k < found.size() && k < max_lines; ++k) hot_lines.push_back(std::move(found[k].second));
  return hot_lines;
}

}  // namespace uirgrade
