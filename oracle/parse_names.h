// The parser's name lookups: a name's spelling -> the index of the statement (or function) that
// defines it. Keys are views of the source lines, which outlive the parse.
//
// NameTable is the map. BlockNames is the names of one block (the top level, a function body) as
// the parser defines them in file order: it keeps only a recent batch in a table, so that a large
// file does not pay a cache and TLB miss per name (see parse_names.cc).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace uir {

/// The table's hash of a name (exposed so that a test can show two names of one hash told apart).
uint32_t name_hash(std::string_view name);

/// A map from spelling to index: the names in insertion order, and a small open-addressing table
/// (linear probing) of their hashes. No allocation per name; a lookup reads one run of adjacent
/// slots and compares characters only when a full 32-bit hash matches. The views given to insert
/// must outlive the table.
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
  /// of names, or one sweep of a table at least an eighth full, never more.
  void forget();

  /// The names in insertion order, with their hashes (BlockNames moves a batch out through this).
  struct Entry {
    std::string_view name;
    int32_t index;
    uint32_t hash;
  };
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  static constexpr uint32_t kFree = UINT32_MAX;
  struct Slot {
    uint32_t hash = 0;
    uint32_t entry = kFree;  // position in entries_, or kFree
  };
  /// The slot holding `name`, or the free slot where it would go; slots_ must not be empty.
  size_t slot_of(std::string_view name, uint32_t hash) const;
  void grow_to(size_t slots);

  std::vector<Slot> slots_;  // a power of two in size, at most half full
  std::vector<Entry> entries_;
};

/// The names of one block in definition order: a small table of the names defined recently, which
/// stays in the cache, and the older names in a plain list. A name defined again in the same batch is
/// refused at once; a reference the batch cannot resolve, and a definition that repeats an older
/// name, wait for finish(), which settles them all in one sort (see parse_names.cc).
class BlockNames {
 public:
  /// A batch: small enough for the recent table (its slots and entries, ~160 KiB) to stay in the
  /// cache.
  static constexpr size_t kBatch = 4096;
  /// Until this many names, the block keeps them all in the recent table: a table this size (512 KiB
  /// of slots) still stays cached, and a block of a few thousand names pays nothing for batching.
  static constexpr size_t kFirstBatch = 32768;

  /// The first definition of a name defined again.
  struct Redefinition {
    int32_t index;        // the later definition (E-REDEFINED)
    int32_t first_index;  // the one the name keeps
  };
  /// A reference finish() resolved: operand `operand` of statement `stmt` refers to `index`.
  struct Resolved {
    int32_t stmt;
    int32_t operand;
    int32_t index;
  };
  /// What finish() settles: every redefinition of a name of an older batch, and the references the
  /// batches could not resolve that refer to a name defined before them (in the order of the
  /// lookups).
  struct Settled {
    std::vector<Redefinition> redefined;  // in no particular order
    std::vector<Resolved> resolved;
  };

  /// The index of `name` when the batch defines it (a name of the batch that redefines an older one
  /// gives the later index: finish reports it so that the caller corrects those references). Else
  /// -1 for now, and when older names exist the lookup is kept, as operand `operand` of statement
  /// `stmt` (the statement being parsed), for finish.
  int32_t find(std::string_view name, int32_t stmt, int32_t operand) {
    int32_t recent = recent_.find(name);
    if (recent < 0 && !older_.empty()) lookups_.push_back({question_of(name), stmt, operand});
    return recent;
  }
  /// Defines `name` (not empty) as `index` (increasing from call to call); false when the batch
  /// already holds the name (a redefinition, keeping the first index).
  bool define(std::string_view name, int32_t index) { return recent_.insert(name, index); }
  bool batch_full() const { return recent_.size() >= (older_.empty() ? kFirstBatch : kBatch); }
  /// Moves the batch to the end of the older names: an append, no lookup.
  void flush();
  /// At the end of the block: the redefinitions of older names and the references kept by find.
  Settled finish();
  /// Makes room for `count` names in all.
  void reserve(size_t count);
  /// Forgets every name, giving back the older names' memory and keeping the batch's, which is
  /// small and refilled by the next function body.
  void clear();

 private:
  /// The number of the question "where is `name` first defined?", asked once however many
  /// statements refer to the name (a loop's range, used by every statement of a long body).
  int32_t question_of(std::string_view name) {
    int32_t asked = questions_.find(name);
    if (asked >= 0) return asked;
    int32_t question = static_cast<int32_t>(questions_.size());
    questions_.insert(name, question);
    return question;
  }

  struct Lookup {
    int32_t question, stmt, operand;
  };
  NameTable recent_;
  std::vector<NameTable::Entry> older_;  // in definition order
  NameTable questions_;                  // the names looked up and not found in their batch
  std::vector<Lookup> lookups_;
};

}  // namespace uir
