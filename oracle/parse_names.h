// The parser's name lookups: a name's spelling -> the index of the statement (or function) that
// defines it. Keys are views of the source lines, which outlive the parse.
//
// NameTable is the map. BlockNames is the names of one block (the top level, a function body) as
// the parser defines them in file order: it batches the definitions so that a large file does not
// pay a cache and TLB miss per definition (see parse_names.cc).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace uir {

/// A map from spelling to index: the names in insertion order, and a small open-addressing table
/// (linear probing) of their hashes. No allocation per name; a lookup reads one run of adjacent
/// slots and compares characters only when a full 32-bit hash matches. The views given to insert
/// must outlive the table.
/// The table's hash of a name (exposed so that a test can show two names of one hash told apart).
uint32_t name_hash(std::string_view name);

class NameTable {
 public:
  /// The index stored for `name`, or -1.
  int32_t find(std::string_view name) const;
  /// Stores `index` for `name` (not empty) unless the name is already there; returns whether it was
  /// stored.
  bool insert(std::string_view name, int32_t index);
  /// Forgets every name and gives back the memory, so a table that grew large once (a long
  /// function body) does not make each later clear cost its old size.
  void clear();
  size_t size() const { return entries_.size(); }
  /// Makes room for `count` names without growing again.
  void reserve(size_t count);
  /// Forgets every name but keeps the memory, for a table filled again and again; costs the number
  /// of names, not the table's size.
  void forget();

  /// The first definition of a name defined again.
  struct Redefinition {
    int32_t index;        // the later definition (E-REDEFINED)
    int32_t first_index;  // the one the name keeps
  };
  /// Moves every name of `recent` (names defined after all of these) in here and empties `recent`.
  /// A name already here keeps its index, and the pair goes to `redefined`. The names go in by their
  /// slot here, in order, so the writes sweep the slot array once instead of landing at random.
  void absorb(NameTable& recent, std::vector<Redefinition>& redefined);

 private:
  static constexpr uint32_t kFree = UINT32_MAX;
  struct Slot {
    uint32_t hash = 0;
    uint32_t entry = kFree;  // position in entries_, or kFree
  };
  struct Entry {
    std::string_view name;
    int32_t index;
    uint32_t hash;  // kept for absorb (it fills padding: the entry stays 24 bytes)
  };
  /// The slot holding `name`, or the free slot where it would go; slots_ must not be empty.
  size_t slot_of(std::string_view name, uint32_t hash) const;
  void grow_to(size_t slots);

  std::vector<Slot> slots_;  // a power of two in size, at most half full
  std::vector<Entry> entries_;
};

/// The names of one block in definition order: a small table of the names defined recently, which
/// stays in the cache, before the table of all older ones, which takes them a batch at a time.
/// A name defined again in the same batch is refused at once; one defined again after its first
/// definition moved to the older table is found when the batch moves (flush).
class BlockNames {
 public:
  /// A batch: small enough for the recent table (its slots and entries, ~200 KiB) to stay in the
  /// cache, large enough for a flush to write the older table's slots in a dense sweep.
  static constexpr size_t kBatch = 4096;
  /// Until this many names, the block keeps them all in the recent table: a table this size (512 KiB
  /// of slots) still stays cached, and a block of a few thousand names pays nothing for batching.
  static constexpr size_t kFirstBatch = 32768;

  /// The index of `name`. Until the next flush, a name of the batch that redefines an older one
  /// gives the later index: flush reports it so that the caller corrects those references.
  int32_t find(std::string_view name) const {
    int32_t recent = recent_.find(name);
    return recent >= 0 ? recent : older_.find(name);
  }
  /// Defines `name` (not empty) as `index` (increasing from call to call); false when the batch
  /// already holds the name (a redefinition, keeping the first index).
  bool define(std::string_view name, int32_t index) { return recent_.insert(name, index); }
  bool batch_full() const { return recent_.size() >= (older_.size() ? kBatch : kFirstBatch); }
  /// Moves the batch into the older names; returns the batch's definitions of names defined before
  /// it, in no particular order.
  std::vector<NameTable::Redefinition> flush();
  /// At the end of the block: what flush would report, without moving a batch that has no older
  /// names to meet (a short function body).
  std::vector<NameTable::Redefinition> finish() { return older_.size() ? flush() : std::vector<NameTable::Redefinition>{}; }
  /// Makes room for `count` names in all.
  void reserve(size_t count);
  /// Forgets every name, giving back the older names' memory (as NameTable::clear) and keeping the
  /// batch's, which is small and refilled by the next function body.
  void clear();

 private:
  NameTable recent_, older_;
};

}  // namespace uir
