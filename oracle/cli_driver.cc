// `uir-oracle driver PROG.uir`: the C main() the grader compiles with a rendered kernel (it reads
// stdin and prints stdout like `run`), or exit 2 with the error.
#include <ostream>

#include "oracle/cli.h"
#include "oracle/oracle.h"

namespace uir {

int cli_driver(const ProgramFile& file, std::ostream& out, std::ostream& err) {
  std::optional<Compiled> compiled = compile_or_report(file, err);
  if (!compiled) return kExitInvalid;
  out << render_driver(slot_specs(compiled->program), file.path);
  return kExitOk;
}

}  // namespace uir
