// The validator: every statement-local rule of spec §8 (E-SYNTAX that needs values, E-FUNC-BODY,
// E-LITERAL, E-REDEFINED, E-UNDEFINED, E-TYPE, E-OPEN-RANGE, then E-BOUNDS, E-DIV-ZERO, E-END-TWICE,
// E-END-UNUSED, E-STORE-TWICE, E-AFTER-NO-STORE, E-VERSION-FORK), in file order, first failure wins.
// It fills each statement's analysed fields (kind, dtype, length, open ranges, constant, interval).
#pragma once

#include <optional>

#include "oracle/error.h"
#include "oracle/program.h"
#include "oracle/variant.h"

namespace uir {

/// Checks the statements of `program` in file order and returns the first failure; when all pass,
/// returns `parse_error` (the parser's first malformed line, which comes after all of them).
/// `variant` may vary the checks (oracle/variant.h); the oracle is the reference.
std::optional<Error> validate(Program& program, const std::optional<Error>& parse_error,
                              const OracleVariant& variant = OracleVariant::reference());

}  // namespace uir
