#include "grader/render/pure_kernel_check.h"

#include <gtest/gtest.h>

#include <string>

namespace uirgrade {
namespace {

// A kernel that uses every construct a pure kernel may use (spec §6.2).
const char* kHonest =
    "#include <stdint.h>\n"
    "#include <stdbool.h>\n"
    "#include <stddef.h>\n"
    "#include <math.h>\n"
    "#include <float.h>\n"
    "#include <limits.h>\n"
    "#include <string.h>\n"
    "#include <stdlib.h>\n"
    "static const float kScale = 2.0f;\n"
    "static const float *const kTable[1] = {&kScale};\n"
    "struct pair { int32_t a, b; };\n"
    "typedef struct pair pair_t;\n"
    "enum { kCount = 4 };\n"
    "static float sq(float x);\n"
    "static float sq(float x) { return x * x; }\n"
    "float twice(float x) { return sq(x) * *kTable[0] / kScale * 2.0f; }\n"
    "int32_t kernel(float *data0, int32_t *data1) {\n"
    "  float local[kCount];\n"
    "  pair_t p = {1, 2};\n"
    "  static int32_t calls;\n"
    "  memset(local, 0, sizeof local);\n"
    "  float *tmp = calloc(4, sizeof(float));\n"
    "  if (!tmp) abort();\n"
    "  for (size_t i = 0; i < 4; ++i) {\n"
    "    tmp[i] = isnan(data0[i]) ? NAN : fmaxf(sqrtf(fabsf(data0[i])), -INFINITY) + (float)FLT_EPSILON;\n"
    "    data1[i] = abs(data1[i] % INT32_MAX) + p.a + (int32_t)sizeof(struct pair) + (_Bool)true;\n"
    "  }\n"
    "  memcpy(data0, tmp, 4 * sizeof(float));\n"
    "  free(tmp);\n"
    "  return twice(local[0]) > 0 ? 0 : (int32_t)calls;\n"
    "}\n";

TEST(GraderPureKernel, AnHonestKernelUsingEveryAllowedConstructPasses) {
  auto found = find_impure_construct(kHonest);
  EXPECT_FALSE(found) << found->line << ": " << found->what;
}

struct Case {
  const char* name;
  std::string c;
  int line;
  std::string says;  // a part of the message
};

// Each is a kernel with one violation; `line` is where it is.
std::vector<Case> cases() {
  const std::string k = "int kernel(void) {\n";
  return {
      {"system", "#include <stdlib.h>\n" + k + "  system(\"cc x.c\");\n  return 0;\n}\n", 3, "calls system()"},
      {"implicit", k + "  unlink(\"x\");\n  return 0;\n}\n", 2, "calls unlink()"},
      {"syscall", k + "  return syscall(60, 0);\n}\n", 2, "calls syscall()"},
      {"fopen", k + "  fopen(\"/etc/passwd\", \"r\");\n  return 0;\n}\n", 2, "calls fopen()"},
      {"builtin", k + "  __builtin_trap();\n  return 0;\n}\n", 2, "`__builtin_trap`"},
      {"define", "#define X 1\n" + k + "  return X;\n}\n", 1, "`#define`"},
      {"pragma", "#pragma GCC optimize(\"O0\")\n" + k + "  return 0;\n}\n", 1, "`#pragma`"},
      {"digraph directive", "%:define X 1\n" + k + "  return 0;\n}\n", 1, "`#define`"},
      {"trigraph directive", "?\?=define X 1\n" + k + "  return 0;\n}\n", 1, "`#define`"},
      {"spliced directive", "#def\\\nine X 1\n" + k + "  return 0;\n}\n", 1, "`#define`"},
      {"splice with blanks", "#inc\\  \nlude <stdio.h>\n" + k + "  return 0;\n}\n", 1, "<stdio.h>"},
      {"other header", "#include <stdio.h>\n" + k + "  return 0;\n}\n", 1, "<stdio.h>"},
      {"quoted include", "#include \"/dev/zero\"\n" + k + "  return 0;\n}\n", 1, "includes something"},
      {"line marker", "# 1 \"x.c\"\n" + k + "  return 0;\n}\n", 1, "`#1`"},
      {"asm", k + "  __asm__(\"nop\");\n  return 0;\n}\n", 2, "no assembly"},
      {"attribute", "__attribute__((constructor)) static void f(void) {}\n" + k + "  return 0;\n}\n", 1, "attribute"},
      {"section", "static const char s[] __attribute__((section(\".text\\n.incbin\"))) = \"\";\n" + k +
                      "  return 0;\n}\n", 1, "attribute"},
      {"c2x attribute", "[[gnu::noinline]] static int f(void) { return 0; }\n" + k + "  return f();\n}\n", 1,
       "`[[...]]`"},
      {"_Pragma", k + "  _Pragma(\"GCC optimize(0)\")\n  return 0;\n}\n", 2, "_Pragma"},
      {"reserved", k + "  int __x = 0;\n  return __x;\n}\n", 2, "`__x`"},
      {"reserved capital", k + "  int _X = 0;\n  return _X;\n}\n", 2, "`_X`"},
      {"function pointer", "static int f(void) { return 0; }\n" + k + "  int (*p)(void) = 0;\n  return p();\n}\n", 3,
       "function pointer"},
      {"function as value", "static int f(void) { return 0; }\n" + k + "  void *p = (void *)f;\n  return 0;\n}\n", 3,
       "uses the function f as a value"},
      {"library function as value", "#include <math.h>\n" + k + "  void *p = (void *)&sinf;\n  return 0;\n}\n", 3,
       "sinf as a value"},
      {"function typedef", "typedef int fn(void);\n" + k + "  return 0;\n}\n", 1, "function type"},
      {"function parameter", "static int call(int g(void)) { return g(); }\n" + k + "  return 0;\n}\n", 1,
       "parameter `g`"},
      {"variadic", "static int f(int n, ...) { return n; }\n" + k + "  return f(1, 2);\n}\n", 1, "variadic"},
      {"global", "static int counter;\n" + k + "  return counter++;\n}\n", 1, "`counter`"},
      {"pointer to const is not const", "static const char *p = \"x\";\n" + k + "  return 0;\n}\n", 1, "`p`"},
      {"global struct", "struct s { int a; } g;\n" + k + "  return g.a;\n}\n", 1, "`g`"},
      {"extern", "extern const int x;\n" + k + "  return x;\n}\n", 1, "`extern`"},
      {"while", k + "  int i = 0;\n  while (i < 3) i++;\n  return 0;\n}\n", 3, "`while`"},
      {"do", k + "  int i = 0;\n  do {\n    i++;\n  } for (;;);\n}\n", 3, "`do`"},
      {"goto", k + "again:\n  goto again;\n}\n", 3, "`goto`"},
      {"K&R", "static int f(a) int a; { return a; }\n" + k + "  return f(1);\n}\n", 1, "K&R"},
      {"defines a library name", "void *memset(void *p, int c, unsigned long n) { return p; }\n" + k +
                                     "  return 0;\n}\n", 1, "defines memset()"},
      {"main", k + "  return 0;\n}\nint main(void) { return kernel(); }\n", 4, "`main`"},
      {"stray hash", k + "  return 0 # 1;\n}\n", 2, "`#`"},
  };
}

TEST(GraderPureKernel, EachViolationIsFoundAtItsLineWithItsRule) {
  for (const Case& c : cases()) {
    auto found = find_impure_construct(c.c);
    ASSERT_TRUE(found) << c.name;
    EXPECT_EQ(found->line, c.line) << c.name << ": " << found->what;
    EXPECT_NE(found->what.find(c.says), std::string::npos) << c.name << ": " << found->what;
  }
}

TEST(GraderPureKernel, CommentsAndLiteralsHideNothingAndAreNotChecked) {
  // A comment is not code: its words are fine ...
  EXPECT_FALSE(find_impure_construct("/* while system() #define */ // goto\nint kernel(void) { return 0; }\n"));
  EXPECT_FALSE(find_impure_construct("int kernel(void) { const char *s = \"system() while\"; return s[0] - 's'; }\n"));
  // ... but a comment opened inside a splice still ends where the compiler ends it.
  auto spliced = find_impure_construct("int kernel(void) { /\\\n* x */ while (0); return 0; }\n");
  ASSERT_TRUE(spliced);
  EXPECT_NE(spliced->what.find("while"), std::string::npos);
  // A trigraph `??/` is a backslash: the next line is part of this `//` comment, so `system` is not code.
  EXPECT_FALSE(find_impure_construct("int kernel(void) {\n  // x ?\?/\n  system(\"x\");\n  return 0;\n}\n"));
}

TEST(GraderPureKernel, TheFirstViolationByLineWins) {
  auto found = find_impure_construct("static int g;\nint kernel(void) { while (1); }\n");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 1);
  EXPECT_EQ(found->source_line, "static int g;");
}

}  // namespace
}  // namespace uirgrade
