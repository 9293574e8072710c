#include "grader/render/render_check.h"

#include <chrono>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(GraderRenderCheck, ForLoopsAreFine) {
  const char* c =
      "#include <stdint.h>\n"
      "int32_t kernel(int32_t *data0) {\n"
      "  for (int32_t i = 0; i < 4; i++) {\n"
      "    for (int32_t j = 0; j < 4; j++) data0[i] += j;\n"
      "  }\n"
      "  return 0;\n"
      "}\n";
  EXPECT_FALSE(find_forbidden_construct(c));
  EXPECT_EQ(count_for_loops(c), 2);
}

TEST(GraderRenderCheck, WhileInCommentsStringsAndDirectivesIsFine) {
  const char* c =
      "#include <stdint.h>  /* while */\n"
      "#include <math.h> // do\n"
      "\n"
      "// a while loop would be wrong here\n"
      "/* do { } while (0);\n"
      "   goto */\n"
      "static const char *const s = \"while (1) do goto \\\" while\";\n"
      "static const char q = '\\'';\n"
      "int kernel(void) { for (;;) { return s[0] + q; } }  // for\n";
  EXPECT_FALSE(find_forbidden_construct(c)) << find_forbidden_construct(c)->what;
  EXPECT_EQ(count_for_loops(c), 1);
}

TEST(GraderRenderCheck, DoWhileGotoAndSetjmp) {
  auto do_loop = find_forbidden_construct("int kernel(void) {\n  int i = 0;\n  do {\n    i++;\n  } while (i < 3);\n  return 0;\n}\n");
  ASSERT_TRUE(do_loop);
  EXPECT_NE(do_loop->what.find("`do`"), std::string::npos) << do_loop->what;
  EXPECT_EQ(do_loop->line, 3);
  EXPECT_EQ(do_loop->source_line, "  do {");

  auto while_loop = find_forbidden_construct("int kernel(void) { int i = 0; while(i < 3) i++; return 0; }");
  ASSERT_TRUE(while_loop);
  EXPECT_NE(while_loop->what.find("`while`"), std::string::npos) << while_loop->what;

  auto go = find_forbidden_construct("int kernel(void) {\nagain:\n  goto again;\n}\n");
  ASSERT_TRUE(go);
  EXPECT_NE(go->what.find("`goto`"), std::string::npos) << go->what;
  EXPECT_EQ(go->line, 3);

  auto jump = find_forbidden_construct("#include <stdint.h>\nint kernel(void) {\n  if (setjmp(b)) return 1; longjmp(b, 1); }\n");
  ASSERT_TRUE(jump);
  EXPECT_NE(jump->what.find("setjmp"), std::string::npos) << jump->what;
  EXPECT_EQ(jump->line, 3);
  auto header = find_forbidden_construct("#include <setjmp.h>\nint kernel(void) { return 0; }\n");
  ASSERT_TRUE(header);
  EXPECT_NE(header->what.find("<setjmp.h>"), std::string::npos) << header->what;
}

TEST(GraderRenderCheck, NoMacroCanHideAWhile) {
  // A kernel has no #define (spec §6.2): the macro is refused where it starts, splices and all.
  auto hidden = find_forbidden_construct("#define LOOP(c) while (c)\nint kernel(void) { LOOP(0) {} return 0; }\n");
  ASSERT_TRUE(hidden);
  EXPECT_NE(hidden->what.find("`#define`"), std::string::npos) << hidden->what;
  EXPECT_EQ(hidden->line, 1);
  auto continued = find_forbidden_construct("int x_;\n#define LOOP(c) \\\n  while (c)\nint kernel(void) { return 0; }\n");
  ASSERT_TRUE(continued);
  EXPECT_EQ(continued->line, 1);  // `int x_;` is a file-scope object that is not const
  // Spliced: refused for the splice, which gcc would read as `#define`.
  auto spliced = find_forbidden_construct("#def\\\nine LOOP(c) while (c)\nint kernel(void) { return 0; }\n");
  ASSERT_TRUE(spliced);
  EXPECT_NE(spliced->what.find("line splice"), std::string::npos) << spliced->what;
}

