// The generator functions, one per construct (csmith style). Each appends statements to the
// builder and keeps the program valid by construction; each takes its decisions from the Chooser.
// Internal to generators/: generate.cc drives them by the weights of limits.h.
#pragma once

#include <optional>
#include <vector>

#include "generators/builder.h"
#include "generators/chooser.h"

namespace uirgen {

/// Where the generator stands while it writes statements; the defaults are the top level, outside
/// loops and units, at RapidCheck's nominal size.
struct GenState {
  ProgramBuilder& b;
  Chooser& c;
  int size = 100;                    // RapidCheck's size: also scales loop depth and nest bodies
  uint64_t open = 0;                 // ranges open where the current statements go (bits of b.ranges())
  int unit = -1;                     // the unit whose operands are being picked (-1: none); see builder.h
  std::vector<int> spare_ranges{};   // ranges declared ahead, not yet used by a loop nest
  std::vector<int> busy_memories{};  // memories the current nest stores into: gen_load skips them
  int asserts = 0;
};

/// `limit` scaled by g.size (0..100): 1 at size 0, `limit` at size 100 and above.
int scaled(const GenState& g, int limit);

// --- week 1 (gen_values.cc) ---
uir::Operand random_literal(GenState& g, uir::DType dtype);
/// An operand of `dtype` usable here: an existing value (open ranges within g.open, no load-order
/// cycle for g.unit) or a literal.
uir::Operand pick_value(GenState& g, uir::DType dtype, int literal_percent = 30);
/// One new value statement of `dtype` (any op that makes it, calls included); returns its index.
int gen_value(GenState& g, uir::DType dtype);
/// A value statement of a random dtype.
void gen_any_value(GenState& g);
void gen_assert(GenState& g);
void gen_function(GenState& g);
uir::DType random_value_dtype(GenState& g);
uir::DType random_memory_dtype(GenState& g);

// --- week 2 (gen_memory.cc) ---
/// An i32 offset whose interval lies in [0, room] and that uses every range of `must_use` (and
/// maybe others of g.open); nullopt when no such offset fits. `room` < 0: any size (the caller
/// sizes the memory from the result's interval).
struct Offset {
  uir::Operand operand;
  int32_t hi = 0;       // the offset's interval is [0.., hi]
  uint64_t ranges = 0;  // ranges it uses
};
std::optional<Offset> gen_offset(GenState& g, int room, uint64_t must_use, bool may_use_others);
/// A buffer or alloc of at least `min_length` elements (dtype random when nullopt); memory index.
int gen_memory(GenState& g, std::optional<uir::DType> dtype, int min_length);
/// A one-element view of version `version_stmt` (sometimes through a window view); nullopt when
/// the ranges of `must_use` cannot index it in bounds.
std::optional<int> gen_element_view(GenState& g, int version_stmt, uint64_t must_use, bool may_use_others);
/// A load (as g.unit) of some memory's current or older version (not of g.busy_memories); -1 when
/// none is allowed.
int gen_load(GenState& g);
void gen_top_store(GenState& g);
void gen_top_load(GenState& g);
/// Stores `value` into memory `memory`'s current version at a constant offset and makes it
/// visible with an after (a unit of its own).
void store_outside_loops(GenState& g, int memory, uir::Operand value);

// --- week 3 (gen_loops.cc) ---
void gen_declare_ranges(GenState& g);
void gen_map_nest(GenState& g);
void gen_reduce_nest(GenState& g, bool pinned);
void gen_reduce_then_map(GenState& g);
/// A loop overwriting a memory, then a sibling loop reading the version before the overwrite, its
/// range declared second: only the load->store edge puts the reader first (spec §5.3).
void gen_overwrite_after_read(GenState& g);

}  // namespace uirgen
