// `uir-oracle check PROG.uir`: every rule of spec §8 (compile() runs the parser, the validator and
// the linearizer's whole-program rules). Exit 0 and "PROG.uir: valid" on stdout for a valid program
// (a silent success looked like nothing had run); otherwise the spec §1 error, with the source line
// and a caret, on stderr and exit 2.
#include "oracle/cli.h"
#include "oracle/oracle.h"

namespace uir {

int cli_check(const ProgramFile& file, std::ostream& out, std::ostream& err, const OracleVariant& variant) {
  if (!compile_or_report(file, err, variant)) return kExitInvalid;
  out << file.path << ": valid\n";
  return kExitOk;
}

}  // namespace uir
