// Grading the oracle's own faults (the schemata, make_schemata.py) against a week's tests: each
// fault in a child process of its own (forked.h). Inside the child the fault is judged in-process
// exactly as `grade --mutants` judges a catalogue mutant (mutation/mutant_grading.h): the schemata
// oracle with the fault on is the student's `run` and `render`.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "oracle_faults/forked.h"
#include "testcase/expected.h"
#include "testcase/case.h"

namespace oracle_faults {

/// A week's tests at one seed: the hand-written ones first, then the generated ones.
struct SeedTests {
  uint64_t seed = 0;
  std::vector<uirgrade::TestCase> tests;
  std::vector<uirgrade::ExpectedOrError> expected;  // computed with no fault on
  size_t hand_written = 0;                          // tests[0 .. hand_written) are hand-written
};

/// The week's hand-written tests and its plan's generated ones (`fuzz_count` < 0: the plan's counts),
/// with their expectations. Call before grading: grading forks, and the fork wants one thread.
SeedTests make_seed_tests(const std::vector<uirgrade::TestCase>& hand_written, int week,
                          const std::map<std::string, int>& fuzz_counts, uint64_t seed, int jobs);

enum class Verdict {
  Undetected,
  DetectedByHandWritten,    // some hand-written test fails
  DetectedByGeneratedOnly,  // every hand-written test passes; a generated one fails
  Crashed,                  // the process died (a crashing compiler fails its test)
  Hung,                     // no verdict within the time limit (a hanging compiler fails its test)
};
const char* verdict_name(Verdict v);
inline bool detected(Verdict v) { return v != Verdict::Undetected; }

struct SeedVerdict {
  Verdict verdict = Verdict::Undetected;
  std::string detected_by;  // the first failing test's kill-matrix name
  int test = -1;       // its index in the seed's tests (for Crashed and Hung: the test it died in; -1: unknown)
};

/// One fault's verdict at each seed, in the order of `seeds`.
struct FaultVerdicts {
  int id = 0;
  std::vector<SeedVerdict> per_seed;
};

/// Grades each fault id (schemata::g_active values) on every seed's tests, each fault in a
/// child process (forked.h; a seed is a unit: a child still grading one after the time limit is Hung).
/// `first_try` (empty, or one per id): a hand-written test to try first at every seed (-1: none), so
/// a fault that test detected at another seed costs one test where it detects it again; the verdict
/// is the same as without it, only the test named in detected_by may differ.
std::vector<FaultVerdicts> grade_faults(const std::vector<int>& ids, const std::vector<SeedTests>& seeds,
                                        const ForkLimits& limits, const std::vector<int>& first_try = {});

}  // namespace oracle_faults
