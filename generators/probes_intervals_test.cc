// The interval probes (probes_intervals.cc) reach their rule through the op their clause names:
// a probe of "E-BOUNDS/mul-negative/..." that never multiplies, or of ".../mod/..." without a
// `mod`, would test the rule's edge through a bare literal, the gap issue 23 found.
#include "generators/probes.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "generators/generate.h"

namespace uirgen {
namespace {

/// The text a probe of each way must hold in the statements it appends.
const std::map<std::string, std::string>& op_of_way() {
  static const std::map<std::string, std::string> ops = {
      {"add", " add "},   {"mul-negative", " mul "}, {"mul-mixed", " mul "}, {"max", " max "},
      {"idiv", " idiv "}, {"idiv-by-range", " idiv "}, {"mod", " mod "},    {"where", " where "},
      {"cast", " cast "}, {"range-bound", " range "},  {"call", "call @"}};
  return ops;
}

TEST(ProbesIntervals, EachProbeGoesThroughTheOpItsClauseNames) {
  const auto& catalog = probe_catalog();
  std::string valid = program_text(sample_program(3, 5, 30));
  int checked = 0;
  for (size_t k = 0; k < catalog.size(); ++k) {
    const std::string& clause = catalog[k].clause;
    size_t at = clause.find("E-BOUNDS/") != std::string::npos ? clause.find("E-BOUNDS/") + 9
                : clause.find("E-DIV-ZERO/") != std::string::npos ? clause.find("E-DIV-ZERO/") + 11
                                                                   : std::string::npos;
    if (at == std::string::npos) continue;
    auto op = op_of_way().find(clause.substr(at, clause.find('/', at) - at));
    if (op == op_of_way().end()) continue;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Chooser chooser{rc::Random(seed * 104729 + k)};
      std::optional<ProbeProgram> probe = apply_probe(valid, static_cast<int>(k), 3, chooser);
      if (!probe) continue;
      EXPECT_NE(probe->text.substr(valid.size()).find(op->second), std::string::npos)
          << clause << "\n" << probe->text.substr(valid.size());
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace uirgen
