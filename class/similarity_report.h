// The similarity report's outputs: a section of class.html (it opens on the ranked pairs, the first
// with its evidence unfolded), OUT/similarity.csv and OUT/similarity.json. Each says how the score
// is computed and that it ranks what to look at first: it accuses no one. Instructor-side only.
#pragma once

#include <iosfwd>
#include <string>

#include "class/similarity_run.h"

namespace uirgrade {

/// How the score is computed, in a few sentences (the HTML section and the JSON say it).
std::string similarity_method(const SimilarityOptions& options);

/// The section of class.html: the pairs ranked, the clusters, and each pair's evidence side by side.
std::string similarity_section_html(const SimilarityReport& report);

/// One row per ranked pair: rank, the two ids, the scores, the best test, the shared failures.
void write_similarity_csv(const SimilarityReport& report, std::ostream& out);

void write_similarity_json(const SimilarityReport& report, std::ostream& out);

}  // namespace uirgrade
