// For each seed: the hand-written tests until one fails, then (if none did) the generated ones until
// one fails. The first failing test is all a verdict needs, so a detected fault costs little.
#include "oracle_faults/grading.h"

#include "generators/fuzz.h"
#include "mutation/mutant_grading.h"
#include "base/parallel.h"

namespace oracle_faults {
namespace {

/// Whether the switched-on fault fails test k (named first to the parent: if it dies there, the
/// verdict says where).
bool fails(const SeedTests& seed, size_t k) {
  report_progress(static_cast<int>(k));
  return !uirgrade::mutant_passes(seed.tests[k], seed.expected[k], uirgrade::Mutants{});
}

/// The first test in [from, to) the switched-on fault fails, or -1.
int first_failure(const SeedTests& seed, size_t from, size_t to) {
  for (size_t k = from; k < to; ++k)
    if (fails(seed, k)) return static_cast<int>(k);
  return -1;
}

}  // namespace

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Undetected: return "undetected";
    case Verdict::DetectedByHandWritten: return "detected";
    case Verdict::DetectedByGeneratedOnly: return "detected-by-generated-only";
    case Verdict::Crashed: return "crashed";
    case Verdict::Hung: return "hung";
  }
  return "?";
}

SeedTests make_seed_tests(const std::vector<uirgrade::TestCase>& hand_written, int week,
                          const std::map<std::string, int>& fuzz_counts, uint64_t seed, int jobs) {
  SeedTests out;
  out.seed = seed;
  out.tests = hand_written;
  out.hand_written = hand_written.size();
  for (uirgrade::TestCase& test : uirgen::make_fuzz_tests(week, fuzz_counts, seed)) out.tests.push_back(std::move(test));
  out.expected.resize(out.tests.size());
  uirgrade::run_on_pool(out.tests.size(), jobs, nullptr,
                        [&](size_t k) { out.expected[k] = uirgrade::compute_expected(out.tests[k], seed); });
  return out;
}

std::vector<FaultVerdicts> grade_faults(const std::vector<int>& ids, const std::vector<SeedTests>& seeds,
                                        const ForkLimits& limits, const std::vector<int>& first_try) {
  auto units = run_per_fault(ids, seeds.size(), limits, [&](size_t fault, size_t s) {
    const SeedTests& seed = seeds[s];
    int hint = fault < first_try.size() ? first_try[fault] : -1;
    if (hint >= 0 && static_cast<size_t>(hint) < seed.hand_written && fails(seed, hint))
      return UnitResult::of(static_cast<int>(Verdict::DetectedByHandWritten), hint);
    if (int k = first_failure(seed, 0, seed.hand_written); k >= 0)
      return UnitResult::of(static_cast<int>(Verdict::DetectedByHandWritten), k);
    if (int g = first_failure(seed, seed.hand_written, seed.tests.size()); g >= 0)
      return UnitResult::of(static_cast<int>(Verdict::DetectedByGeneratedOnly), g);
    return UnitResult::of(static_cast<int>(Verdict::Undetected), -1);
  });
  std::vector<FaultVerdicts> results(ids.size());
  for (size_t k = 0; k < ids.size(); ++k) {
    results[k].id = ids[k];
    for (size_t s = 0; s < seeds.size(); ++s) {
      const UnitResult& u = units[k][s];
      SeedVerdict v;
      if (u.stopped) v = {u.timed_out ? Verdict::Hung : Verdict::Crashed, u.how, u.test};
      else v = {static_cast<Verdict>(u.verdict), u.test >= 0 ? uirgrade::kill_matrix_name(seeds[s].tests[u.test]) : "", u.test};
      results[k].per_seed.push_back(v);
    }
  }
  return results;
}

}  // namespace oracle_faults
