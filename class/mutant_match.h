// Which catalogued bug a student's failures resemble most: `grade mutants --json FILE` lists, for
// each mutant of the oracle (docs/mutants.md), the tests that kill it; a student whose failing tests
// are close to a mutant's killing tests (Jaccard similarity of the two sets of test names) probably
// has that bug.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace uirgrade {

struct MutantKills {
  std::string name;
  std::string description;
  std::set<std::string> killed_by;  // test names, "week3/accumulator" (a render test: "week3/accumulator:render")
};

/// The mutants of a `grade mutants --json` file; an error naming the place otherwise.
std::variant<std::vector<MutantKills>, std::string> parse_mutants_json(const std::string& text);

struct Resemblance {
  const MutantKills* mutant = nullptr;
  double similarity = 0;  // |A ∩ B| / |A ∪ B|, in (0, 1]
};

/// The mutant whose killing tests are most like `failed` (ties: the first in the file); nullopt when
/// `failed` is empty or shares no test with any mutant.
std::optional<Resemblance> closest_mutant(const std::set<std::string>& failed, const std::vector<MutantKills>& mutants);

}  // namespace uirgrade
