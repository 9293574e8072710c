// Why these names stay: they are not the student's to choose (C's keywords, spec §6.2's library,
// the kernel's name and its `data<slot>` parameters), so they carry the kernel's structure without
// carrying anyone's naming. Everything else an identifier can be is the student's.
#include "class/similarity_fingerprint.h"

#include <algorithm>
#include <iterator>
#include <cctype>
#include <unordered_set>

#include "grader/render/c_tokens.h"
#include "grader/render/kernel_library.h"

namespace uirgrade {
namespace {

constexpr std::string_view kFixedNames[] = {
    // C11's keywords
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while",
    "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
    "_Static_assert", "_Thread_local",
    // the allowed headers' types and macros a kernel uses
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t",
    "ptrdiff_t", "intptr_t", "uintptr_t", "bool", "true", "false", "NULL", "INFINITY", "NAN", "INT32_MIN",
    "INT32_MAX", "UINT32_MAX", "INT_MIN", "INT_MAX", "INT64_MIN", "INT64_MAX", "FLT_MAX", "FLT_MIN", "FLT_EPSILON",
    "HUGE_VALF", "include", "stdint", "stdbool", "math", "stddef",
    // spec §6.2's names
    "kernel"};

bool fixed_name(std::string_view name) {
  static const std::unordered_set<std::string_view> names(std::begin(kFixedNames), std::end(kFixedNames));
  if (names.contains(name) || is_allowed_library_function(name) || is_math_classification_macro(name)) return true;
  // data<slot>: the buffers' parameters, named by the spec
  return name.size() > 4 && name.starts_with("data") &&
         std::all_of(name.begin() + 4, name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

uint64_t fnv1a(std::string_view text) {
  uint64_t hash = 1469598103934665603ull;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: k-gram hashes spread over all 64 bits
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

std::vector<NormalizedToken> normalized_tokens(std::string_view c) {
  std::vector<NormalizedToken> out;
  for (const CToken& token : tokenize_c(c)) {
    std::string text;
    switch (token.kind) {
      case CToken::Kind::Identifier: text = fixed_name(token.text) ? token.text : "$"; break;
      case CToken::Kind::Number: text = "0"; break;
      case CToken::Kind::String: text = "\"\""; break;
      case CToken::Kind::Char: text = "''"; break;
      case CToken::Kind::Punctuator:
      case CToken::Kind::Other: text = token.text; break;
    }
    out.push_back({std::move(text), token.line, token.starts_line});
  }
  return out;
}

std::vector<Fingerprint> fingerprints(std::string_view c, int kgram, int window) {
  const std::vector<NormalizedToken> tokens = normalized_tokens(c);
  std::vector<uint64_t> token_hashes;
  token_hashes.reserve(tokens.size());
  for (const NormalizedToken& token : tokens) token_hashes.push_back(fnv1a(token.text));
  std::vector<Fingerprint> chosen;
  std::unordered_set<uint64_t> seen;
  // One unit [begin, end): its k-grams, winnowed.
  auto winnow = [&](size_t begin, size_t end) {
    if (begin >= end) return;
    const size_t k = std::min(end - begin, static_cast<size_t>(kgram));
    const size_t grams = end - begin - k + 1;
    std::vector<uint64_t> gram_hashes(grams);
    for (size_t g = 0; g < grams; ++g) {
      uint64_t hash = 0;
      for (size_t j = 0; j < k; ++j) hash = mix(hash ^ token_hashes[begin + g + j]);
      gram_hashes[g] = hash;
    }
    // The smallest hash of each window (the rightmost of equal ones), each chosen position once.
    const size_t w = std::min(grams, static_cast<size_t>(window));
    size_t last = grams;  // no position chosen yet
    for (size_t start = 0; start + w <= grams; ++start) {
      size_t best = start;
      for (size_t g = start; g < start + w; ++g)
        if (gram_hashes[g] <= gram_hashes[best]) best = g;
      if (best == last) continue;
      last = best;
      if (seen.insert(gram_hashes[best]).second)
        chosen.push_back({gram_hashes[best], tokens[begin + best].line, tokens[begin + best + k - 1].line});
    }
  };
  // Units: a directive line; or tokens up to a `;` or `}` at depth 0.
  size_t begin = 0;
  int depth = 0;
  for (size_t t = 0; t < tokens.size(); ++t) {
    if (tokens[t].starts_line && tokens[t].text == "#") {
      winnow(begin, t);
      size_t end = t + 1;
      while (end < tokens.size() && !tokens[end].starts_line) ++end;
      winnow(t, end);
      begin = end;
      t = end - 1;
      continue;
    }
    if (tokens[t].text == "{") ++depth;
    if (tokens[t].text == "}") depth = std::max(0, depth - 1);
    if (depth == 0 && (tokens[t].text == ";" || tokens[t].text == "}")) {
      winnow(begin, t + 1);
      begin = t + 1;
    }
  }
  winnow(begin, tokens.size());
  return chosen;
}

}  // namespace uirgrade
