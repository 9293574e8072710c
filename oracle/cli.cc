// What every `uir-oracle` command does first: compile the program, or report why it cannot.
#include "oracle/cli.h"

#include <ostream>

namespace uir {

std::optional<Compiled> compile_or_report(const ProgramFile& file, std::ostream& err, const OracleVariant& variant) {
  Compiled compiled = compile(file.path, file.text, variant);
  if (!compiled.error) return compiled;
  err << format_error(compiled.program, *compiled.error) << "\n";
  return std::nullopt;
}

}  // namespace uir
