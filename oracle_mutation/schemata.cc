// The switch of the oracle's mutant schemata (schemata.h). The analysis tool sets it; a program
// built on the schemata without the tool (uir-oracle-schemata) takes it from UIR_SCHEMATA_MUTANT,
// so one mutant can be graded as a student process: `UIR_SCHEMATA_MUTANT=17 uir-oracle-schemata run P`.
#include <cstdlib>

#include "oracle_mutation/schemata.h"

#include "mutation/mutant_run.h"

namespace uir_schemata {

int g_active = [] {
  const char* text = std::getenv("UIR_SCHEMATA_MUTANT");
  return text ? std::atoi(text) : 0;
}();

thread_local int g_student_side = 0;

std::optional<uir::RunResult> distrusting_run(const uir::Compiled& compiled, const std::vector<uir::SlotData>& inputs) {
  return uirgrade::run_with_mutants(compiled, inputs, uirgrade::Mutants());
}

}  // namespace uir_schemata
