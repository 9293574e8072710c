// Why not std::unordered_map<std::string, int>: it allocates a node per name (a copy of the
// spelling with it), and at a million names the lookups chase those nodes all over the heap and the
// parser's end frees them one by one; together they made parsing grow faster than the input
// (issue 11). Here the only memory read at random is the slot array, 8 bytes a name (a cache line
// holds 8 slots); the entries, which hold the spellings, are written in file order and read only
// to confirm a matching hash, usually for a name defined a few lines before.
#include "oracle/parse_names.h"

namespace uir {

// FNV-1a, folded to 32 bits: names are short, and this is a loop the compiler inlines where
// std::hash is a call.
uint32_t name_hash(std::string_view name) {
  uint64_t h = 14695981039346656037ull;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return static_cast<uint32_t>(h ^ (h >> 32));
}

size_t NameTable::slot_of(std::string_view name, uint32_t hash) const {
  size_t mask = slots_.size() - 1;
  for (size_t at = hash & mask;; at = (at + 1) & mask) {
    const Slot& slot = slots_[at];
    if (slot.entry == kFree || (slot.hash == hash && entries_[slot.entry].name == name)) return at;
  }
}

int32_t NameTable::find(std::string_view name) const {
  if (slots_.empty()) return -1;
  const Slot& slot = slots_[slot_of(name, name_hash(name))];
  return slot.entry == kFree ? -1 : entries_[slot.entry].index;
}

bool NameTable::insert(std::string_view name, int32_t index) {
  if (2 * (entries_.size() + 1) > slots_.size()) grow_to(slots_.empty() ? 16 : 2 * slots_.size());
  uint32_t hash = name_hash(name);
  Slot& slot = slots_[slot_of(name, hash)];
  if (slot.entry != kFree) return false;
  slot = {hash, static_cast<uint32_t>(entries_.size())};
  entries_.push_back({name, index});
  return true;
}

void NameTable::clear() {
  slots_ = {};
  entries_ = {};
}

void NameTable::reserve(size_t count) {
  size_t slots = 16;
  while (slots < 2 * count) slots *= 2;
  if (slots > slots_.size()) grow_to(slots);
  entries_.reserve(count);
}

void NameTable::prefetch(std::string_view name) const {
  if (!slots_.empty()) __builtin_prefetch(&slots_[name_hash(name) & (slots_.size() - 1)]);
}

void NameTable::grow_to(size_t slots) {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(slots, Slot{});
  size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.entry == kFree) continue;
    size_t at = slot.hash & mask;
    while (slots_[at].entry != kFree) at = (at + 1) & mask;  // the names are distinct: no comparing
    slots_[at] = slot;
  }
}

}  // namespace uir
