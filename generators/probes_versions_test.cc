// The version probes (probes_versions.cc) are the memory and loop rules' own (spec §4.1, §5.1,
// §5.3): each labels one of those rules or is a near miss, and every one of those rules has a
// probe that breaks it. That the oracle reports each label is the catalogue's test (probes_test.cc).
#include <gtest/gtest.h>

#include <set>

#include "generators/probes_context.h"

namespace uirgen {
namespace {

using uir::Rule;

const std::set<Rule> kMemoryAndLoopRules = {Rule::StoreTwice, Rule::AfterNoStore, Rule::VersionFork, Rule::EndTwice,
                                            Rule::EndUnused,  Rule::DeadEffect,   Rule::LoadOrder};

TEST(ProbesVersions, EachLabelsAMemoryOrLoopRuleOrIsANearMiss) {
  int near_misses = 0;
  for (const ProbeEntry& entry : version_probes()) {
    if (!entry.info.rule) {
      ++near_misses;
      continue;
    }
    EXPECT_TRUE(kMemoryAndLoopRules.contains(*entry.info.rule)) << entry.info.clause;
    EXPECT_FALSE(entry.info.also) << entry.info.clause << ": a probe of one rule names a second";
  }
  EXPECT_GT(near_misses, 0) << "the near-miss valid programs beside the rules";
}

TEST(ProbesVersions, EveryMemoryAndLoopRuleIsBroken) {
  std::set<Rule> broken;
  for (const ProbeEntry& entry : version_probes())
    if (entry.info.rule) broken.insert(*entry.info.rule);
  EXPECT_EQ(broken, kMemoryAndLoopRules);
}

}  // namespace
}  // namespace uirgen
