#include "oracle_faults/many_seeds.h"

#include <stdexcept>
#include <variant>

#include "oracle/data.h"

namespace oracle_faults {
namespace {

/// Everything of an expectation that the judgement of a fault reads and a seed can change (the
/// compiled program comes from the test's text alone).
bool same_expectation(const uirgrade::ExpectedOrError& a, const uirgrade::ExpectedOrError& b) {
  const auto* x = std::get_if<uirgrade::Expected>(&a);
  const auto* y = std::get_if<uirgrade::Expected>(&b);
  if (!x || !y) return !x && !y && std::get<std::string>(a) == std::get<std::string>(b);
  return x->input_text == y->input_text && x->exit_code == y->exit_code &&
         x->run.failed_assert_line == y->run.failed_assert_line &&
         uir::format_slot_data(x->run.buffers) == uir::format_slot_data(y->run.buffers);
}

}  // namespace

std::vector<bool> seed_invariant_tests(const std::vector<SeedTests>& seeds) {
  if (seeds.empty()) return {};
  const SeedTests& first = seeds[0];
  std::vector<bool> same(first.hand_written, true);
  for (const SeedTests& other : seeds) {
    if (other.hand_written != first.hand_written) throw std::logic_error("seeds with different hand-written tests");
    for (size_t k = 0; k < first.hand_written; ++k)
      same[k] = same[k] && other.tests[k].name == first.tests[k].name && other.tests[k].mode == first.tests[k].mode &&
                same_expectation(other.expected[k], first.expected[k]);
  }
  return same;
}

std::vector<FaultVerdicts> grade_at_every_seed(const std::vector<int>& ids, const std::vector<SeedTests>& seeds,
                                               const ForkLimits& limits, bool shortcut, ManySeedsCount* count) {
  if (!shortcut || seeds.size() < 2) {
    if (count) count->graded_at_every_seed = ids.size();
    return grade_faults(ids, seeds, limits);
  }
  std::vector<bool> invariant = seed_invariant_tests(seeds);
  std::vector<FaultVerdicts> results = grade_faults(ids, {seeds[0]}, limits);
  std::vector<int> again_ids, again_first_try;
  std::vector<size_t> again_index;
  for (size_t k = 0; k < ids.size(); ++k) {
    const SeedVerdict first = results[k].per_seed[0];
    bool on_hand_written = first.test >= 0 && static_cast<size_t>(first.test) < seeds[0].hand_written;
    if (detected(first.verdict) && on_hand_written && invariant[first.test]) {
      results[k].per_seed.assign(seeds.size(), first);
      if (count) ++count->detected_on_an_invariant_test;
      continue;
    }
    again_ids.push_back(ids[k]);
    again_first_try.push_back(detected(first.verdict) && on_hand_written ? first.test : -1);
    again_index.push_back(k);
  }
  if (count) count->graded_at_every_seed = again_ids.size();
  std::vector<SeedTests> rest(seeds.begin() + 1, seeds.end());
  std::vector<FaultVerdicts> later = grade_faults(again_ids, rest, limits, again_first_try);
  for (size_t j = 0; j < again_index.size(); ++j)
    for (const SeedVerdict& v : later[j].per_seed) results[again_index[j]].per_seed.push_back(v);
  return results;
}

}  // namespace oracle_faults
