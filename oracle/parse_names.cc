// Why not std::unordered_map<std::string, int>: it allocates a node per name (a copy of the
// spelling with it), and at a million names the lookups chase those nodes all over the heap and the
// parser's end frees them one by one; together they made parsing grow faster than the input
// (issue 11). Here a lookup reads one run of adjacent slots, usually one, and compares a name's
// characters only when its full 32-bit hash matches.
#include "oracle/parse_names.h"

#include <functional>

namespace uir {
namespace {

uint32_t hash_of(std::string_view name) { return static_cast<uint32_t>(std::hash<std::string_view>{}(name)); }

}  // namespace

size_t NameTable::slot_of(std::string_view name, uint32_t hash) const {
  size_t mask = slots_.size() - 1;
  for (size_t at = hash & mask;; at = (at + 1) & mask) {
    const Slot& slot = slots_[at];
    if (slot.name.empty() || (slot.hash == hash && slot.name == name)) return at;
  }
}

int32_t NameTable::find(std::string_view name) const {
  if (slots_.empty()) return -1;
  const Slot& slot = slots_[slot_of(name, hash_of(name))];
  return slot.name.empty() ? -1 : slot.index;
}

bool NameTable::insert(std::string_view name, int32_t index) {
  if (2 * (count_ + 1) > slots_.size()) grow_to(slots_.empty() ? 16 : 2 * slots_.size());
  uint32_t hash = hash_of(name);
  Slot& slot = slots_[slot_of(name, hash)];
  if (!slot.name.empty()) return false;
  slot = {name, hash, index};
  ++count_;
  return true;
}

void NameTable::clear() {
  slots_ = {};
  count_ = 0;
}

void NameTable::reserve(size_t count) {
  size_t slots = 16;
  while (slots < 2 * count) slots *= 2;
  if (slots > slots_.size()) grow_to(slots);
}

void NameTable::prefetch(std::string_view name) const {
  if (!slots_.empty()) __builtin_prefetch(&slots_[hash_of(name) & (slots_.size() - 1)]);
}

void NameTable::grow_to(size_t slots) {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(slots, Slot{});
  size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.name.empty()) continue;
    size_t at = slot.hash & mask;
    while (!slots_[at].name.empty()) at = (at + 1) & mask;  // the names are distinct: no comparing
    slots_[at] = slot;
  }
}

}  // namespace uir
