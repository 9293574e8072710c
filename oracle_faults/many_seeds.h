// Grading every fault at many seeds in bounded time (docs/mutants.md, "20 seeds").
//
// What a seed changes in a week's grading: the generated tests (other programs), and in a
// hand-written test its stdin (slot order, f32 spellings) and its `random` data. A fault's verdict
// on a test is a function of the test and its expectation (mutation/mutant_grading.h reads nothing
// else), so on a hand-written test whose expectation -- stdin text, the oracle's exit, buffers and
// failing assert -- is the same at every seed, a fault fails (or crashes, or hangs) at every seed
// exactly as at the first. Such a fault is detected at every seed without grading it again. Every
// other fault is graded at every seed, trying first the hand-written test that detected it at the
// first seed (one test where it detects again).
#pragma once

#include <vector>

#include "oracle_faults/grading.h"

namespace oracle_faults {

/// Per hand-written test (the index in seeds[0].tests): whether its expectation is the same at
/// every one of `seeds`. The seeds' hand-written tests must be the same list.
std::vector<bool> seed_invariant_tests(const std::vector<SeedTests>& seeds);

struct ManySeedsCount {
  size_t detected_on_an_invariant_test = 0;  // decided at the first seed for every seed
  size_t graded_at_every_seed = 0;
};

/// Each fault's verdict at each seed, as grade_faults(ids, seeds, limits) would give, with the
/// shortcut above (`shortcut` false: every fault graded at every seed, to check the shortcut).
std::vector<FaultVerdicts> grade_at_every_seed(const std::vector<int>& ids, const std::vector<SeedTests>& seeds,
                                               const ForkLimits& limits, bool shortcut, ManySeedsCount* count);

}  // namespace oracle_faults
