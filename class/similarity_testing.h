// Students made for the similarity tests and bench: independent renderers, each writing the
// oracle's C in its own style (a combination of the choices two students writing C for spec §6.2
// make differently: loop counters, declarations, indexing, helpers, ...), and a copier's disguises
// of someone else's C (every name renamed, the layout redone, the functions reordered, the same C
// printed by a renderer translated into another language). Text transforms of the oracle's C: its
// lines are one statement each (oracle/render_c.cc), which keeps them simple.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace uirgrade::testing {

/// The choices of one independent student's renderer.
struct RenderStyle {
  int increment = 0;     // r++ / ++r / r += 1
  int declaration = 0;   // `T v = e;` / `const T v = e;` / `T v; v = e;`
  bool parenthesised = false;  // `= (e);`
  bool pointer_indexing = false;  // `*(data0 + i)` for `data0[i]`
  bool reversed_bound = false;    // `n > r` for `r < n`
  bool int_counters = false;      // `int r` for `int32_t r`
  bool status_return = false;     // `int32_t status = 0; return status;`
  bool memset_as_loop = false;    // a loop that zeroes an alloc instead of memset
  int helpers = 0;                // the oracle's helpers / `static` without `inline` / one statement per line
};

/// The style numbered `n` (0 <= n < 1728): every combination once.
inline RenderStyle style_number(uint32_t n) {
  RenderStyle style;
  style.increment = static_cast<int>(n % 3), n /= 3;
  style.declaration = static_cast<int>(n % 3), n /= 3;
  style.helpers = static_cast<int>(n % 3), n /= 3;
  style.parenthesised = n & 1, style.pointer_indexing = n & 2, style.reversed_bound = n & 4;
  style.int_counters = n & 8, style.status_return = n & 16, style.memset_as_loop = n & 32;
  return style;
}

namespace detail {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

inline std::string indent_of(const std::string& line) { return line.substr(0, line.find_first_not_of(' ')); }

/// `data3[e]` -> `*(data3 + e)` everywhere in `line`.
inline std::string pointer_indexing(std::string line) {
  for (size_t at = line.find("data"); at != std::string::npos; at = line.find("data", at + 1)) {
    size_t k = at + 4;
    while (k < line.size() && std::isdigit(static_cast<unsigned char>(line[k]))) ++k;
    if (k == at + 4 || k >= line.size() || line[k] != '[') continue;
    size_t close = line.find(']', k);
    if (close == std::string::npos) continue;
    line = line.substr(0, at) + "*(" + line.substr(at, k - at) + " + " + line.substr(k + 1, close - k - 1) + ")" +
           line.substr(close + 1);
  }
  return line;
}

}  // namespace detail

/// The oracle's C as the student with `style` would have rendered it.
inline std::string render_in_style(const std::string& oracle_c, const RenderStyle& style) {
  using namespace detail;
  std::vector<std::string> out;
  for (std::string line : lines_of(oracle_c)) {
    const std::string indent = indent_of(line);
    const std::string body = line.substr(indent.size());
    if (body.starts_with("for (") && body.ends_with(") {")) {
      // for (INIT; COND; STEP) {
      std::string inside = body.substr(5, body.size() - 8);
      size_t first = inside.find("; "), second = inside.find("; ", first + 2);
      if (first != std::string::npos && second != std::string::npos) {
        std::string init = inside.substr(0, first), cond = inside.substr(first + 2, second - first - 2);
        std::string step = inside.substr(second + 2);
        std::string counter = step.substr(0, step.find("++"));
        if (style.int_counters && init.starts_with("int32_t ")) init = "int " + init.substr(8);
        if (style.reversed_bound && cond.starts_with(counter + " < "))
          cond = cond.substr(counter.size() + 3) + " > " + counter;
        if (style.increment == 1) step = "++" + counter;
        if (style.increment == 2) step = counter + " += 1";
        line = indent + "for (" + init + "; " + cond + "; " + step + ") {";
      }
    } else if (style.memset_as_loop && body.starts_with("memset(") && body.find("sizeof") != std::string::npos) {
      std::string name = body.substr(7, body.find(',') - 7);
      line = indent + "for (size_t z = 0; z < sizeof " + name + " / sizeof " + name + "[0]; z++) " + name + "[z] = 0;";
    } else if (style.status_return && body == "return 0;" && indent == "  ") {
      out.push_back(indent + "int32_t status = 0;");
      line = indent + "return status;";
    } else if (style.helpers > 0 && body.starts_with("static inline ")) {
      line = style.helpers == 1 ? "static " + body.substr(14) : body;
      if (style.helpers == 2 && line.find("{ return ") != std::string::npos && line.ends_with("; }")) {
        size_t open = line.find("{ return ");
        out.push_back(line.substr(0, open) + "{");
        out.push_back("  int32_t result = " + line.substr(open + 9, line.size() - open - 12) + ";");
        line = "  return result;\n}";
      }
    } else {
      for (const char* type : {"int32_t v", "float v", "bool v"}) {
        size_t equals = body.find(" = ");
        if (!body.starts_with(type) || equals == std::string::npos || !body.ends_with(";")) continue;
        std::string declared = body.substr(0, equals);
        std::string name = declared.substr(declared.find(' ') + 1);
        std::string value = body.substr(equals + 3, body.size() - equals - 4);
        if (style.parenthesised) value = "(" + value + ")";
        if (style.declaration == 0) line = indent + declared + " = " + value + ";";
        if (style.declaration == 1) line = indent + "const " + declared + " = " + value + ";";
        if (style.declaration == 2) {
          out.push_back(indent + declared + ";");
          line = indent + name + " = " + value + ";";
        }
        break;
      }
    }
    if (style.pointer_indexing) line = pointer_indexing(line);
    out.push_back(line);
  }
  return joined(out);
}

