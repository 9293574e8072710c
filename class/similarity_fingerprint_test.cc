// The fingerprints ignore what a copier changes for free (names, literals, layout, comments) and
// keep what they cannot (the structure, the library's names); a long enough shared run is found
// wherever it sits in two otherwise different texts (winnowing's guarantee).
#include "class/similarity_fingerprint.h"

#include <set>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::set<uint64_t> hashes(const std::string& c) {
  std::set<uint64_t> out;
  for (const Fingerprint& fingerprint : fingerprints(c)) out.insert(fingerprint.hash);
  return out;
}

size_t shared(const std::set<uint64_t>& a, const std::set<uint64_t>& b) {
  size_t count = 0;
  for (uint64_t hash : a) count += b.count(hash);
  return count;
}

const std::string kKernel =
    "#include <stdint.h>\n"
    "int32_t kernel(float *data0, float *data1) {\n"
    "  static float alloc2_acc[1];\n"
    "  for (int32_t r3_k = 0; r3_k < 4; r3_k++) {\n"
    "    float v5_cur = alloc2_acc[0];\n"
    "    float v8_sum = v5_cur + data0[r3_k];\n"
    "    alloc2_acc[0] = fabsf(v8_sum);\n"
    "  }\n"
    "  data1[0] = alloc2_acc[0];\n"
    "  return 0;\n"
    "}\n";

TEST(SimilarityFingerprint, NamesLiteralsLayoutAndCommentsChangeNothing) {
  const std::string renamed_and_reformatted =
      "#include <stdint.h>\n"
      "/* my own kernel */\n"
      "int32_t kernel(float *data0, float *data1)\n{\n"
      "    static float accumulator[7];\n"
      "    for (int32_t i = 1; i < 400; i++)\n    {\n"
      "        float current = accumulator[3];  // the running sum\n"
      "        float total = current + data0[i];\n"
      "        accumulator[0] = fabsf(total);\n"
      "    }\n"
      "    data1[0] = accumulator[0]; return 0;\n"
      "}\n";
  EXPECT_FALSE(hashes(kKernel).empty());
  EXPECT_EQ(hashes(kKernel), hashes(renamed_and_reformatted));
}

TEST(SimilarityFingerprint, TheStructureAndTheLibrarysNamesStay) {
  std::string other_function = kKernel;
  other_function.replace(other_function.find("fabsf"), 5, "sqrtf");
  EXPECT_NE(hashes(kKernel), hashes(other_function));
  std::string while_loop = kKernel;
  const std::string for_loop = "for (int32_t r3_k = 0; r3_k < 4; r3_k++)";
  while_loop.replace(while_loop.find(for_loop), for_loop.size(), "int32_t r3_k = 0; while (r3_k++ < 4)");
  EXPECT_NE(hashes(kKernel), hashes(while_loop));
  EXPECT_EQ(normalized_tokens("int32_t kernel(float *data3) { return x1 + 2.5f; }")[5].text, "data3");
  EXPECT_EQ(normalized_tokens("return x1 + 2.5f;")[1].text, "$");
  EXPECT_EQ(normalized_tokens("return x1 + 2.5f;")[3].text, "0");
}

TEST(SimilarityFingerprint, ASharedRunOfKPlusWMinusOneTokensIsFoundAnywhere) {
  // A run shared inside two functions that share nothing else: 16 tokens with the `;` before it
  // (at least k + w - 1 = 15), then 9 (fewer than k = 10).
  static_assert(kSimilarityKgram + kSimilarityWindow - 1 == 15);
  auto texts = [](const std::string& run) {
    return std::pair{"void f(void) { if (p) return; " + run + " = 1; while (1) { g(); } }",
                     "float h(float z) { z = -z; " + run + " += 2.0; do { } while (0); return z; }"};
  };
  auto [a, b] = texts("x = a [ b ] * c [ d ] + e ; y");
  EXPECT_GE(shared(hashes(a), hashes(b)), 1u);
  auto [c, d] = texts("x = a [ b ] * c");
  EXPECT_EQ(shared(hashes(c), hashes(d)), 0u);
}

TEST(SimilarityFingerprint, FunctionsInAnotherOrderAndAPrototypeChangeNothingElse) {
  const std::string helper = "static int32_t wrap(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }\n";
  const std::string kernel = "int32_t kernel(int32_t *data0) { for (int32_t i = 0; i < 4; i++) data0[i] = wrap(data0[i], 1); return 0; }\n";
  const std::string prototype = "static int32_t wrap(int32_t a, int32_t b);\n";
  std::set<uint64_t> in_order = hashes("#include <stdint.h>\n" + helper + kernel);
  std::set<uint64_t> reordered = hashes("#include <stdint.h>\n" + prototype + kernel + helper);
  EXPECT_EQ(shared(in_order, reordered), in_order.size());  // all of them
  EXPECT_LE(reordered.size(), in_order.size() + 1);          // and at most the prototype's one
}

TEST(SimilarityFingerprint, ShortAndEmptyTexts) {
  EXPECT_TRUE(fingerprints("").empty());
  EXPECT_TRUE(fingerprints("  // only a comment\n").empty());
  EXPECT_EQ(fingerprints("return 0;").size(), 1u);  // shorter than a k-gram: one fingerprint
}

TEST(SimilarityFingerprint, AFingerprintNamesTheLinesItsKgramSpans) {
  std::vector<Fingerprint> prints = fingerprints(kKernel);
  ASSERT_FALSE(prints.empty());
  for (const Fingerprint& fingerprint : prints) {
    EXPECT_GE(fingerprint.first_line, 1);
    EXPECT_LE(fingerprint.first_line, fingerprint.last_line);
    EXPECT_LE(fingerprint.last_line, 11);
  }
}

}  // namespace
}  // namespace uirgrade
