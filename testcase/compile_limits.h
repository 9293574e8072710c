// The C compiler's own limits on a rendered kernel (spec §6.2: compiling is the student's work), in
// a week's `limits` of weeks.yaml as `compile_seconds` and `compile_memory_mb`. The defaults are
// sized from the oracle's own kernels (bench/render_cost.cc measures them: the largest compiles in
// well under a second with the sanitizers), with a wide margin for a loaded 2-core CI machine.
#pragma once

#include <cstdint>

namespace uirgrade {

struct CompileLimits {
  double seconds = 20;                  // wall and CPU time of the compile and link of one kernel
  uint64_t memory_bytes = 1ull << 30;   // the whole compiler tree (cc, cc1, as, ld)
  /// Each file the compiler writes: the object and the linked kernel. The oracle's kernels link
  /// to well under 1 MiB with the sanitizers; a kernel far beyond that holds a large constant
  /// array (§6.2 allows one), whose bytes every copy of the binary would carry. Not in weeks.yaml.
  uint64_t output_bytes = 16ull << 20;
};

}  // namespace uirgrade
