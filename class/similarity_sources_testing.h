// The disguises a copier puts on a source file, for the source similarity's tests and bench
// (class/similarity_sources.h): every identifier renamed, the top-level pieces reordered, the layout
// redone.
#pragma once

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace uirgrade::testing {

/// Every identifier that is not a C++ keyword renamed consistently (comments and strings too: a
/// crude rename, as a hurried copier's search-and-replace is).
inline std::string rename_identifiers(const std::string& text) {
  static const std::set<std::string> keywords = {
      "int", "char", "bool", "void", "auto", "const", "return", "if", "else", "for", "while", "do", "switch",
      "case", "default", "break", "continue", "struct", "class", "namespace", "using", "static", "inline", "true",
      "false", "nullptr", "template", "typename", "include", "define", "pragma", "once", "size_t", "double",
      "float", "unsigned", "long", "short", "public", "private", "virtual", "override", "operator", "new",
      "delete", "this", "enum", "sizeof", "std", "constexpr", "explicit", "throw", "try", "catch", "uint32_t",
      "int32_t", "int64_t", "uint64_t", "uint8_t", "string", "vector", "map", "set", "typedef", "goto", "extern",
      "volatile", "register", "union", "signed"};
  std::map<std::string, std::string> renamed;
  std::string out;
  for (size_t k = 0; k < text.size();) {
    if (std::isalpha(static_cast<unsigned char>(text[k])) || text[k] == '_') {
      size_t end = k;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
      std::string word = text.substr(k, end - k);
      if (!keywords.contains(word)) {
        auto [it, inserted] = renamed.emplace(word, "");
        if (inserted) it->second = "zz" + std::to_string(renamed.size() * 13 + 5);
        word = it->second;
      }
      out += word;
      k = end;
    } else {
      out += text[k++];
    }
  }
  return out;
}

/// The top-level pieces (each ending at a line "}" or "};" in column 0) in reverse order.
inline std::string reorder_top_level(const std::string& text) {
  std::vector<std::string> pieces(1);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    pieces.back() += line + "\n";
    if (line == "}" || line == "};") pieces.emplace_back();
    start = end + 1;
  }
  std::string out;
  for (auto piece = pieces.rbegin(); piece != pieces.rend(); ++piece) out += *piece;
  return out;
}

/// The layout redone: no comment lines, tabs for indents, every `{` on a line of its own, a blank
/// line after each statement.
inline std::string reformat(const std::string& text) {
  std::string out = "/* reformatted */\n";
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    size_t body = line.find_first_not_of(' ');
    if (body == std::string::npos) continue;
    std::string rest = line.substr(body);
    if (rest.starts_with("//")) continue;
    std::string indent(body / 2, '\t');
    if (rest.ends_with(" {")) out += indent + rest.substr(0, rest.size() - 2) + "\n" + indent + "{\n";
    else out += indent + rest + "\n\n";
  }
  return out;
}

}  // namespace uirgrade::testing
