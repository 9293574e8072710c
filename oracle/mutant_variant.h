// The course's catalogue of student bugs (oracle/mutants.def) as an OracleVariant: each mutant is
// the hooks it overrides (oracle/variant.h). A compiled program carries the variant it was compiled
// with; the oracle runs with the reference.
#pragma once

#include "oracle/mutants.h"
#include "oracle/variant.h"

namespace uir {

/// The variant that has the bugs of `mutants` (OracleVariant::reference() for none). The variant
/// lives as long as the process: programs compiled with it may be kept and copied freely.
const OracleVariant& mutant_variant(const Mutants& mutants);

}  // namespace uir