TEST(GraderRenderCheck, Recursion) {
  auto direct = find_forbidden_construct(
      "static int f(int n) {\n  return n <= 0 ? 0 : f(n - 1);\n}\nint kernel(void) { return f(3); }\n");
  ASSERT_TRUE(direct);
  EXPECT_EQ(direct->what, "recursion (f -> f)");
  EXPECT_EQ(direct->line, 2);  // at the call
  EXPECT_EQ(direct->source_line, "  return n <= 0 ? 0 : f(n - 1);");

  auto mutual = find_forbidden_construct(
      "static int odd(int n);\n"
      "static int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
      "static int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
      "int kernel(void) { return even(4); }\n");
  ASSERT_TRUE(mutual);
  EXPECT_EQ(mutual->what, "recursion (even -> odd -> even)");

  // Calling helpers and library functions is not recursion; nor is a name shared with a prototype.
  EXPECT_FALSE(find_forbidden_construct(
      "#include <math.h>\n"
      "static float sq(float x);\n"
      "static float sq(float x) { return x * x; }\n"
      "int kernel(float *data0) { data0[0] = sqrtf(sq(data0[0])); return (int)sizeof(float) - 4; }\n"));
}

TEST(GraderRenderCheck, LoopCountIgnoresIdentifiersContainingFor) {
  EXPECT_EQ(count_for_loops("int format, for_x, xfor;\nvoid k(void) { for (;;) {} }\n"), 1);
}

TEST(GraderRenderCheck, LoopCountOfThePreprocessedUnitIsTheMainFilesCompiledLoops) {
  // As gcc -E writes it: a header's own loop, then the main file with a macro expanded twice on
  // one line; the `#if 0` loop and the macro definitions are gone.
  const std::string preprocessed =
      "# 1 \"kernel.c\"\n# 1 \"/usr/include/string.h\" 1 3 4\n"
      "static inline void fill(char *p, int n) { for (int k = 0; k < n; k++) p[k] = 0; }\n"
      "# 5 \"kernel.c\" 2\n"
      "#pragma GCC diagnostic ignored \"-Wunused\"\n"
      "int kernel(int *d) {\n"
      "  for (int i = 0; i < (2); i++) for (int j = 0; j < (2); j++) d[2 * i + j] = 0;\n"
      "  return 0; /* for */\n}\n";
  EXPECT_EQ(count_for_loops_in_preprocessed(preprocessed), 2);
  EXPECT_EQ(count_for_loops_in_preprocessed("# 1 \"kernel.c\"\nint kernel(void) { return 0; }\n"), 0);
}

TEST(GraderRenderCheck, NoLineMarkerHoweverItIsSpelled) {
  // Plain, gcc's own form, after a comment, as a digraph: the directive rule names it. Spliced or
  // as a trigraph: refused for the splice or the trigraph first. After a comment that spans lines:
  // not a directive to gcc (no newline before the `#`), a stray `#` to the checks.
  for (const char* spelling : {"#line 1 \"/usr/include/stdlib.h\"\n", "# 1 \"/usr/include/stdlib.h\" 1 3 4\n",
                               "/* x */ # line 5\n", "%:line 5\n", "#li\\\nne 5\n", "?\?=line 5\n",
                               "/* a\n comment */ #line 5\n"}) {
    auto marker = find_forbidden_construct(std::string("const int a = 1;\n") + spelling);
    ASSERT_TRUE(marker) << spelling;
    EXPECT_EQ(marker->line, std::string(spelling).starts_with("/* a\n") ? 3 : 2) << spelling;
    EXPECT_TRUE(marker->what.find("preprocessor line `#") != std::string::npos || marker->what.find("`#`") != std::string::npos ||
                marker->what.find("trigraph") != std::string::npos || marker->what.find("splice") != std::string::npos)
        << spelling << ": " << marker->what;
  }
  auto quoted = find_forbidden_construct("#include <stdint.h>\n#include \"/dev/zero\"\n");
  ASSERT_TRUE(quoted);
  EXPECT_EQ(quoted->line, 2);
  // Not directives: a `#` inside a string or a comment.
  EXPECT_FALSE(find_forbidden_construct("static const char *const s = \"#line 5\";\n// #line 5\n/* #line 5 */\n"));
}

