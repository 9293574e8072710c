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
  EXPECT_EQ(normalized_tokens("int32_t kernel(float *data3) { return x1 + 2.5f; }")[4].text, "data3");
  EXPECT_EQ(normalized_tokens("return x1 + 2.5f;")[1].text, "$");
  EXPECT_EQ(normalized_tokens("return x1 + 2.5f;")[3].text, "0");
}

TEST(SimilarityFingerprint, ASharedRunOfKPlusWMinusOneTokensIsFoundAnywhere) {
  // 15 tokens (k + w - 1) shared inside texts that share nothing else.
  const std::string run = "x = a [ b ] * c [ d ] + e ;";  // 14 tokens; with the `;` before, 15
  static_assert(kSimilarityKgram + kSimilarityWindow - 1 == 15);
  const std::string a = "int f(void) { return 1 ; } ; " + run + " while (1) { g(); h(); k(); }";
  const std::string b = "double q = 3.0 ; do { } while (0) ; ; " + run + " if (x) return ; else abort ( ) ;";
  EXPECT_GE(shared(hashes(a), hashes(b)), 1u);
  const std::string shorter_run = "x = a [ b ] * c ;";  // 8 tokens: no k-gram fits in it
  const std::string c = "int f(void) { return 1 ; } " + shorter_run + " while (1) { g(); h(); k(); }";
  const std::string d = "double q = 3.0 ; do { } while (0) ; " + shorter_run + " if (x) return ; else abort ( ) ;";
  EXPECT_EQ(shared(hashes(c), hashes(d)), 0u);
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
