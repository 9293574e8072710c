// The course's catalogue of student bugs (mutation/catalogue.def) as an OracleVariant: each mutant is
// the hooks it overrides (oracle/variant.h). A compiled program carries the variant it was compiled
// with; the oracle runs with the reference.
#pragma once

#include "mutation/catalogue.h"
#include "oracle/variant.h"

namespace uirgrade {

/// The variant that has the bugs of `mutants` (OracleVariant::reference() for none). The variant
/// lives as long as the process: programs compiled with it may be kept and copied freely.
const uir::OracleVariant& mutant_variant(const Mutants& mutants);

}  // namespace uirgrade
