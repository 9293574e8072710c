#include "class/mutant_match.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace uirgrade {

std::variant<std::vector<MutantKills>, std::string> parse_mutants_json(const std::string& text) {
  try {
    nlohmann::json document = nlohmann::json::parse(text);
    std::vector<MutantKills> mutants;
    for (const nlohmann::json& entry : document.at("mutants")) {
      MutantKills mutant;
      mutant.name = entry.at("name").get<std::string>();
      mutant.description = entry.value("description", "");
      for (const nlohmann::json& test : entry.at("killed_by")) mutant.killed_by.insert(test.get<std::string>());
      mutants.push_back(std::move(mutant));
    }
    return mutants;
  } catch (const nlohmann::json::exception& error) {
    return fmt::format("not a `grade mutants --json` file: {}", error.what());
  }
}

std::optional<Resemblance> closest_mutant(const std::set<std::string>& failed, const std::vector<MutantKills>& mutants) {
  std::optional<Resemblance> best;
  for (const MutantKills& mutant : mutants) {
    size_t common = static_cast<size_t>(std::count_if(failed.begin(), failed.end(),
                                                      [&](const std::string& test) { return mutant.killed_by.count(test) > 0; }));
    if (common == 0) continue;
    double similarity = static_cast<double>(common) / static_cast<double>(failed.size() + mutant.killed_by.size() - common);
    if (!best || similarity > best->similarity) best = Resemblance{&mutant, similarity};
  }
  return best;
}

}  // namespace uirgrade
