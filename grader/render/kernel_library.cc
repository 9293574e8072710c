// The <math.h> list is glibc's under -std=c11 (what `cc -std=c11 -E` of <math.h> declares), which is
// C11's 7.12: each function in its double, float (`f`) and long double (`l`) forms.
#include "grader/render/kernel_library.h"

#include <set>
#include <string>

namespace uirgrade {
namespace {

std::set<std::string, std::less<>> allowed_functions() {
  static const char* const kMath[] = {
      "acos",  "acosh",  "asin",      "asinh",     "atan",     "atan2",     "atanh",   "cbrt",   "ceil",  "copysign",
      "cos",   "cosh",   "erf",       "erfc",      "exp",      "exp2",      "expm1",   "fabs",   "fdim",  "floor",
      "fma",   "fmax",   "fmin",      "fmod",      "frexp",    "hypot",     "ilogb",   "ldexp",  "lgamma", "llrint",
      "llround", "log",  "log10",     "log1p",     "log2",     "logb",      "lrint",   "lround", "modf",  "nan",
      "nearbyint", "nextafter", "nexttoward", "pow", "remainder", "remquo", "rint",    "round",  "scalbln", "scalbn",
      "sin",   "sinh",   "sqrt",      "tan",       "tanh",     "tgamma",    "trunc"};
  std::set<std::string, std::less<>> names = {"memcpy", "memmove", "memset", "memcmp", "malloc", "calloc",
                                              "realloc", "free", "abs", "abort"};
  for (const char* base : kMath)
    for (const char* suffix : {"", "f", "l"}) names.insert(std::string(base) + suffix);
  return names;
}

}  // namespace

bool is_allowed_library_function(std::string_view name) {
  static const std::set<std::string, std::less<>> names = allowed_functions();
  return names.contains(name);
}

bool is_math_classification_macro(std::string_view name) {
  static const std::set<std::string, std::less<>> names = {
      "fpclassify", "isfinite", "isinf",  "isnan",          "isnormal",    "signbit",
      "isgreater",  "isgreaterequal", "isless", "islessequal", "islessgreater", "isunordered"};
  return names.contains(name);
}

bool is_allowed_compiler_symbol(std::string_view name) {
  for (std::string_view prefix : {"__asan_", "__ubsan_", "__sanitizer_"})
    if (name.starts_with(prefix)) return true;
  static const std::set<std::string, std::less<>> names = {"sincos", "sincosf", "sincosl", "__stack_chk_fail",
                                                           "_GLOBAL_OFFSET_TABLE_"};
  return names.contains(name);
}

}  // namespace uirgrade
