// The switch of the oracle's fault schemata (schemata.h). The analysis tool sets it; a program
// built on the schemata without the tool (uir-oracle-schemata) takes it from UIR_SCHEMATA_FAULT,
// so one fault can be graded as a student process: `UIR_SCHEMATA_FAULT=17 uir-oracle-schemata run P`.
#include <cstdlib>

#include "oracle_faults/schemata.h"

#include "mutation/mutant_run.h"

namespace oracle_faults::schemata {

int g_active = [] {
  const char* text = std::getenv("UIR_SCHEMATA_FAULT");
  return text ? std::atoi(text) : 0;
}();

thread_local int g_student_side = 0;

std::optional<uir::RunResult> distrusting_run(const uir::Compiled& compiled, const std::vector<uir::SlotData>& inputs) {
  return uirgrade::run_with_mutants(compiled, inputs, uirgrade::Mutants());
}

}  // namespace oracle_faults::schemata
