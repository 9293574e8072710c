// Every probe of the catalogue, appended to generated programs of week 3 (and 2 where it fits),
// must be exactly what its label says: a near miss compiles and runs, an invalid probe is refused
// with its rule at its line (for a two-rule probe, the rule §8's order puts first). A probe is
// discarded when the oracle disagrees; the test prints each probe's counts and the first
// disagreement, and fails when any probe is discarded at all, or never applies.
#include "generators/probes.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <iostream>
#include <set>

#include "generators/generate.h"
#include "oracle/oracle.h"

namespace uirgen {
namespace {

TEST(Probes, EveryRuleButNestHasAnInvalidAndItsNearMissAValidProbe) {
  std::set<uir::Rule> invalid;
  std::set<std::string> valid_families;
  for (const ProbeInfo& p : probe_catalog()) {
    if (p.rule && !p.also) invalid.insert(*p.rule);
    if (!p.rule) valid_families.insert(p.clause.substr(6, p.clause.find('/', 6) - 6));
  }
  for (uir::Rule rule : {uir::Rule::Bounds, uir::Rule::DivZero, uir::Rule::EndTwice, uir::Rule::EndUnused,
                         uir::Rule::StoreTwice, uir::Rule::AfterNoStore, uir::Rule::VersionFork,
                         uir::Rule::DeadEffect, uir::Rule::LoadOrder})
    EXPECT_TRUE(invalid.count(rule)) << uir::rule_info(rule).id << " has no probe";
  for (const char* family : {"E-BOUNDS", "E-DIV-ZERO", "E-STORE-TWICE", "E-AFTER-NO-STORE", "E-VERSION-FORK",
                             "E-END-UNUSED", "E-LOAD-ORDER", "placement", "spelling"})
    EXPECT_TRUE(valid_families.count(family)) << family << " has no near-miss valid probe";
}

TEST(Probes, OracleConfirmsEveryLabel) {
  const auto& catalog = probe_catalog();
  std::vector<int> applied(catalog.size()), confirmed(catalog.size());
  for (int week = 2; week <= 3; ++week) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      std::string valid = program_text(sample_program(week, seed, 30));
      for (size_t k = 0; k < catalog.size(); ++k) {
        Chooser chooser{rc::Random(seed * 7919 + k)};
        std::optional<ProbeProgram> probe = apply_probe(valid, static_cast<int>(k), week, chooser);
        if (!probe) continue;
        ++applied[k];
        if (probe_confirmed(*probe)) {
          ++confirmed[k];
        } else if (applied[k] - confirmed[k] == 1) {
          uir::Compiled compiled = uir::compile("gen.uir", probe->text);
          std::cout << "first discard of " << catalog[k].clause << ": expected "
                    << (probe->rule ? std::string(uir::rule_info(*probe->rule).id) : "valid") << " at line "
                    << probe->line << ", oracle: "
                    << (compiled.error ? uir::error_headline("gen.uir", *compiled.error) : "valid") << "\n"
                    << probe->text.substr(valid.size()) << "\n";
        }
      }
    }
  }
  for (size_t k = 0; k < catalog.size(); ++k) {
    std::printf("  %-70s applied %3d  discarded %3d\n", catalog[k].clause.c_str(), applied[k],
                applied[k] - confirmed[k]);
    EXPECT_GT(applied[k], 0) << catalog[k].clause << " never applied";
    EXPECT_EQ(applied[k], confirmed[k]) << catalog[k].clause << " was discarded";
  }
}

/// A near miss runs: its output is worth comparing (it exits 0 or 1, never refuses or crashes).
TEST(Probes, NearMissesRun) {
  const auto& catalog = probe_catalog();
  std::string valid = program_text(sample_program(3, 5, 30));
  for (size_t k = 0; k < catalog.size(); ++k) {
    if (catalog[k].rule) continue;
    Chooser chooser{rc::Random(k + 1)};
    std::optional<ProbeProgram> probe = apply_probe(valid, static_cast<int>(k), 3, chooser);
    if (!probe) continue;
    uir::Compiled compiled = uir::compile("gen.uir", probe->text);
    ASSERT_FALSE(compiled.error) << catalog[k].clause;
    std::vector<uir::SlotData> data;
    for (const uir::SlotSpec& spec : uir::slot_specs(compiled.program))
      data.push_back(uir::SlotData{spec.slot, spec.dtype, std::vector<uint32_t>(spec.length, 0)});
    uir::RunResult result = uir::run(compiled, data);
    EXPECT_TRUE(result.exit_code == 0 || result.exit_code == 1) << catalog[k].clause;
  }
}

/// The fuzz draw spreads a run over the families: 24 consecutive draws meet at least 15 families.
TEST(Probes, DrawVisitsManyFamilies) {
  std::set<std::string> families;
  Chooser chooser{rc::Random(3)};
  for (int index = 0; index < 24; ++index) {
    int k = draw_probe(chooser, 3, index, 11);
    ASSERT_GE(k, 0);
    const std::string& clause = probe_catalog()[k].clause;
    families.insert(clause.substr(0, clause.find('/', clause.rfind("valid", 0) == 0 ? 6 : 0)));
  }
  EXPECT_GE(families.size(), 15u);
}

}  // namespace
}  // namespace uirgen
