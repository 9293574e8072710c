// Spec §6.2's list of what a kernel may call, checked against the spec's own words: <math.h>'s
// functions in every precision, memcpy/memmove/memset/memcmp, malloc/calloc/realloc/free, abs,
// abort; nothing that reaches files, processes or other libc.
#include "grader/render/kernel_library.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(KernelLibrary, TheSpecsListAndNothingElse) {
  for (const char* name : {"sqrtf", "sqrt", "sqrtl", "expf", "fmaxf", "memcpy", "memmove", "memset", "memcmp",
                           "malloc", "calloc", "realloc", "free", "abs", "abort"})
    EXPECT_TRUE(is_allowed_library_function(name)) << name;
  for (const char* name : {"system", "printf", "fopen", "syscall", "exit", "getenv", "labs", "strlen", "dlopen"})
    EXPECT_FALSE(is_allowed_library_function(name)) << name;
}

TEST(KernelLibrary, TheSanitizerRuntimeButNotLibcsInternals) {
  EXPECT_TRUE(is_allowed_compiler_symbol("__asan_report_load4"));
  EXPECT_TRUE(is_allowed_compiler_symbol("__ubsan_handle_add_overflow_abort"));
  EXPECT_FALSE(is_allowed_compiler_symbol("__libc_system"));
  EXPECT_FALSE(is_allowed_compiler_symbol("environ"));
}

}  // namespace
}  // namespace uirgrade
