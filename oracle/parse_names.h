// The parser's name lookups: a name's spelling -> the index of the statement (or function) that
// defines it. Keys are views of the source lines, which outlive the parse.
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
  /// Starts loading the slot of `name` into the cache, for an insert or find of it a little later:
  /// in a large table that slot is far from the ones just used, and the parser has other work for
  /// the wait (the rest of the line).
  void prefetch(std::string_view name) const;

 private:
  static constexpr uint32_t kFree = UINT32_MAX;
  struct Slot {
    uint32_t hash = 0;
    uint32_t entry = kFree;  // position in entries_, or kFree
  };
  struct Entry {
    std::string_view name;
    int32_t index;
  };
  /// The slot holding `name`, or the free slot where it would go; slots_ must not be empty.
  size_t slot_of(std::string_view name, uint32_t hash) const;
  void grow_to(size_t slots);

  std::vector<Slot> slots_;  // a power of two in size, at most half full
  std::vector<Entry> entries_;
};

}  // namespace uir
