// What a pure kernel may call besides its own functions (spec §6.2), one list for the check on the
// text (pure_kernel_check.h) and the check on the compiled object (kernel_object_check.h).
#pragma once

#include <string_view>

namespace uirgrade {

/// A function a kernel may call: one <math.h> declares under -std=c11 (float, double and long
/// double forms), memcpy, memmove, memset, memcmp, malloc, calloc, realloc, free, abs, abort.
bool is_allowed_library_function(std::string_view name);

/// A name that looks like a call in the text but is one of <math.h>'s classification macros
/// (isnan, signbit, fpclassify, isgreater ...): the compiler turns them into its own builtins.
bool is_math_classification_macro(std::string_view name);

/// A symbol the compiled kernel may reference besides the allowed functions: the sanitizers'
/// runtime (`__asan_*`, `__ubsan_*`, `__sanitizer_*`), and what gcc itself emits for plain C
/// (sincos for a sin and cos of one value, the stack protector, the GOT).
bool is_allowed_compiler_symbol(std::string_view name);

}  // namespace uirgrade
