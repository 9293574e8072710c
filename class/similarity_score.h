// Which students of a class are too alike, by what their compilers do (docs/instructors.md,
// "Similarity"). Two kinds of evidence, each a weighted Jaccard similarity of two students' sets:
//  - behaviour: the winnowed fingerprints of the C each rendered for each render test
//    (class/similarity_fingerprint.h), tagged with the test;
//  - failures: each failed test with its verdict and a digest of what the student printed.
// A fingerprint the oracle's own C has for that test is dropped, and every other one weighs
// ln(1 + n/df): n students rendered the test (or were graded, for failures), df of them share it;
// one that more than half of them share (and at least 3) weighs nothing. So what every correct or
// every ordinary student writes is no evidence, and what two students alone share is the most.
// A pair's score on one kind is shared / (union + prior), the prior being the weight of a few
// fingerprints no one else has, so that a pair sharing little (one rare failure, one odd line)
// cannot reach the top on that alone; the two kinds combine as 1 - (1 - behaviour)(1 - failures).
//
// Scale: each student is fingerprinted once and its fingerprints go into an inverted index
// (fingerprint -> students). Pairs are scored one student's row at a time from the index, into a
// dense row of n accumulators, and only the best pairs and the clusters (a union-find over pairs
// above the threshold) are kept: memory grows with the fingerprints and n, not with n² pairs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "class/similarity_evidence.h"
#include "class/similarity_fingerprint.h"

namespace uirgrade {

struct SimilarityOptions {
  size_t max_pairs = 50;          // the ranked list keeps this many (best first)
  double min_score = 0.05;        // and none below this
  double cluster_threshold = 0.5;  // pairs at or above it link students into clusters
  double behaviour_prior = 8;      // in fingerprints no one else has (ln(1 + n) each)
  double failure_prior = 2;        // in failures no one else has
};

/// A failure two students share, and how many of the class failed that test the same way.
struct SharedFailure {
  FailureSignature signature;
  int students = 0;
};

struct SimilarPair {
  std::string a, b;  // ids, a < b
  double behaviour = 0, failures = 0, score = 0;
  /// The source evidence (class/similarity_sources.h), 0 when none. Pairs are ranked by
  /// max(score, source): either kind of evidence alone is a reason to read the pair first.
  double source = 0;
  double rank_key() const { return std::max(score, source); }
  std::string best_test;  // the render test whose C they share most (weighted); empty when none
  double best_test_shared = 0;  // that test's shared weight
  std::vector<SharedFailure> shared_failures;  // rarest first
};

struct SimilarityRanking {
  size_t students = 0;
  size_t pairs_in_class = 0;  // n(n-1)/2
  size_t pairs_scored = 0;    // pairs that share at least one weighted fingerprint or failure, or source
  std::vector<SimilarPair> pairs;  // best first
  std::vector<std::vector<std::string>> clusters;  // more than two students, each sorted, largest first
};

/// The index of one class. Add every student, then rank.
class SimilarityIndex {
 public:
  /// The oracle's C of each render test (result label -> C): its fingerprints are no evidence.
  explicit SimilarityIndex(const std::map<std::string, std::string>& oracle_c);

  /// One student: the fingerprints of its C for each render test (label -> fingerprints(C)) and its
  /// failures. Ids must be distinct.
  void add_student(const std::string& id, const std::map<std::string, std::vector<Fingerprint>>& renders,
                   const std::vector<FailureSignature>& failures);

  /// `source` (optional): each pair's source score (ids a < b); pairs are ranked and linked into
  /// clusters by the larger of it and the behaviour score.
  SimilarityRanking rank(const SimilarityOptions& options,
                         const std::map<std::pair<std::string, std::string>, double>* source = nullptr) const;

  /// The weight of fingerprint `hash` of `test` (0 for the oracle's, an unknown one, or one most share).
  double weight(const std::string& test, uint64_t hash) const;

 private:
  struct Student {
    std::string id;
    std::vector<uint64_t> renders;   // tagged fingerprints, sorted, without the oracle's
    std::vector<uint64_t> failures;  // tagged signatures, sorted
  };
  struct Posting {
    uint32_t test = 0;  // render postings: the test; failure postings: unused
    std::vector<uint32_t> students;
  };
  uint32_t test_id(const std::string& label);
  double render_weight(const Posting& posting) const;
  double failure_weight(const Posting& posting) const;
  SimilarPair describe(uint32_t a, uint32_t b, double behaviour, double failures, double score, double source) const;

  std::map<std::string, uint32_t> test_ids_;
  std::vector<std::string> test_labels_;
  std::vector<int> renders_per_test_;
  std::unordered_set<uint64_t> oracle_;
  std::vector<Student> students_;
  std::unordered_map<uint64_t, Posting> render_postings_, failure_postings_;
  std::unordered_map<uint64_t, FailureSignature> failure_signatures_;
};

}  // namespace uirgrade
