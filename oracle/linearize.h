// The linearizer (spec §5.3, the course book's chapter 5): places every live statement of a
// validated program in one list with its loops opened and closed, and checks the whole-program
// rules (E-NEST, E-DEAD-EFFECT, E-LOAD-ORDER) in the order of spec §8.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "oracle/error.h"
#include "oracle/program.h"
#include "oracle/variant.h"

namespace uir {

/// Which step of the scheduler placed a statement (the book's trace: 1 emit, 2 open, 3 close).
enum class Step : uint8_t { Emit, Open, Close };

struct Placed {
  int32_t stmt = -1;  // index into Program::stmts
  Step step = Step::Emit;
  int depth = 0;  // open loops after this item
};

struct Linear {
  std::vector<Placed> items;
  std::vector<bool> live;  // per top-level statement (spec §5.3)
};

/// Linearizes a program that passed `validate`; returns the first whole-program rule it breaks.
/// `variant` may vary its stages (oracle/variant.h); the oracle is the reference.
std::optional<Error> linearize(const Program& program, Linear* out,
                               const OracleVariant& variant = OracleVariant::reference());

}  // namespace uir
