#include "generators/chooser.h"

#include <algorithm>

namespace uirgen {

Chooser::Chooser(const rc::Random& random) : random_(random) { recorded_.reserve(256); }

Chooser::Chooser(std::vector<uint32_t> choices) : replaying_(true), replay_(std::move(choices)) {
  recorded_.reserve(replay_.size());
}

uint32_t Chooser::next_offset(uint32_t span) {
  uint32_t offset = 0;
  if (!replaying_) {
    offset = static_cast<uint32_t>(random_.next() % span);
  } else if (replay_pos_ < replay_.size()) {
    offset = std::min(replay_[replay_pos_++], span - 1);
  }
  recorded_.push_back(offset);
  return offset;
}

int Chooser::pick(int lo, int hi) {
  if (hi <= lo) return lo;
  uint32_t span = static_cast<uint32_t>(static_cast<int64_t>(hi) - lo + 1);
  return static_cast<int>(lo + static_cast<int64_t>(next_offset(span)));
}

bool Chooser::chance(int percent) { return pick(0, 99) >= 100 - percent; }

int Chooser::weighted(const int* weights, int count) {
  int total = 0;
  for (int k = 0; k < count; ++k) total += weights[k];
  if (total <= 0) return 0;
  int draw = pick(0, total - 1);
  for (int k = 0; k < count; ++k) {
    if (draw < weights[k]) return k;
    draw -= weights[k];
  }
  return count - 1;
}

}  // namespace uirgen
