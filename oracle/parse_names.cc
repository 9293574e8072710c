// Why not std::unordered_map<std::string, int>: it allocates a node per name (a copy of the
// spelling with it), and at a million names the lookups chase those nodes all over the heap and the
// parser's end frees them one by one; together they made parsing grow faster than the input
// (issue 11). Here the only memory read at random is the slot array, 8 bytes a name (a cache line
// holds 8 slots); the entries, which hold the spellings, are written in file order and read only
// to confirm a matching hash, usually for a name defined a few lines before.
//
// Why BlockNames: even so, at a million names the slot array is 16 MiB, and each definition's
// duplicate check landed on a slot that no cache held and no TLB entry mapped: a page walk and a
// memory read per statement, which at 1M made the name table cost four times per name what it costs
// at 10k (issue 11). A batch of recent definitions lives in a table small enough to stay cached;
// the batch then moves into the large table sorted by slot, so those reads go down the array in
// order and overlap. Nearly every lookup is of a name defined a few lines before, in the batch.
#include "oracle/parse_names.h"

#include <algorithm>

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
  entries_.push_back({name, index, hash});
  return true;
}

void NameTable::forget() {
  // Only the slots in use, found from their entries: a table kept large for its next fill may hold
  // few names (a short function body).
  size_t mask = slots_.size() - 1;
  for (uint32_t k = 0; k < entries_.size(); ++k) {
    size_t at = entries_[k].hash & mask;
    while (slots_[at].entry != k) at = (at + 1) & mask;
    slots_[at] = Slot{};
  }
  entries_.clear();
}

void NameTable::absorb(NameTable& recent, std::vector<Redefinition>& redefined) {
  size_t needed = 16;
  while (needed < 2 * (entries_.size() + recent.entries_.size())) needed *= 2;
  if (needed > slots_.size()) grow_to(needed);
  // A counting sort of the recent entries by the top bits of their home slot here.
  constexpr size_t kBuckets = 1024;
  size_t shift = 0;
  while ((slots_.size() >> shift) > kBuckets) ++shift;
  size_t mask = slots_.size() - 1;
  std::vector<uint32_t> starts(kBuckets + 1, 0);
  for (const Entry& e : recent.entries_) ++starts[((e.hash & mask) >> shift) + 1];
  for (size_t b = 1; b <= kBuckets; ++b) starts[b] += starts[b - 1];
  std::vector<uint32_t> order(recent.entries_.size());
  for (uint32_t k = 0; k < recent.entries_.size(); ++k)
    order[starts[(recent.entries_[k].hash & mask) >> shift]++] = k;
  for (uint32_t k : order) {
    const Entry& e = recent.entries_[k];
    Slot& slot = slots_[slot_of(e.name, e.hash)];
    if (slot.entry != kFree) {
      redefined.push_back({e.index, entries_[slot.entry].index});
      continue;
    }
    slot = {e.hash, static_cast<uint32_t>(entries_.size())};
    entries_.push_back(e);
  }
  recent.forget();
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

std::vector<NameTable::Redefinition> BlockNames::flush() {
  std::vector<NameTable::Redefinition> redefined;
  older_.absorb(recent_, redefined);
  return redefined;
}

void BlockNames::reserve(size_t count) {
  recent_.reserve(std::min(count, kFirstBatch));
  if (count > kFirstBatch) older_.reserve(count);
}

void BlockNames::clear() {
  recent_.forget();
  older_.clear();
}

}  // namespace uir
