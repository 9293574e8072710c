// What is placed and what takes effect (spec §5.3 "What is placed", §4.1 "Every effect takes effect").
#pragma once

#include <optional>
#include <vector>

#include "oracle/error.h"
#include "oracle/nesting.h"
#include "oracle/program.h"

namespace uir {

/// Per top-level statement: whether an assert or an `after` with no open ranges depends on it.
std::vector<bool> live_statements(const Program& program);

/// E-DEAD-EFFECT at the first `store` or `end`, in file order, that no `after` with no open ranges
/// depends on; the message names a range of it that no end closes, when there is one.
std::optional<Error> check_effects_take_effect(const Program& program, const LoopTree& tree);

}  // namespace uir
