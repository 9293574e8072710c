// `uir-oracle run PROG.uir` (spec §6.1): slot data on stdin, final buffers on stdout, exit 0 / 1 / 2,
// and 3 for malformed stdin (the grader never sends it; a person at a terminal might).
#include <iostream>
#include <iterator>

#include "oracle/cli.h"
#include "oracle/oracle.h"

namespace uir {
int cli_run(const ProgramFile& file, std::istream& in, std::ostream& out, std::ostream& err,
            const OracleVariant& variant) {
  std::optional<Compiled> compiled = compile_or_report(file, err, variant);
  if (!compiled) return kExitInvalid;
  std::string text(std::istreambuf_iterator<char>(in), {});
  auto parsed = parse_slot_data(text, slot_specs(compiled->program));
  if (const DataError* bad = std::get_if<DataError>(&parsed)) {
    err << "stdin";
    if (bad->line > 0) err << ":" << bad->line;
    err << ": " << bad->message << "\n";
    return kExitBadData;
  }
  RunResult result = run(*compiled, std::get<std::vector<SlotData>>(parsed));
  if (!result.crash.empty()) {  // a variant that crashes like a student's program
    err << file.path << ": " << result.crash << "\n";
    return result.exit_code;
  }
  out << variant.format_output(result.buffers);
  if (result.exit_code == kExitAssert) err << file.path << ":" << result.failed_assert_line << ": assert failed\n";
  return result.exit_code;
}

}  // namespace uir
