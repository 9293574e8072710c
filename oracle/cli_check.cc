// `uir-oracle check PROG.uir`: exit 0 for a valid program; otherwise the spec §1 error (with the
// source line and a caret) on stderr and exit 2.
#include <ostream>

#include "oracle/cli.h"
#include "oracle/parse.h"
#include "oracle/validate.h"

namespace uir {

int cli_check(const ProgramFile& file, std::ostream& /*out*/, std::ostream& err) {
  ParseResult parsed = parse(file.path, file.text);
  std::optional<Error> error = validate(parsed.program, parsed.error);
  if (!error) return kExitOk;
  err << format_error(parsed.program, *error) << "\n";
  return kExitInvalid;
}

}  // namespace uir
