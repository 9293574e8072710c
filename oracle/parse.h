// The parser: .uir text in, a Program out (spec §1, §3 for function blocks).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "oracle/error.h"
#include "oracle/program.h"

namespace uir {

struct ParseResult {
  Program program;
  /// The first malformed line (E-SYNTAX), if any. The program then holds only what came before that
  /// line: the validator checks those statements first (spec §8 reports the first failing statement
  /// in file order) and reports this error only when they are all valid.
  std::optional<Error> error;
};

/// Parses `text`; `path` is kept for messages. Never throws on any input.
ParseResult parse(std::string path, std::string_view text);

/// Parses a literal operand's spelling as spec §1 defines it (i32, f32 via strtof, inf, nan, true,
/// false). Returns nullopt for anything else; sets *overflow for an i32 spelling outside i32.
std::optional<Scalar> parse_literal(std::string_view token, bool* overflow);

}  // namespace uir
