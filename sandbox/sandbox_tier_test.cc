#include "sandbox/sandbox_tier.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(ChooseTier, AutoTakesTheStrongestAvailable) {
  EXPECT_EQ(choose_tier(Sandbox::Auto, true, "", true).tier, Tier::Namespaces);
  EXPECT_EQ(choose_tier(Sandbox::Auto, true, "", false).tier, Tier::Namespaces);
  EXPECT_EQ(choose_tier(Sandbox::Auto, false, "no userns", true).tier, Tier::Uid);
}

TEST(ChooseTier, AutoRefusesAnUnprivilegedGraderWithoutNamespaces) {
  TierChoice choice = choose_tier(Sandbox::Auto, false, "bwrap: No permissions", false);
  EXPECT_FALSE(choice.tier);
  EXPECT_NE(choice.error.find("bwrap: No permissions"), std::string::npos) << choice.error;
  EXPECT_NE(choice.error.find("--sandbox none"), std::string::npos) << choice.error;
}

TEST(ChooseTier, AForcedTierIsThatTierOrARefusal) {
  EXPECT_EQ(choose_tier(Sandbox::Uid, true, "", true).tier, Tier::Uid);
  EXPECT_FALSE(choose_tier(Sandbox::Uid, true, "", false).tier);
  EXPECT_FALSE(choose_tier(Sandbox::Namespaces, false, "why", true).tier);
  EXPECT_NE(choose_tier(Sandbox::Namespaces, false, "why", true).error.find("why"), std::string::npos);
  EXPECT_EQ(choose_tier(Sandbox::None, false, "", false).tier, Tier::None);
}

TEST(ParseSandbox, KnowsEveryTierAndTheOldName) {
  EXPECT_EQ(parse_sandbox("auto"), Sandbox::Auto);
  EXPECT_EQ(parse_sandbox("namespaces"), Sandbox::Namespaces);
  EXPECT_EQ(parse_sandbox("bwrap"), Sandbox::Namespaces);
  EXPECT_EQ(parse_sandbox("uid"), Sandbox::Uid);
  EXPECT_EQ(parse_sandbox("none"), Sandbox::None);
  EXPECT_FALSE(parse_sandbox("docker"));
}

}  // namespace
}  // namespace uirgrade
