// The similarity report of a graded class, from what `grade class` kept under OUT/similarity/
// (class/similarity_evidence.h): every student's C fingerprinted once into the index
// (class/similarity_score.h), the pairs ranked, and for each listed pair the two students' C of the
// test where they agree most, with the lines their shared fingerprints cover.
#pragma once

#include <set>
#include <string>
#include <variant>
#include <vector>

#include "class/similarity_score.h"

namespace uirgrade {

/// The evidence shown beside a pair: both students' C for its best test.
struct SideBySide {
  std::string c_a, c_b;                  // empty when the pair shares no C
  std::set<int> shared_a, shared_b;      // 1-based lines covered by a shared weighted fingerprint
};

struct SimilarityReport {
  SimilarityOptions options;
  SimilarityRanking ranking;
  std::vector<SideBySide> side_by_side;  // one per ranked pair
  size_t render_tests = 0;               // tests with the oracle's C
};

/// Ranks the students `ids` of the class in `out_dir` (evidence kept for anyone else, a student
/// since taken off the roster, is left out); an error naming the file that cannot be read.
std::variant<SimilarityReport, std::string> similarity_report(const std::string& out_dir, const std::set<std::string>& ids,
                                                              const SimilarityOptions& options);

/// The lines of `c` covered by fingerprints of `test` that `other` shares and that weigh something.
std::set<int> shared_lines(const SimilarityIndex& index, const std::string& test, const std::string& c,
                           const std::string& other);

}  // namespace uirgrade
