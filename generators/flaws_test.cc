// Every flaw of the catalog, applied to many generated programs of every week, must be
// rejected by the oracle with exactly its label's rule and line, or be discarded (counted). The
// discard rate per flaw is printed with the first discarded program of each; the test fails
// when a flaw is discarded more than 5% of the time.
#include "generators/flaws.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <iostream>

#include "generators/generate.h"
#include "oracle/oracle.h"

namespace uirgen {
namespace {

TEST(Flaws, CatalogCoversEveryRuleButNest) {
  for (const uir::RuleInfo& rule : uir::rule_table()) {
    if (rule.rule == uir::Rule::Nest) continue;  // spec §5.1: no program breaks it alone
    bool covered = false;
    for (const FlawInfo& f : flaw_catalog()) covered = covered || f.rule == rule.rule;
    EXPECT_TRUE(covered) << rule.id << " has no flaw";
  }
}

TEST(Flaws, OracleReportsEachLabelledRuleAndLine) {
  const auto& catalog = flaw_catalog();
  std::vector<int> applied(catalog.size()), agreed(catalog.size());
  for (int week = 1; week <= 3; ++week) {
    for (uint64_t seed = 1; seed <= 60; ++seed) {
      std::string valid = program_text(sample_program(week, seed, 50));
      for (size_t m = 0; m < catalog.size(); ++m) {
        Chooser chooser{rc::Random(seed * 1000 + m)};
        std::optional<InvalidProgram> invalid = apply_flaw(valid, static_cast<int>(m), chooser);
        if (!invalid) continue;
        ++applied[m];
        if (oracle_agrees(*invalid)) {
          ++agreed[m];
        } else if (applied[m] - agreed[m] == 1) {  // show the first disagreement of each flaw
          uir::Compiled compiled = uir::compile("gen.uir", invalid->text);
          std::cout << "first discard of " << catalog[m].name << " expected "
                    << uir::rule_info(invalid->rule).id << " at line " << invalid->line << ", oracle: "
                    << (compiled.error ? uir::error_headline("gen.uir", *compiled.error) : "valid") << "\n"
                    << invalid->text << "\n";
        }
      }
    }
  }
  for (size_t m = 0; m < catalog.size(); ++m) {
    std::printf("  %-28s %-17s applied %4d  discarded %3d\n", catalog[m].name.c_str(),
                std::string(uir::rule_info(catalog[m].rule).id).c_str(), applied[m], applied[m] - agreed[m]);
    EXPECT_GT(applied[m], 0) << catalog[m].name << " never applied";
    EXPECT_LE(20 * (applied[m] - agreed[m]), applied[m]) << catalog[m].name << " is discarded too often";
  }
}

}  // namespace
}  // namespace uirgen
