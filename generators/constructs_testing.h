// Test helper shared by the construct tests (gen_values_test.cc, gen_memory_test.cc,
// gen_loops_test.cc): a generator state as generate.cc starts one.
#pragma once

#include "generators/constructs.h"

namespace uirgen {

/// A state at the top level, outside loops and units, at RapidCheck's nominal size.
inline GenState fresh_state(ProgramBuilder& b, Chooser& c) { return GenState{b, c}; }

}  // namespace uirgen
