// Inspecting the C a compiler under test renders (spec §6.2): only `for` loops are allowed, and a
// render test may demand an exact number of `for` statements (`# render: loops=N`, spec §7).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uirgrade {

/// `c` with comments, string and character literals and preprocessor lines replaced by spaces,
/// newlines kept, so that offsets and line numbers still point into the original text. The
/// replacement text of a `#define` is kept (a macro can hide a `while`).
std::string strip_c_noise(std::string_view c);

struct ForbiddenConstruct {
  std::string what;  // "while", "do", "goto", "setjmp", "recursion (kernel -> helper -> kernel)"
  int line = 0;      // 1-based line of the C
  std::string source_line;
};

/// The first forbidden construct of the C (by line): `while`, `do`, `goto`, `setjmp`/`longjmp` and
/// their variants, or a function that calls itself directly or through other functions of the file.
std::optional<ForbiddenConstruct> find_forbidden_construct(std::string_view c);

/// The number of `for` statements in the C (comments, strings and preprocessor lines ignored).
int count_for_loops(std::string_view c);

}  // namespace uirgrade
