// The ranking on hand-made fingerprints: what only two students share ranks first, the oracle's
// fingerprints and what most of the class shares count for nothing, rare shared failures count and
// common ones do not, a little shared evidence cannot reach the top, and clusters link three or more.
#include "class/similarity_score.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

using Renders = std::map<std::string, std::vector<Fingerprint>>;

/// Fingerprints numbered [from, to) of one test.
std::vector<Fingerprint> range(uint64_t from, uint64_t to) {
  std::vector<Fingerprint> prints;
  for (uint64_t hash = from; hash < to; ++hash) prints.push_back({hash, 1, 1});
  return prints;
}

std::vector<Fingerprint> join(std::vector<Fingerprint> a, const std::vector<Fingerprint>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const SimilarPair* find_pair(const SimilarityRanking& ranking, const std::string& a, const std::string& b) {
  for (const SimilarPair& pair : ranking.pairs)
    if (pair.a == a && pair.b == b) return &pair;
  return nullptr;
}

/// Ten students, each with 40 fingerprints of its own in test t1 and a block of 20 that eight share.
SimilarityIndex class_of_ten(const std::map<std::string, std::vector<Fingerprint>>& extra) {
  SimilarityIndex index({});
  for (int s = 0; s < 10; ++s) {
    std::string id = "s" + std::to_string(s);
    std::vector<Fingerprint> prints = range(1000 * (s + 1), 1000 * (s + 1) + 40);
    if (s < 8) prints = join(prints, range(50, 70));
    if (extra.contains(id)) prints = join(prints, extra.at(id));
    index.add_student(id, {{"t1", prints}}, {});
  }
  return index;
}

TEST(SimilarityScore, WhatTwoStudentsAloneShareRanksFirstAndWhatMostShareIsNoEvidence) {
  SimilarityIndex index = class_of_ten({{"s1", range(200, 240)}, {"s2", range(200, 240)},  // 40 shared by two
                                         {"s3", range(300, 305)}, {"s4", range(300, 305)}});  // 5 shared by two
  SimilarityOptions every_pair;
  every_pair.min_score = 0;
  SimilarityRanking ranking = index.rank(every_pair);
  EXPECT_EQ(ranking.students, 10u);
  EXPECT_EQ(ranking.pairs_in_class, 45u);
  ASSERT_EQ(ranking.pairs.size(), 2u);  // the block of 20 that eight share links no one
  EXPECT_EQ(ranking.pairs[0].a, "s1");
  EXPECT_EQ(ranking.pairs[0].b, "s2");
  EXPECT_EQ(ranking.pairs[0].best_test, "t1");
  EXPECT_EQ(ranking.pairs[1].a, "s3");
  EXPECT_GT(ranking.pairs[0].behaviour, 0.2);
  EXPECT_LT(ranking.pairs[1].behaviour, ranking.pairs[0].behaviour / 2);
  EXPECT_EQ(ranking.pairs_scored, 2u);
  EXPECT_EQ(index.weight("t1", 55), 0);  // eight of ten
  EXPECT_GT(index.weight("t1", 200), 0);
  EXPECT_EQ(index.weight("t2", 200), 0);  // the same hash in another test is another fingerprint
}

TEST(SimilarityScore, TheOraclesFingerprintsAreNoEvidence) {
  // Without the oracle, two students who render the oracle's C exactly look alike; with it, not.
  const std::string oracle_c = "int32_t kernel(float *data0) { for (int32_t i = 0; i < 4; i++) data0[i] = 0; return 0; }";
  Renders as_oracle = {{"t1", fingerprints(oracle_c)}};
  SimilarityIndex without({});
  SimilarityIndex with({{"t1", oracle_c}});
  for (SimilarityIndex* index : {&without, &with}) {
    index->add_student("a", as_oracle, {});
    index->add_student("b", as_oracle, {});
    index->add_student("c", {{"t1", range(1, 30)}}, {});
  }
  EXPECT_EQ(without.rank({}).pairs.size(), 1u);
  EXPECT_TRUE(with.rank({}).pairs.empty());
  EXPECT_EQ(with.rank({}).pairs_scored, 0u);
}

TEST(SimilarityScore, RareSharedFailuresCountAndCommonOnesDoNot) {
  SimilarityIndex index({});
  auto failure = [](const std::string& test, const std::string& digest) {
    return FailureSignature{test, "wrong-buffer", digest};
  };
  for (int s = 0; s < 10; ++s) {
    std::vector<FailureSignature> failures = {failure("hard", "everyone")};  // all ten fail it alike
    if (s == 0 || s == 1)
      for (int k = 0; k < 4; ++k) failures.push_back(failure("t" + std::to_string(k), "odd"));
    if (s == 2 || s == 3) failures.push_back(failure("t0", "other"));  // the same test, another output
    if (s == 4) failures.push_back(failure("t0", "odd"));
    index.add_student("s" + std::to_string(s), {}, failures);
  }
  SimilarityRanking ranking = index.rank({});
  ASSERT_FALSE(ranking.pairs.empty());
  EXPECT_EQ(ranking.pairs[0].a, "s0");
  EXPECT_EQ(ranking.pairs[0].b, "s1");
  EXPECT_EQ(ranking.pairs[0].behaviour, 0);
  ASSERT_EQ(ranking.pairs[0].shared_failures.size(), 4u);
  EXPECT_EQ(ranking.pairs[0].shared_failures[0].students, 2);  // rarest first: t1..t3 (two), then t0 (three)
  EXPECT_EQ(ranking.pairs[0].shared_failures[3].signature.test, "t0");
  EXPECT_EQ(ranking.pairs[0].shared_failures[3].students, 3);
  // One shared failure (s2, s3) is below the four (s0, s1), and the failure every student shares links no one.
  const SimilarPair* two_three = find_pair(ranking, "s2", "s3");
  ASSERT_NE(two_three, nullptr);
  EXPECT_LT(two_three->score, ranking.pairs[0].score / 2);
  EXPECT_EQ(find_pair(ranking, "s5", "s6"), nullptr);
}

TEST(SimilarityScore, OneRareSharedLineCannotReachTheClusterThreshold) {
  SimilarityIndex index = class_of_ten({{"s1", range(200, 201)}, {"s2", range(200, 201)}});
  SimilarityOptions every_pair;
  every_pair.min_score = 0;
  SimilarityRanking ranking = index.rank(every_pair);
  ASSERT_EQ(ranking.pairs.size(), 1u);
  EXPECT_LT(ranking.pairs[0].score, 0.1);
}

TEST(SimilarityScore, PairsAboveTheThresholdLinkClustersOfThreeOrMore) {
  SimilarityIndex index = class_of_ten({{"s1", range(200, 500)}, {"s2", range(200, 500)}, {"s3", range(200, 500)},
                                         {"s5", range(600, 700)}, {"s6", range(600, 700)}});
  SimilarityRanking ranking = index.rank({});
  ASSERT_EQ(ranking.clusters.size(), 1u);  // s5-s6 is a pair, not a cluster
  EXPECT_EQ(ranking.clusters[0], (std::vector<std::string>{"s1", "s2", "s3"}));
  EXPECT_EQ(ranking.pairs.size(), 4u);
}

TEST(SimilarityScore, TheListKeepsTheBestPairsOnly) {
  SimilarityIndex index = class_of_ten({{"s1", range(200, 300)}, {"s2", range(200, 300)}, {"s3", range(250, 300)},
                                         {"s5", range(400, 410)}, {"s6", range(400, 410)}});
  SimilarityOptions options;
  options.max_pairs = 2;
  SimilarityRanking ranking = index.rank(options);
  ASSERT_EQ(ranking.pairs.size(), 2u);
  EXPECT_EQ(ranking.pairs[0].a + ranking.pairs[0].b, "s1s2");
  EXPECT_GE(ranking.pairs[0].score, ranking.pairs[1].score);
  EXPECT_EQ(ranking.pairs_scored, 4u);  // s1-s2, s1-s3, s2-s3, s5-s6
}

}  // namespace
}  // namespace uirgrade
