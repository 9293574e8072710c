// The similarity report of a graded class, from what `grade class` kept under OUT/similarity/
// (class/similarity_evidence.h): every student's C fingerprinted once into the index
// (class/similarity_score.h), the pairs ranked, and for each listed pair the two students' C of the
// test where they agree most, with the lines their shared fingerprints cover.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "class/similarity_score.h"
#include "class/similarity_sources.h"

namespace uirgrade {

/// The evidence shown beside a pair: both students' C for its best test.
struct SideBySide {
  std::string c_a, c_b;                  // empty when the pair shares no C
  std::set<int> shared_a, shared_b;      // 1-based lines covered by a shared weighted fingerprint
};

/// How to compare the students' kept sources (class/similarity_sources.h).
struct SourceComparison {
  CommandRunner* runner = nullptr;  // the class run's (its sandbox); sim runs through it
  std::string handout_dir;          // the instructor's handout code; empty: none
  SourceToolConfig tool;
};

struct SimilarityReport {
  SimilarityOptions options;
  SimilarityRanking ranking;
  std::vector<SideBySide> side_by_side;  // one per ranked pair
  size_t render_tests = 0;               // tests with the oracle's C
  /// The source comparison, when one was asked for: its notes, runs, and every pair it found.
  std::optional<SourceSimilarity> source;
  std::vector<std::optional<SourcePair>> source_pairs;  // one per ranked pair
  std::string handout_dir;
};

/// Ranks the students `ids` of the class in `out_dir` (evidence kept for anyone else, a student
/// since taken off the roster, is left out); an error naming the file that cannot be read.
/// With `sources`, the students' kept sources are compared too and ranked beside the behaviour.
std::variant<SimilarityReport, std::string> similarity_report(const std::string& out_dir, const std::set<std::string>& ids,
                                                              const SimilarityOptions& options,
                                                              const SourceComparison* sources = nullptr);

/// The lines of `c` covered by fingerprints of `test` that `other` shares and that weigh something.
std::set<int> shared_lines(const SimilarityIndex& index, const std::string& test, const std::string& c,
                           const std::string& other);

}  // namespace uirgrade
