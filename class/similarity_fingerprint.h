// The fingerprints of one rendered kernel, for the class's similarity report (docs/instructors.md,
// "Similarity"). The C is read as the compiler reads it (grader/render/c_tokens.h); layout and comments
// are gone with the tokens, every name the student chose becomes one token `$`, every literal its
// kind, so renaming and reformatting change nothing. What stays are the C keywords, the library's
// names and the punctuation: the structure. Hashes of k tokens in a row, winnowed (Schleimer,
// Wilkerson, Aiken, SIGMOD 2003: the smallest hash of every window of w k-grams), are the
// fingerprints: two texts that share a run of at least k + w - 1 normalised tokens share one.
// K-grams do not cross the end of a top-level unit (a function, a declaration, a directive line),
// so that functions in another order, or a prototype added before one, change only their own few
// fingerprints: the kernels of a week are short, and k-grams across their edges would be many.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

inline constexpr int kSimilarityKgram = 10;   // tokens per k-gram (JPlag's default for C is 9-12)
inline constexpr int kSimilarityWindow = 6;   // k-grams per winnowing window

/// One token of the normalised stream, with the line it came from (for highlighting).
struct NormalizedToken {
  std::string text;  // a keyword, library name or punctuator as written; `$` for a name, `0` `""` `''` for literals
  int line = 0;
  bool starts_line = false;
};

/// The tokens of `c` with names and literals normalised.
std::vector<NormalizedToken> normalized_tokens(std::string_view c);

struct Fingerprint {
  uint64_t hash = 0;
  int first_line = 0, last_line = 0;  // the lines its k-gram spans
};

/// The winnowed fingerprints of `c`, in text order, each once (a repeated k-gram keeps its first
/// place). A unit shorter than k tokens is one k-gram.
std::vector<Fingerprint> fingerprints(std::string_view c, int kgram = kSimilarityKgram, int window = kSimilarityWindow);

}  // namespace uirgrade
