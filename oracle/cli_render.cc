// `uir-oracle render PROG.uir` (spec §6.2): the kernel's C on stdout, or exit 2 with the error.
#include <iostream>

#include "oracle/cli.h"
#include "oracle/oracle.h"

namespace uir {

int cli_render(const ProgramFile& file, std::ostream& out, std::ostream& err, const OracleVariant& variant) {
  std::optional<Compiled> compiled = compile_or_report(file, err, variant);
  if (!compiled) return kExitInvalid;
  out << render_c(*compiled);
  return kExitOk;
}

}  // namespace uir
