// The tokens of a C11 file as the compiler sees them after translation phases 1-3 (C11 5.1.1.2):
// trigraphs replaced (gcc honours them under -std=c11), line splices (backslash-newline) removed,
// comments gone, literals one token each, digraphs spelled as the punctuator they stand for. The
// render rules (pure_kernel_check.h) read these tokens, so no spelling hides a directive or a
// keyword from them that the compiler would see. A student's kernel reaches them only after
// kernel_text.h has refused trigraphs, splices and a lone CR (which gcc ends a line at, and this
// reader did not); they are still replayed here for every other C the grader reads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

struct CToken {
  enum class Kind { Identifier, Number, String, Char, Punctuator, Other };
  Kind kind = Kind::Other;
  std::string text;         // a digraph or trigraph spelled as what it means (`%:` is "#")
  int line = 0;             // 1-based line in the original text where the token starts
  bool starts_line = false; // the first token of its logical line (a `#` here starts a directive)
};

/// Every token of `c`. Never fails: an unterminated comment or literal runs to the end of the file
/// (the compiler refuses the file; the checks still see what came before).
std::vector<CToken> tokenize_c(std::string_view c);

/// What the trigraph `??third` means in translation phase 1 (`=` gives '#'), or 0 when `??third`
/// is not one: the tokenizer replaces trigraphs with it, and kernel_text.cc names it when it refuses
/// one.
char trigraph_meaning(char third);

/// Line `line` (1-based) of `text`, without its newline; empty if there is none.
std::string text_line(std::string_view text, int line);

}  // namespace uirgrade
