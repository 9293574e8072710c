// Inspecting the C a compiler under test renders (spec §6.2): only `for` loops are allowed, and a
// render test may demand an exact number of `for` statements (`# render: loops=N`, spec §7),
// counted on what the compiler compiles.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace uirgrade {

struct ForbiddenConstruct {
  /// What is wrong, as a student reads it after `kernel.c:LINE: render: `: "uses `while`: a kernel
  /// has only `for` loops", "calls system(), which a kernel may not call ...", "recursion (f -> f)"
  std::string what;
  int line = 0;      // 1-based line of the C
  std::string source_line;
};

/// The first violation of the render rules on the C's text, by line: a byte the compiler would read
/// otherwise than the checks (kernel_text.h: encoding, control characters, trigraphs, line splices;
/// first on its line), the pure-kernel rules (pure_kernel_check.h: directives, `while`/`do`/`goto`,
/// asm, attributes, calls, function pointers, file-scope objects ...) or a call that closes a cycle
/// among the file's functions (recursion, at the call). A text over 1 MiB is refused unread.
std::optional<ForbiddenConstruct> find_forbidden_construct(std::string_view c);

/// The render rules on what the compiler compiles: in the preprocessed translation unit (`cc -E`
/// output, macros expanded, so token pasting and `#define`d keywords are seen), the forbidden words
/// and inline assembly in the lines that come from the main file (system headers are not the
/// student's), and any use of a function of `functions` (the file's own, from its call graph) other
/// than a call: a function whose address is taken can be called back (qsort, atexit, a pointer) in
/// a cycle no call graph shows. The student's lines are all those gcc does not mark as a system
/// header's, whatever file name a line marker gives. Lines point into `c`, the student's text.
std::optional<ForbiddenConstruct> find_forbidden_in_preprocessed(std::string_view preprocessed, std::string_view c,
                                                                 const std::set<std::string>& functions);

/// The number of `for` statements in the C's text (comments and literals ignored; a macro's
/// replacement text counts once, however often it is used). Exact for C without
/// macros or conditionals, such as the oracle's.
int count_for_loops(std::string_view c);

/// The number of `for` statements the compiler compiles (what `# render: loops=N` counts, spec §7):
/// those in the main file's lines of the preprocessed unit, so a `for` written through a macro
/// counts once per use, one in a `#if 0` block or an unused macro not at all, and none of a header's.
int count_for_loops_in_preprocessed(std::string_view preprocessed);

}  // namespace uirgrade
