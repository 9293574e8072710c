// Why not std::unordered_map<std::string, int>: it allocates a node per name (a copy of the
// spelling with it), and at a million names the lookups chase those nodes all over the heap and the
// parser's end frees them one by one; together they made parsing grow faster than the input
// (issue 11). Here the only memory read at random is the slot array, 8 bytes a name (a cache line
// holds 8 slots); the entries, which hold the spellings, are written in file order and read only
// to confirm a matching hash, usually for a name defined a few lines before.
//
// Why BlockNames: even so, at a million names the slot array is 16 MiB, and each definition's
// duplicate check lands on a slot that no cache holds and no TLB entry maps: a page walk and a
// memory read per statement, which at 1M made the name table cost several times per name what it
// costs at 10k (issue 11). So only a batch of recent definitions lives in a table, small enough to
// stay cached, and nearly every lookup is of a name defined a few lines before, in the batch. The
// older names are a list in file order. What needs them, a reference to a name of an older batch
// and a definition that repeats one, waits for the end of the block: then a sort by hash brings each
// name asked about (once, however often) next to the definitions of its name. Every pass over that data is a sequential sweep,
// so the cost per name stays about the same from ten thousand names to millions. (Tried and
// dropped: a Bloom filter of the older names, to ask only about names it could not rule out; on
// this project's machines a read at random from its 2 MiB cost more than the sort's sweeps.)
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
  // A table at least an eighth full: clearing every slot is one sweep, cheaper than a probe per name.
  if (entries_.size() * 8 >= slots_.size()) {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    entries_.clear();
    return;
  }
  // Else only the slots in use, found from their entries: a table kept large for its next fill may
  // hold few names (a short function body).
  size_t mask = slots_.size() - 1;
  for (uint32_t k = 0; k < entries_.size(); ++k) {
    size_t at = entries_[k].hash & mask;
    while (slots_[at].entry != k) at = (at + 1) & mask;
    slots_[at] = Slot{};
  }
  entries_.clear();
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

namespace {

/// Sorts (hash << 32 | position) keys by hash, keeping the positions of one hash in order: a stable
/// LSD radix sort, three passes of 11 bits, each a sequential read and 2048 sequential write streams.
/// (Measured at 1M keys on this project's machines: faster than four passes of 8 bits, and than two
/// of 8 bits with a std::sort of each run.)
void sort_by_hash(std::vector<uint64_t>& keys) {
  constexpr int kBits = 11;
  constexpr size_t kBuckets = size_t{1} << kBits;
  std::vector<uint64_t> buffer(keys.size());
  std::vector<uint32_t> starts(kBuckets + 1);
  for (int shift = 32; shift < 64; shift += kBits) {
    std::fill(starts.begin(), starts.end(), 0);
    for (uint64_t key : keys) ++starts[((key >> shift) & (kBuckets - 1)) + 1];
    for (size_t b = 1; b <= kBuckets; ++b) starts[b] += starts[b - 1];
    for (uint64_t key : keys) buffer[starts[(key >> shift) & (kBuckets - 1)]++] = key;
    keys.swap(buffer);
  }
}

template <typename T>
std::vector<uint64_t> keys_by_hash(const std::vector<T>& items) {
  std::vector<uint64_t> keys(items.size());
  for (size_t k = 0; k < items.size(); ++k) keys[k] = uint64_t{items[k].hash} << 32 | k;
  sort_by_hash(keys);
  return keys;
}

uint32_t hash_of(uint64_t key) { return static_cast<uint32_t>(key >> 32); }
uint32_t position_of(uint64_t key) { return static_cast<uint32_t>(key); }

}  // namespace

void BlockNames::flush() {
  bool first = older_.empty();
  older_.insert(older_.end(), recent_.entries().begin(), recent_.entries().end());
  if (first) {
    // The first batch was large; later ones are kBatch names, whose table is an eighth of its size.
    recent_.clear();
    recent_.reserve(kBatch);
  } else {
    recent_.forget();
  }
}

BlockNames::Settled BlockNames::finish() {
  Settled settled;
  if (older_.empty()) return settled;  // one batch: its table refused every repeated name at once
  flush();
  // The definitions by hash, each hash's in file order. Within a run of one hash, a definition
  // whose name an earlier one of the run has repeats it; names of one hash but different spellings
  // are few, so the run is scanned.
  std::vector<uint64_t> defs = keys_by_hash(older_);
  auto first_of = [&](size_t run_start, size_t end, std::string_view name) -> const NameTable::Entry* {
    for (size_t r = run_start; r < end; ++r)
      if (older_[position_of(defs[r])].name == name) return &older_[position_of(defs[r])];
    return nullptr;
  };
  for (size_t start = 0, end = 0; start < defs.size(); start = end) {
    for (end = start + 1; end < defs.size() && hash_of(defs[end]) == hash_of(defs[start]);) ++end;
    for (size_t r = start + 1; r < end; ++r) {
      const NameTable::Entry& e = older_[position_of(defs[r])];
      const NameTable::Entry* first = first_of(start, r, e.name);
      if (first) settled.redefined.push_back({e.index, first->index});
    }
  }
  // The questions by hash, walked beside the definitions: each finds its name's first definition.
  // A lookup refers to it when it comes before the statement that looked. The answers go out in the
  // order of the lookups, which is the statements' order, so that the parser writes them in one
  // sweep over the block instead of at random.
  const std::vector<NameTable::Entry>& asked = questions_.entries();
  std::vector<uint64_t> questions = keys_by_hash(asked);
  std::vector<int32_t> first_definition(asked.size(), -1);
  size_t run = 0;
  for (uint64_t key : questions) {
    const NameTable::Entry& q = asked[position_of(key)];
    while (run < defs.size() && hash_of(defs[run]) < q.hash) ++run;
    size_t end = run;
    while (end < defs.size() && hash_of(defs[end]) == q.hash) ++end;
    if (const NameTable::Entry* first = first_of(run, end, q.name)) first_definition[q.index] = first->index;
  }
  for (const Lookup& l : lookups_) {
    int32_t first = first_definition[l.question];
    if (first >= 0 && first < l.stmt) settled.resolved.push_back({l.stmt, l.operand, first});
  }
  older_.clear();
  questions_.clear();
  lookups_.clear();
  return settled;
}

void BlockNames::reserve(size_t count) {
  recent_.reserve(std::min(count, kFirstBatch));
  if (count > kFirstBatch) older_.reserve(count);
}

void BlockNames::clear() {
  recent_.forget();
  older_ = {};
  questions_.clear();
  lookups_ = {};
}

}  // namespace uir
