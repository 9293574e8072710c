#include "oracle_faults/many_seeds.h"

#include <gtest/gtest.h>

#include "testcase/suite.h"
#include "oracle_faults/manifest.h"
#include "uirgrade_paths.h"

namespace oracle_faults {
namespace {

const std::string kSource = UIRGRADE_SOURCE_DIR;

/// The week's hand-written tests at seeds 1 .. count, without generated ones (they are graded
/// at every seed anyway; this is about the hand-written tests a seed changes).
std::vector<SeedTests> week3_at_seeds(int count) {
  auto loaded = uirgrade::load_week(kSource + "/suites", 3);
  const auto& week = std::get<uirgrade::LoadedWeek>(loaded);
  std::vector<SeedTests> seeds;
  for (int s = 1; s <= count; ++s) seeds.push_back(make_seed_tests(week.tests, 3, {}, s, 2));
  return seeds;
}

size_t index_of(const SeedTests& seed, const std::string& name_end) {
  for (size_t k = 0; k < seed.hand_written; ++k)
    if (seed.tests[k].name.ends_with(name_end)) return k;
  ADD_FAILURE() << "no test " << name_end;
  return 0;
}

int fault_id(const std::string& function, const std::string& op, const std::string& original) {
  auto read = read_manifest(std::string(UIRGRADE_BINARY_DIR) + "/schemata/manifest.tsv");
  for (const OracleFault& m : std::get<std::vector<OracleFault>>(read))
    if (m.function == function && m.op == op && m.original == original) return m.id;
  ADD_FAILURE() << "no fault " << op << " `" << original << "` in " << function;
  return -1;
}

// An invalid program has no stdin and the same exit at every seed; a test with `random` data (and
// one with two slots, whose order is drawn) gets another stdin at another seed.
TEST(ManySeeds, ATestIsInvariantOnlyWhenItsStdinAndResultAreTheSameAtEverySeed) {
  std::vector<SeedTests> seeds = week3_at_seeds(3);
  std::vector<bool> invariant = seed_invariant_tests(seeds);
  ASSERT_EQ(invariant.size(), seeds[0].hand_written);
  EXPECT_TRUE(invariant[index_of(seeds[0], "mut_err_type_load_of_a_literal")]);
  EXPECT_FALSE(invariant[index_of(seeds[0], "data_random_in_range")]);
  EXPECT_FALSE(invariant[index_of(seeds[0], "mut_call_numbered_like_a_statement_in_a_zero_trip_loop")]);
}

// The shortcut decides at the first seed what grading every seed would find: the same verdict for
// a fault detected on an invariant test (E-BOUNDS dropped), one that crashes on one (`load 5` reads
// a view's length through a null definition), and the control.
TEST(ManySeeds, TheShortcutGivesTheVerdictsOfGradingEverySeedAndNamesTheTestACrashHappenedIn) {
  std::vector<SeedTests> seeds = week3_at_seeds(3);
  int skip_bounds = fault_id("OpRules::bounds", "if-true", "off.lo >= 0 && int64_t{off.hi} + k <= whole.length");
  int null_view = fault_id("need_element_view", "if-false", "f.kind != Kind::View");
  std::vector<int> ids = {0, skip_bounds, null_view};
  ManySeedsCount count;
  std::vector<FaultVerdicts> fast = grade_at_every_seed(ids, seeds, ForkLimits{}, true, &count);
  std::vector<FaultVerdicts> slow = grade_at_every_seed(ids, seeds, ForkLimits{}, false, nullptr);
  EXPECT_EQ(count.detected_on_an_invariant_test, 2u);
  EXPECT_EQ(count.graded_at_every_seed, 1u);  // the control
  for (size_t k = 0; k < ids.size(); ++k)
    for (size_t s = 0; s < seeds.size(); ++s)
      EXPECT_EQ(fast[k].per_seed.at(s).verdict, slow[k].per_seed.at(s).verdict) << "fault " << ids[k] << " seed " << s;
  EXPECT_EQ(slow[0].per_seed[2].verdict, Verdict::Undetected);
  const SeedVerdict& crash = slow[2].per_seed[1];
  ASSERT_EQ(crash.verdict, Verdict::Crashed) << crash.detected_by;
  ASSERT_GE(crash.test, 0);
  EXPECT_TRUE(seeds[1].tests[crash.test].name.ends_with("mut_err_type_load_of_a_literal")) << seeds[1].tests[crash.test].name;
}

}  // namespace
}  // namespace oracle_faults