/// Every name the renderer chose (values, ranges, allocs, parameters, functions, helpers) renamed
/// consistently: what a copier does first.
inline std::string rename_every_identifier(const std::string& c) {
  std::map<std::string, std::string> names;
  auto chosen = [](const std::string& word) {
    auto numbered = [&](const std::string& prefix) {
      return word.starts_with(prefix) && word.size() > prefix.size() &&
             std::isdigit(static_cast<unsigned char>(word[prefix.size()])) && word.find('_') != std::string::npos;
    };
    return numbered("v") || numbered("r") || numbered("p") || numbered("f") || numbered("alloc") ||
           word.starts_with("uir_") || word == "status" || word == "result" || word == "z";
  };
  std::string out;
  for (size_t k = 0; k < c.size();) {
    if (std::isalpha(static_cast<unsigned char>(c[k])) || c[k] == '_') {
      size_t end = k;
      while (end < c.size() && (std::isalnum(static_cast<unsigned char>(c[end])) || c[end] == '_')) ++end;
      std::string word = c.substr(k, end - k);
      if (chosen(word)) {
        auto [it, inserted] = names.emplace(word, "");
        if (inserted) it->second = "q" + std::to_string(names.size() * 7 + 3) + "_tmp";
        word = it->second;
      }
      out += word;
      k = end;
    } else {
      out += c[k++];
    }
  }
  return out;
}

/// The layout redone: four-space indents, braces on their own lines, blank lines, comments changed.
inline std::string reformat(const std::string& c) {
  using namespace detail;
  std::vector<std::string> out = {"/* kernel.c -- generated */"};
  int depth = 0;
  for (const std::string& line : lines_of(c)) {
    std::string body = line.substr(line.find_first_not_of(' ') == std::string::npos ? line.size()
                                                                                     : line.find_first_not_of(' '));
    if (body.starts_with("//")) continue;
    if (body.starts_with("}")) --depth;
    std::string pad(static_cast<size_t>(std::max(depth, 0)) * 4, ' ');
    if (body.ends_with(" {") && !body.starts_with("static")) {
      out.push_back(pad + body.substr(0, body.size() - 2));
      out.push_back(pad + "{");
    } else {
      out.push_back(pad + body);
    }
    if (body.ends_with("{")) ++depth;
    if (body == "}") out.push_back("");
  }
  return joined(out);
}

/// The functions in another order: the kernel first, after prototypes of the helpers, then the
/// helpers last to first.
inline std::string reorder_functions(const std::string& c) {
  using namespace detail;
  std::vector<std::string> preamble, prototypes, kernel;
  std::vector<std::vector<std::string>> helpers;
  std::vector<std::string>* current = nullptr;
  for (const std::string& line : lines_of(c)) {
    if (current == nullptr && line.starts_with("static ")) {
      helpers.push_back({});
      current = &helpers.back();
      prototypes.push_back(line.substr(0, line.find(')') + 1) + ";");
    } else if (current == nullptr && line.starts_with("int32_t kernel(")) {
      current = &kernel;
    }
    if (current == nullptr) {
      if (!line.starts_with("//")) preamble.push_back(line);
      continue;
    }
    current->push_back(line);
    // A one-line helper, or a function's closing brace, ends it.
    if (line == "}" || (current != &kernel && line.starts_with("static ") && line.ends_with("}"))) current = nullptr;
  }
  std::vector<std::string> out = preamble;
  out.insert(out.end(), prototypes.begin(), prototypes.end());
  out.insert(out.end(), kernel.begin(), kernel.end());
  for (auto helper = helpers.rbegin(); helper != helpers.rend(); ++helper) out.insert(out.end(), helper->begin(), helper->end());
  return joined(out);
}

/// The same C as a renderer translated into another language prints it (a Python port): tabs for
/// indents, `float* data0` spacing, no comments.
inline std::string as_translated_renderer(const std::string& c) {
  using namespace detail;
  std::vector<std::string> out;
  for (std::string line : lines_of(c)) {
    if (line.starts_with("//")) continue;
    std::string indent = indent_of(line);
    line = std::string(indent.size() / 2, '\t') + line.substr(indent.size());
    for (size_t at = line.find(" *data"); at != std::string::npos; at = line.find(" *data", at)) line.replace(at, 6, "* data");
    out.push_back(line);
  }
  return joined(out);
}

}  // namespace uirgrade::testing
