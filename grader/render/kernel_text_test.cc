// The bytes of a kernel (spec §6.2) on their own, then the attacks they stop: text that the checks
// read one way and gcc another. Each attack is first shown getting past the rules as they read the
// text without the byte check (find_impure_construct alone, the grader before this check), then
// refused by find_forbidden_construct, which runs the byte check first.
#include "grader/render/kernel_text.h"

#include <gtest/gtest.h>

#include "grader/render/pure_kernel_check.h"

namespace uirgrade {
namespace {

constexpr const char* kHonest =
    "#include <stdint.h>\r\n"
    "#include <math.h>\n"
    "\f\n"
    "/* caf\xc3\xa9: UTF-8 in a comment, and a tab:\t */\n"
    "int32_t kernel(float *data0) {\n"
    "  data0[0] = sqrtf(data0[0]);  // ?? and ?x are not trigraphs; a \\ mid-line is no splice\n"
    "  return 0;\n"
    "}\n";

TEST(KernelText, PlainTextPasses) {
  EXPECT_FALSE(find_unreadable_kernel_text(kHonest));
  EXPECT_FALSE(find_unreadable_kernel_text(""));
  EXPECT_FALSE(find_unreadable_kernel_text("int32_t kernel(void) { return 0; }"));  // no final newline
}

TEST(KernelText, EachRefusedByteNamesItsRuleLineAndColumn) {
  struct Case {
    std::string text;
    int line;
    std::string says;
  };
  const Case cases[] = {
      {"int a;\n// x\rint b;\n", 2, "carriage return (CR) at column 5"},
      {"int a;\nint b;\r", 2, "carriage return"},
      {"int a;\n\vint b;\n", 2, "control character \\x0b at column 1"},
      {std::string("int a;\nint\0b;\n", 13), 2, "control character \\x00"},
      {"int a;\n\x1b[2Jint b;\n", 2, "control character \\x1b"},
      {"int a; \x7f\n", 1, "control character \\x7f"},
      {"int a; /* \xc2\x85 */\n", 1, "control character U+0085"},
      {"int a;\n/* \xff */\n", 2, "byte \\xff at column 4"},
      {"/* \xc3 */\n", 1, "byte \\xc3"},           // a lead byte without its continuation
      {"/* \xc0\xaf */\n", 1, "byte \\xc0"},       // overlong
      {"/* \xed\xa0\x80 */\n", 1, "byte \\xed"},   // a surrogate
      {"int a;\n// x ?\?/\nint b;\n", 2, "trigraph `?\?/`"},
      {"const char *s = \"?\?=\";\n", 1, "trigraph `?\?=`"},
      {"int a; // x \\\nint b;\n", 1, "backslash (column 13)"},
      {"int a; // x \\  \r\nint b;\n", 1, "backslash"},  // gcc splices across trailing blanks
      {"int a \\", 1, "backslash"},                       // at the very end
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.says);
    std::optional<ForbiddenConstruct> found = find_unreadable_kernel_text(c.text);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->line, c.line);
    EXPECT_NE(found->what.find(c.says), std::string::npos) << found->what;
    // The quoted line shows no raw control byte (it goes to terminals and reports).
    for (char ch : found->source_line) EXPECT_FALSE(static_cast<unsigned char>(ch) < 0x20 && ch != '\t') << found->source_line;
  }
}

TEST(KernelText, OneMebibyteAndNotOneByteMore) {
  std::string c(kMaxKernelBytes, ' ');
  for (size_t k = 99; k < c.size(); k += 100) c[k] = '\n';
  EXPECT_FALSE(find_unreadable_kernel_text(c));
  c.push_back('x');
  std::optional<ForbiddenConstruct> found = find_unreadable_kernel_text(c);
  ASSERT_TRUE(found);
  EXPECT_NE(found->what.find("longer than 1048576 bytes (1 MiB)"), std::string::npos) << found->what;
  EXPECT_EQ(found->line, static_cast<int>(kMaxKernelBytes / 100) + 1);  // the line the limit falls on
  EXPECT_EQ(kernel_too_large(std::string_view(c).substr(0, kMaxKernelBytes)).line, found->line);
}

// ---- The attacks of issue 39: gcc ends a line at a lone CR, the old reading did not. ----

TEST(KernelText, ALoneCarriageReturnHidesAnAttributeFromTheOldReading) {
  const std::string c =
      "#include <stdint.h>\n"
      "// the sanitizers see nothing below\r__attribute__((no_sanitize(\"address\", \"undefined\")))\n"
      "int32_t kernel(int32_t *data0) { return data0[1 << 20]; }\n";
  EXPECT_FALSE(find_impure_construct(c)) << "the rules without the byte check read the attribute as a comment";
  std::optional<ForbiddenConstruct> found = find_forbidden_construct(c);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 2);
  EXPECT_NE(found->what.find("carriage return"), std::string::npos) << found->what;
  EXPECT_NE(found->source_line.find("\\r__attribute__"), std::string::npos) << found->source_line;
}

TEST(KernelText, ALoneCarriageReturnHidesALineDirectiveAGotoAWhileAndAssembly) {
  const std::string c =
      "#include <stdint.h>\n"
      "//\r#line 1 \"/usr/include/stdlib.h\"\n"
      "int32_t kernel(void) {\n"
      "  int32_t n = 0;\n"
      "again: //\rif (++n < 3) goto again;\n"
      "  //\rwhile (n < 5) n++;\n"
      "  //\rdo n++; while (n < 7);\n"
      "  //\r__asm__ volatile(\"nop\");\n"
      "  for (int32_t i = 0; i < 1; i++) n += i;\n"
      "  return n == 7 ? 0 : 1;\n"
      "}\n";
  EXPECT_FALSE(find_impure_construct(c)) << "the rules without the byte check see only the `for`";
  std::optional<ForbiddenConstruct> found = find_forbidden_construct(c);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->line, 2);
  EXPECT_NE(found->what.find("carriage return"), std::string::npos) << found->what;
}

TEST(KernelText, ATrigraphOrASpliceInACommentHidesADirectiveFromNoReading) {
  // The old reading followed gcc here (c_tokens.h replays phases 1-2); refused now all the same, so
  // that no check depends on replaying them right.
  for (const std::string c : {"// ?\?/\n#define W while\nint32_t kernel(void) { return 0; }\n",
                              "// \\\n#define W while\nint32_t kernel(void) { return 0; }\n"}) {
    EXPECT_FALSE(find_impure_construct(c)) << "the directive is part of the comment: " << c;
    std::optional<ForbiddenConstruct> found = find_forbidden_construct(c);
    ASSERT_TRUE(found) << c;
    EXPECT_EQ(found->line, 1);
  }
}

TEST(KernelText, AUniversalCharacterNameOrAStrayByteOutsideALiteralIsNotC) {
  std::optional<ForbiddenConstruct> ucn = find_forbidden_construct("int32_t kernel(void) { int caf\\u00e9 = 0; return caf\\u00e9; }\n");
  ASSERT_TRUE(ucn);
  EXPECT_NE(ucn->what.find("`\\`"), std::string::npos) << ucn->what;
  EXPECT_TRUE(find_forbidden_construct("int32_t kernel(void) { return 0; } @\n"));
  // In a literal, a backslash is an escape.
  EXPECT_FALSE(find_forbidden_construct("static const char s[] = \"\\u00e9\\n\";\nint kernel(void) { return s[0] * 0; }\n"));
}

}  // namespace
}  // namespace uirgrade
