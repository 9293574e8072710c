// `uir-oracle run PROG.uir` (spec §6.1): slot data on stdin, final buffers on stdout, exit 0 / 1 / 2,
// and 3 for malformed stdin (the grader never sends it; a person at a terminal might).
#include <cstdio>
#include <iostream>
#include <iterator>

#include "oracle/cli.h"
#include "oracle/oracle.h"

namespace uir {
namespace {

/// The mutant f32-printed-6-digits: f32 values printed with printf's %g.
std::string format_slot_data_with_g(const std::vector<SlotData>& slots) {
  std::string out;
  for (const SlotData& data : slots) {
    out += std::to_string(data.slot) + ":";
    char buf[64];
    for (size_t k = 0; k < data.words.size(); ++k) {
      if (data.dtype == DType::I32) std::snprintf(buf, sizeof buf, " %d", data.i32(k));
      else std::snprintf(buf, sizeof buf, " %g", data.f32(k));
      out += buf;
    }
    out += "\n";
  }
  return out;
}

}  // namespace

int cli_run(const ProgramFile& file, std::istream& in, std::ostream& out, std::ostream& err,
            const Mutants& mutants) {
  std::optional<Compiled> compiled = compile_or_report(file, err, mutants);
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
  if (!result.crash.empty()) {  // a mutant that crashes like a student's program (oracle/mutant_run.h)
    err << file.path << ": " << result.crash << "\n";
    return result.exit_code;
  }
  out << (mutants.has(Mutant::F32PrintedShort) ? format_slot_data_with_g(result.buffers) : format_slot_data(result.buffers));
  if (result.exit_code == kExitAssert) err << file.path << ":" << result.failed_assert_line << ": assert failed\n";
  return result.exit_code;
}

}  // namespace uir
