// Each statement line is split into tokens (the text has no strings, so spaces separate tokens);
// its attributes (`key=value` after the op) are shuffled, the spaces around `=` dropped or kept,
// the separators widened, and a comment appended, each by its own draw. Whole-file: `\r\n` ends,
// and every name respelt one way (a name is `%` or `@` then any of [A-Za-z0-9_.], spec §1, but the
// generator writes letters and digits only) by draws of a second generator, so that the draws of
// the first, and with them every other respelling, are what they were before names were varied.
#include "generators/text_variation.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "oracle/seeded_random.h"

namespace uirgen {
namespace {

bool chance(uir::SplitMix64& rng, int percent) { return static_cast<int>(rng.next() % 100) < percent; }

std::vector<std::string> tokens_of(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

std::string vary_line(const std::string& line, uir::SplitMix64& rng) {
  size_t first = line.find_first_not_of(' ');
  if (first == std::string::npos || line[first] == '#' || line.compare(first, 4, "func") == 0 || line[first] == '}')
    return line;
  if (line.find('#') != std::string::npos) return line;  // already carries a comment: leave it as written
  std::string indent = line.substr(0, first);
  std::vector<std::string> tokens = tokens_of(line);
  // Attributes: the trailing tokens that hold '=' (not the statement's own `=`).
  size_t attrs_begin = tokens.size();
  while (attrs_begin > 2 && tokens[attrs_begin - 1].find('=') != std::string::npos && tokens[attrs_begin - 1] != "=")
    --attrs_begin;
  if (tokens.size() - attrs_begin >= 2 && chance(rng, 50))
    for (size_t k = tokens.size(); k > attrs_begin + 1; --k)
      std::swap(tokens[k - 1], tokens[attrs_begin + rng.next() % (k - attrs_begin)]);
  std::string sep = chance(rng, 20) ? "  " : " ";
  std::string out = indent;
  for (size_t k = 0; k < tokens.size(); ++k) {
    bool around_equals = k > 0 && (tokens[k] == "=" || tokens[k - 1] == "=");  // the space before or after it
    if (k > 0) out += around_equals && chance(rng, 40) ? "" : sep;
    out += tokens[k];
  }
  if (chance(rng, 15)) out += "   # a comment";
  return out;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

/// The ways a whole file's names are respelt; each maps distinct names to distinct names.
enum class NameStyle { AsWritten, UnderscoreFirst, DigitAndDotFirst, DotLast };

std::string respell_names(const std::string& line, NameStyle style) {
  if (style == NameStyle::AsWritten) return line;
  size_t code_end = std::min(line.find('#'), line.size());
  std::string out;
  for (size_t i = 0; i < line.size();) {
    if (i >= code_end || (line[i] != '%' && line[i] != '@')) {
      out += line[i++];
      continue;
    }
    size_t end = i + 1;
    while (end < code_end && is_name_char(line[end])) ++end;
    std::string name = line.substr(i + 1, end - i - 1);
    out += line[i];
    if (style == NameStyle::UnderscoreFirst) out += "_" + name;
    if (style == NameStyle::DigitAndDotFirst) out += "0." + name;
    if (style == NameStyle::DotLast) out += name + ".";
    i = end;
  }
  return out;
}

}  // namespace

std::string vary_spelling(const std::string& text, uint64_t seed) {
  uir::SplitMix64 rng{seed};
  bool crlf = chance(rng, 25);
  uir::SplitMix64 names_rng{seed ^ 0x6e616d6573ULL};  // "names"
  auto style = static_cast<NameStyle>(names_rng.next() % 4);
  std::istringstream in(text);
  std::string out;
  bool first = true;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // The first line is the generator's header, read back by the minimiser: its spacing is kept
    // (being a comment, it has no names to respell).
    out += respell_names(first ? line : vary_line(line, rng), style) + (crlf ? "\r\n" : "\n");
    first = false;
  }
  return out;
}

}  // namespace uirgen