TEST(GraderRenderCheck, ThePreprocessedUnitIsCheckedInTheMainFilesLinesOnly) {
  const std::string kernel = "#include <stdlib.h>\n#define CAT(a,b) a##b\nint kernel(int *d) {\n  CAT(wh,ile) (0) {}\n  return 0;\n}\n";
  const std::string preprocessed =
      "# 1 \"kernel.c\"\n# 1 \"/usr/include/stdlib.h\" 1 3 4\n"
      "static inline int bsearch_like(int n) { while (n) n--; return n; }\n"  // a header's own while
      "# 3 \"kernel.c\" 2\n"
      "int kernel(int *d) {\n  while (0) {}\n  return 0;\n}\n";
  auto found = find_forbidden_in_preprocessed(preprocessed, kernel, {"kernel"});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 4);  // kernel.c's line, from the line markers
  EXPECT_EQ(found->source_line, "  CAT(wh,ile) (0) {}");
  EXPECT_FALSE(find_forbidden_in_preprocessed("# 1 \"kernel.c\"\n# 1 \"/usr/include/x.h\" 1 3 4\nvoid f(void) { while (1); }\n"
                                              "# 2 \"kernel.c\" 2\nint kernel(void) { return 0; }\n",
                                              "", {"kernel"}));
  auto address = find_forbidden_in_preprocessed("# 1 \"kernel.c\"\nint f(int x) { return x; }\nint (*p)(int) = f;\n", "", {"f"});
  ASSERT_TRUE(address);
  EXPECT_NE(address->what.find("the address of function f"), std::string::npos);
  EXPECT_EQ(address->line, 2);
  auto assembly = find_forbidden_in_preprocessed("# 1 \"kernel.c\"\nint kernel(void) { __asm__(\"jmp 0\"); return 0; }\n", "", {});
  ASSERT_TRUE(assembly);
  EXPECT_NE(assembly->what.find("__asm__"), std::string::npos);
}

// Issue 39's two shapes that made the checks quadratic, a MiB each (the most a kernel may be):
// one line of `(*`, where each `(` used to look for its `)` to the end of the file (3.4 s of CPU
// at 64 KiB, over 30 s at 256 KiB before; bench_render_checks), and a chain of static helpers,
// valid C, where each function used to start a search of its own (4 s at 256 KiB). Now each
// takes a fraction of a second; the bound leaves room for a loaded machine.
TEST(GraderRenderCheck, AMebibyteOfBracketsOrOfHelpersIsCheckedInLinearTime) {
  std::string parens = "#include <stdint.h>\nint32_t kernel(int32_t *data0) {\n  ";
  while (parens.size() < (1u << 20) - 64) parens += "(*";
  parens += "\n  return 0;\n}\n";
  std::string helpers = "#include <stdint.h>\nstatic int32_t h0(int32_t x) { return x; }\n";
  int k = 1;
  for (; helpers.size() < (1u << 20) - 128; ++k)
    helpers += "static int32_t h" + std::to_string(k) + "(int32_t x) { return h" + std::to_string(k - 1) + "(x) + 1; }\n";
  helpers += "int32_t kernel(int32_t *data0) { data0[0] = h" + std::to_string(k - 1) + "(data0[0]); return 0; }\n";
  for (const std::string* c : {&parens, &helpers}) {
    ASSERT_LE(c->size(), 1u << 20);
    const auto start = std::chrono::steady_clock::now();
    std::optional<ForbiddenConstruct> found = find_forbidden_construct(*c);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 10.0) << c->substr(0, 80);
    if (c == &helpers) {
      EXPECT_FALSE(found) << found->line << ": " << found->what;  // valid C, no recursion
    }
  }
  // Closed into a ring by one call, the chain is recursion, found at that call.
  helpers.replace(helpers.find("return x;"), 9, "return h" + std::to_string(k - 1) + "(x);");
  std::optional<ForbiddenConstruct> ring = find_forbidden_construct(helpers);
  ASSERT_TRUE(ring);
  EXPECT_EQ(ring->line, 2);
  EXPECT_TRUE(ring->what.starts_with("recursion (h0 -> h" + std::to_string(k - 1) + " -> ")) << ring->what.substr(0, 80);
}

}  // namespace
}  // namespace uirgrade
