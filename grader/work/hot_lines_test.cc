// Matching a student's kernel lines to the oracle's statements: the features of a line, and the hot
// lines of a GEMM kernel that computes `%im = mul %i 5` in the innermost loop, with every count worked
// out by hand from the loops' trip counts (i: 4, j: 5, k: 6), not taken from a run.
#include "grader/work/hot_lines.h"

#include <gtest/gtest.h>

#include "grader/render/c_tokens.h"
#include "oracle/gemm_program.h"

namespace uirgrade {
namespace {

TEST(GraderHotLines, FeaturesSurviveTheStudentsSpelling) {
  // The oracle's wrap-around helper is the operator; its index prefixes are dropped from names.
  EXPECT_EQ(c_line_features("  int32_t v7_im = uir_mul_i32(r3_i, 5);"), c_line_features("int32_t im = i*5;"));
  EXPECT_EQ(feature_similarity(c_line_features("int32_t v7_im = uir_mul_i32(r3_i, 5);"),
                               c_line_features("int im = i * 5;")),
            1.0);
  auto f = c_line_features("data2[o] = cur + data0[i * 6 + k] * 2.0f;");
  EXPECT_TRUE(f.count("store:data2"));
  EXPECT_TRUE(f.count("load:data0"));
  EXPECT_FALSE(f.count("load:data2"));
  EXPECT_TRUE(f.count("num:6") && f.count("num:2") && f.count("op:*") && f.count("op:+"));
  EXPECT_TRUE(c_line_features("acc += tmp[k];").count("load:array"));
  EXPECT_TRUE(c_line_features("acc += x;").count("op:+"));
  EXPECT_EQ(c_line_features("float s = sqrtf(x);").count("fn:sqrt"), 1u);
  EXPECT_EQ(c_line_features("float s = sqrt(x);").count("fn:sqrt"), 1u);
  // Names alone are no match: two lines sharing a variable but nothing they compute.
  EXPECT_EQ(feature_similarity(c_line_features("int a = i;"), c_line_features("float a = x;")), 0);
  // A dereference is a load or a store, never a multiplication (issue 39: `float v16 = *v15;`, a
  // load, was blamed on the oracle's `%i32 = mul %i 32`).
  EXPECT_EQ(c_line_features("float v16_a = *v15_av;"), c_line_features("float a = *av;"));
  EXPECT_FALSE(c_line_features("float v16 = *v15;").count("op:*"));
  EXPECT_TRUE(c_line_features("float v16 = *v15;").count("load:array"));
  EXPECT_TRUE(c_line_features("*(data1 + o) = s;").count("store:data1"));
  EXPECT_TRUE(c_line_features("float a = *(data0 + o) * 2.0f;").count("load:data0"));
  EXPECT_TRUE(c_line_features("float a = *(data0 + o) * 2.0f;").count("op:*"));
  EXPECT_FALSE(c_line_features("float *p = &data0[k];").count("op:&"));
  EXPECT_FALSE(c_line_features("const float *row = data0 + o;").count("op:*"));
}

TEST(GraderHotLines, KernelBodyLines) {
  EXPECT_EQ(kernel_body_lines("#include <stdint.h>\nstatic int f(void) { return 1; }\nint32_t kernel(int32_t *d)\n{\n"
                              "  { d[0] = f(); }\n  return 0;\n}\n"),
            (std::pair<int, int>{4, 7}));
  EXPECT_EQ(kernel_body_lines("int32_t kernel(void);\n"), (std::pair<int, int>{0, 0}));
}

TEST(GraderHotLines, ALineWithNoInstructionRunsAsOftenAsItsBlock) {
  // Lines 3, 6 and 9 do their work in an inlined helper (counted at line 1). Lines 6 and 9 run as
  // often as the lines of their block that have instructions (5 and 7: 32 runs; 10: 4); line 3's
  // block has no other line, so it runs as the body of the loop around it (line 2's `for`: 4).
  // Line 1 is outside kernel and stays as counted.
  const std::string c =
      "static int wrap_mul(int a, int b) { return a * b; }\n"
      "int32_t kernel(float *data0) { for (int i = 0; i < 4; i++) {\n"
      "    int32_t v = wrap_mul(i, 8);\n"
      "    for (int j = 0; j < 8; j++) {\n"
      "      float x = data0[j];\n"
      "      int32_t w = wrap_mul(v, j);\n"
      "      data0[w] = x;\n"
      "    }\n"
      "    int32_t u = wrap_mul(i, 2);\n"
      "    data0[u] = 0;\n"
      "  }\n"
      "  return 0;\n"
      "}\n";
  std::map<int, uint64_t> counted = {{1, 36}, {2, 4}, {4, 32}, {5, 32}, {7, 32}, {10, 4}, {12, 1}};
  std::map<int, uint64_t> runs = runs_of_every_statement(c, counted);
  EXPECT_EQ(runs[3], 4u);
  EXPECT_EQ(runs[6], 32u);
  EXPECT_EQ(runs[9], 4u);
  EXPECT_EQ(runs[1], 36u);
  EXPECT_EQ(runs[5], 32u);
}

constexpr const char* kUnhoistedGemm =
    "#include <stdint.h>\n"
    "int32_t kernel(float *data0, float *data1, float *data2) {\n"
    "  for (int32_t i = 0; i < 4; i++) {\n"
    "    for (int32_t j = 0; j < 5; j++) {\n"
    "      data2[i * 5 + j] = 0.0f;\n"
    "      for (int32_t k = 0; k < 6; k++) {\n"
    "        int32_t im = i * 5;\n"  // line 7: in k's loop, 4*5*6 = 120 runs; the oracle's 4
    "        int32_t o = im + j;\n"  // line 8: 120 runs; the oracle's %o 4*5 = 20
    "        float cur = data2[o];\n"
    "        float a = data0[i * 6 + k];\n"
    "        float b = data1[k * 5 + j];\n"
    "        data2[o] = cur + a * b;\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "  return 0;\n"
    "}\n";

/// How often each line of kUnhoistedGemm runs: a `for` condition runs trips + 1 times per entry.
std::map<int, uint64_t> unhoisted_runs() {
  return {{3, 5}, {4, 4 * 6}, {5, 20}, {6, 20 * 7}, {7, 120}, {8, 120}, {9, 120}, {10, 120}, {11, 120}, {12, 120}, {16, 1}};
}

/// How often the oracle runs each statement of gemm_program(4, 5, 6), by the loops spec §5.3 puts
/// it in: %im and %ik depend on %i only (4 runs), %o and the reset on %i and %j (20), the rest on %k
/// (120, the load of %cur too: the k loop stores into what it reads).
uint64_t oracle_runs_of(const std::string& name) {
  static const std::map<std::string, uint64_t> runs = {
      {"%i", 5}, {"%j", 4 * 6}, {"%k", 20 * 7}, {"%im", 4}, {"%ik", 4}, {"%o", 20}, {"%c", 20}, {"%reset", 20}, {"%c1", 20}};
  auto it = runs.find(name);
  return it == runs.end() ? 120 : it->second;
}

TEST(GraderHotLines, PointsAtTheStatementComputedInTooDeepALoop) {
  std::string source = uir::gemm_program(4, 5, 6);
  uir::Compiled compiled = uir::compile("gemm.uir", source);
  ASSERT_FALSE(compiled.error);
  OracleKernelRuns oracle;
  oracle.c = uir::render_c(compiled, &oracle.line_stmts);
  oracle.compiled = &compiled;
  oracle.source = source;
  ASSERT_EQ(oracle.line_stmts.size(), static_cast<size_t>(std::count(oracle.c.begin(), oracle.c.end(), '\n')));
  for (size_t k = 0; k < oracle.line_stmts.size(); ++k)
    if (oracle.line_stmts[k] >= 0) oracle.runs_by_line[static_cast<int>(k) + 1] = oracle_runs_of(compiled.program.stmts[oracle.line_stmts[k]].name);

  std::vector<HotLine> hot = find_hot_lines(kUnhoistedGemm, unhoisted_runs(), oracle);
  ASSERT_FALSE(hot.empty());
  EXPECT_EQ(describe_hot_line(hot[0]),
            "line 7 runs 120 times; the oracle computes `%im = mul %i 5` 4 times, in loop `%i`: it depends only on "
            "`%i` (spec §5.3)");
  EXPECT_EQ(hot[0].source_line, "int32_t im = i * 5;");
  // Line 10 computes i * 6 in the k loop too (the oracle's %ik, 4 runs): as many extra runs as line 7.
  ASSERT_EQ(hot.size(), 3u);
  EXPECT_EQ(hot[1].line, 10);
  EXPECT_EQ(hot[1].oracle_statement, "%ik = mul %i 6");
  // Then line 8, 100 extra runs: the oracle's %o runs once per (i, j).
  EXPECT_EQ(hot[2].line, 8);
  EXPECT_EQ(hot[2].oracle_statement, "%o = add %im %j");
  EXPECT_EQ(hot[2].oracle_loops, (std::vector<std::string>{"%i", "%j"}));
  EXPECT_EQ(describe_hot_line(hot[2]), "line 8 runs 120 times; the oracle computes `%o = add %im %j` 20 times, in loop "
                                       "`%j` (inside `%i`): it depends only on `%i` and `%j` (spec §5.3)");
  for (const HotLine& line : hot) EXPECT_NE(line.line, 12) << describe_hot_line(line);  // the oracle stores there too

  // The oracle's own C has no hot line against itself.
  std::map<int, uint64_t> own = oracle.runs_by_line;
  EXPECT_TRUE(find_hot_lines(oracle.c, own, oracle).empty());
}

}  // namespace
}  // namespace uirgrade
