// Every random decision of the generator goes through a Chooser, which records it as a small integer
// (the choice's distance from its lowest option). Replaying a recorded list rebuilds the same
// program; replaying a *shrunk* list (fewer choices, smaller values) builds a simpler program that
// is still valid by construction, because every choice is clamped into what is legal at that point
// and a missing choice means "the lowest option". That list is what RapidCheck shrinks (generate.cc).
#pragma once

#include <rapidcheck/Random.h>

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace uirgen {

class Chooser {
 public:
  /// Fresh choices drawn from `random`.
  explicit Chooser(const rc::Random& random);
  /// Replays `choices`; past their end every choice is the lowest option.
  explicit Chooser(std::vector<uint32_t> choices);

  /// A number in [lo, hi] (inclusive); lo when hi < lo.
  int pick(int lo, int hi);
  /// True with the given percentage. The lowest option (what shrinking tends to) is false.
  bool chance(int percent);
  /// An index into `weights`, drawn with those weights. Option 0 is what shrinking tends to.
  int weighted(const int* weights, int count);
  int weighted(std::initializer_list<int> weights) {
    return weighted(weights.begin(), static_cast<int>(weights.size()));
  }

  /// The choices made so far, replayable.
  const std::vector<uint32_t>& recorded() const { return recorded_; }

 private:
  uint32_t next_offset(uint32_t span);  // in [0, span)

  bool replaying_ = false;
  rc::Random random_;
  std::vector<uint32_t> replay_;
  size_t replay_pos_ = 0;
  std::vector<uint32_t> recorded_;
};

}  // namespace uirgen
