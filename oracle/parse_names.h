// The parser's name lookups: a name's spelling -> the index of the statement (or function) that
// defines it. Keys are views of the source lines, which outlive the parse.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace uir {

/// A map from spelling to index in one flat array (open addressing, linear probing): no allocation
/// per name and one probe sequence per lookup. The views given to insert must outlive the table.
class NameTable {
 public:
  /// The index stored for `name`, or -1.
  int32_t find(std::string_view name) const;
  /// Stores `index` for `name` (not empty) unless the name is already there; returns whether it was
  /// stored.
  bool insert(std::string_view name, int32_t index);
  /// Forgets every name and gives back the array, so a table that grew large once (a long function
  /// body) does not make each later clear cost its old size.
  void clear();
  size_t size() const { return count_; }
  /// Makes room for `count` names without growing again.
  void reserve(size_t count);
  /// Starts loading the slot of `name` into the cache, for an insert or find of it a little later:
  /// in a large table that slot is far from the ones just used, and the parser has other work for
  /// the wait (the rest of the line).
  void prefetch(std::string_view name) const;

 private:
  struct Slot {
    std::string_view name;  // empty: a free slot (a name has at least its sigil)
    uint32_t hash = 0;
    int32_t index = -1;
  };
  /// The slot holding `name`, or the free slot where it would go; slots_ must not be empty.
  size_t slot_of(std::string_view name, uint32_t hash) const;
  void grow_to(size_t slots);

  std::vector<Slot> slots_;  // a power of two in size, at most half full
  size_t count_ = 0;
};

}  // namespace uir
