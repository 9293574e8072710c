// The generator's knobs in one place (csmith style): named limits, and the choice weights of every
// construct per week. Tests and the benchmark read the same table, so a change here shows up in all.
#pragma once

#include <array>
#include <cstdint>

namespace uirgen {

/// Named limits. `size` (0..100, RapidCheck's nominal size is 100) scales the statement budget.
struct GenLimits {
  int min_statements = 6;           // the budget at size 0
  int statements_at_size_100 = 40;  // the budget at size 100 (a few more are added to finish a construct)
  int max_functions = 3;
  int max_params = 3;
  int max_function_body = 6;   // value statements in one body before its `ret`
  int max_buffers = 4;         // at most this many `buffer` statements (slots 0..63)
  int max_memory_length = 64;  // elements in a generated buffer or alloc
  int max_loop_depth = 4;      // ranges nested in one loop nest
  int max_trip_count = 6;      // largest range bound (bounds may also be 0 or negative)
  int max_units = 240;         // loads, stores and loop nests tracked for load-order (bitset size)
  // Swarm testing: each program first draws a random subset of the week's constructs (each kept
  // with swarm_keep_percent) and is built from those alone, so rare combinations are not drowned
  // out by the common ones. Off by default (the programs of a seed stay what they were); the live
  // fuzzer turns it on for every other valid program, and the header says "swarm".
  bool swarm = false;
  int swarm_keep_percent = 50;
};

/// What one step of the generator adds. The order matters only to shrinking: RapidCheck shrinks
/// choices towards 0, so the simplest construct comes first.
enum class Construct : uint8_t {
  Value,          // one week-1 value statement (any op, any dtype)
  Assert,         // an assert that passes, that fails, or that depends on data
  Function,       // a function definition (and later calls of it)
  Memory,         // a buffer or an alloc
  TopStore,       // a store outside loops and the after that makes it visible
  TopLoad,        // a load outside loops, of the current or an older version
  DeclareRanges,  // ranges declared ahead of the loops that use them (sibling declaration order)
  MapNest,        // a rectangular loop nest storing an affine-indexed value
  ReduceNest,     // a sum or max reduction (into an alloc or an output, with or without a reset)
  ReduceThenMap,  // a reduction loop and a sibling loop reading its result (softmax shape)
  PinnedReduce,   // an accumulator whose load is also used outside the loop (spec §5.3)
  OverwriteAfterRead,  // sibling loops ordered only by a load->store edge (spec §5.3)
  kCount,
};
inline constexpr int kConstructCount = static_cast<int>(Construct::kCount);

/// Choice weights per week (rows: week 1, 2, 3), in Construct order. 0 disables a construct.
inline constexpr std::array<std::array<int, kConstructCount>, 3> kConstructWeights = {{
    //  Value Assert Func Mem Store Load Decl Map Reduce RtM Pinned Overwrite
    {{60, 15, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {{30, 6, 4, 6, 25, 20, 0, 0, 0, 0, 0, 0}},
    {{20, 3, 2, 4, 8, 8, 4, 20, 14, 8, 3, 6}},
}};

}  // namespace uirgen
