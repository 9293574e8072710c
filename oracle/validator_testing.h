// Helpers for the validator's tests: parse and validate a program text in one call.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "oracle/parse.h"
#include "oracle/validate.h"

namespace uir::testing {

struct Checked {
  Program program;
  std::optional<Error> error;
};

/// The lines joined with '\n', so a test's line numbers are the list's positions plus one.
inline std::string lines(std::initializer_list<std::string_view> source) {
  std::string text;
  for (std::string_view line : source) text.append(line).append("\n");
  return text;
}

inline Checked check_text(std::string_view text) {
  ParseResult parsed = parse("t.uir", text);
  std::optional<Error> error = validate(parsed.program, parsed.error);
  return {std::move(parsed.program), std::move(error)};
}

/// "ok" for a valid program, else "E-RULE@LINE" (the two things spec §8 decides).
inline std::string verdict(std::string_view text) {
  std::optional<Error> error = check_text(text).error;
  return error ? fmt::format("{}@{}", rule_info(error->rule).id, error->line) : "ok";
}

/// "E-RULE@LINE:COLUMN", for the tests of the caret's column.
inline std::string verdict_at(std::string_view text) {
  std::optional<Error> error = check_text(text).error;
  return error ? fmt::format("{}@{}:{}", rule_info(error->rule).id, error->line, error->column) : "ok";
}

}  // namespace uir::testing
