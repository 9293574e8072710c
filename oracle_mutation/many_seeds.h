// Grading every mutant at many seeds in bounded time (docs/mutants.md, "20 seeds").
//
// What a seed changes in a week's grading: the generated tests (other programs), and in a
// hand-written test its stdin (slot order, f32 spellings) and its `random` data. A mutant's verdict
// on a test is a function of the test and its expectation (mutation/mutant_grading.h reads nothing
// else), so on a hand-written test whose expectation -- stdin text, the oracle's exit, buffers and
// failing assert -- is the same at every seed, a mutant fails (or crashes, or hangs) at every seed
// exactly as at the first. Such a mutant is killed at every seed without grading it again. Every
// other mutant is graded at every seed, trying first the hand-written test that killed it at the
// first seed (one test where it kills again).
#pragma once

#include <vector>

#include "oracle_mutation/grading.h"

namespace uir_mutation {

/// Per hand-written test (the index in seeds[0].tests): whether its expectation is the same at
/// every one of `seeds`. The seeds' hand-written tests must be the same list.
std::vector<bool> seed_invariant_tests(const std::vector<SeedTests>& seeds);

struct ManySeedsCount {
  size_t killed_on_an_invariant_test = 0;  // decided at the first seed for every seed
  size_t graded_at_every_seed = 0;
};

/// Each mutant's verdict at each seed, as grade_mutants(ids, seeds, limits) would give, with the
/// shortcut above (`shortcut` false: every mutant graded at every seed, to check the shortcut).
std::vector<MutantVerdicts> grade_at_every_seed(const std::vector<int>& ids, const std::vector<SeedTests>& seeds,
                                                const ForkLimits& limits, bool shortcut, ManySeedsCount* count);

}  // namespace uir_mutation
