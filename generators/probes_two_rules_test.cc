// The two-rule probes (probes_two_rules.cc) each break two rules, so that spec §8's order decides:
// each names the rule reported and a different one it also breaks, and both are errors of §8 (a
// near miss has no place here). That the oracle reports the label is the catalogue's test
// (probes_test.cc, OracleConfirmsEveryLabel).
#include <gtest/gtest.h>

#include "generators/probes_context.h"

namespace uirgen {
namespace {

TEST(ProbesTwoRules, EachNamesTheReportedRuleAndADifferentOneItAlsoBreaks) {
  ASSERT_FALSE(two_rule_probes().empty());
  for (const ProbeEntry& entry : two_rule_probes()) {
    ASSERT_TRUE(entry.info.rule) << entry.info.clause << ": a two-rule probe is invalid";
    ASSERT_TRUE(entry.info.also) << entry.info.clause << ": names no second rule";
    EXPECT_NE(*entry.info.rule, *entry.info.also) << entry.info.clause;
  }
}

TEST(ProbesTwoRules, NoOtherFamilyNamesASecondRule) {
  for (const auto& family : {interval_probes(), version_probes()})
    for (const ProbeEntry& entry : family) EXPECT_FALSE(entry.info.also) << entry.info.clause;
}

}  // namespace
}  // namespace uirgen
