// compile(): the oracle's pipeline, parse -> validate -> linearize (spec §8: the statement-local rules
// first, then the whole-program rules).
#include "oracle/oracle.h"

#include "oracle/parse.h"
#include "oracle/validate.h"

namespace uir {

Compiled compile(std::string path, std::string_view text, const OracleVariant& variant) {
  ParseResult parsed = parse(std::move(path), text);
  Compiled out;
  out.variant = &variant;
  out.program = std::move(parsed.program);
  out.error = validate(out.program, parsed.error, variant);
  if (!out.error) out.error = linearize(out.program, &out.linear, variant);
  if (out.error) out.linear = Linear{};
  return out;
}

}  // namespace uir
