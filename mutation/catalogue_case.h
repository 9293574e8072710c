// A mutant's own program (mutation/testdata/mutants/<name>.uir, on which it differs from the oracle)
// as a test: its `# stdin:` as explicit data, its `# command:` as the mode, and the oracle's outcome
// as the expectation. `uirgen --kill-mutants` offers these as candidates next to generated programs.
#pragma once

#include <optional>

#include "mutation/catalogue.h"
#include "testcase/case.h"

namespace uirgrade {

/// The test kill/<name> of week `week` made from mutant `m`'s catalogue program, or nullopt when the
/// file is missing or its data does not fit the program.
std::optional<TestCase> catalogue_test_case(const MutantInfo& m, int week);

/// Whether mutant `m` changes only where statements run, not any outcome (its catalogue program says
/// `# compare: placement`, e.g. values-in-uses-loop): no test can kill it, a `# render: work` test
/// sees it (the kill matrix's work column, mutation/mutant_grading.h).
bool catalogue_work_only(const MutantInfo& m);

}  // namespace uirgrade
