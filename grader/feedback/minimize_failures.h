// Minimising the failing generated tests of a grading run (issue 12): every failing fuzz/<n> test
// whose verdict is cheap to reproduce is minimised against the student, all of them together within
// one wall-time budget, and the smallest program that still fails the same way is added to its result.
#pragma once

#include <optional>
#include <vector>

#include "grader/render/c_compile.h"
#include "grader/grade_config.h"
#include "sandbox/process.h"
#include "grader/result.h"
#include "testcase/case.h"

namespace uirgrade {

/// Whether a failure with this verdict is minimised: each attempt runs the student once, so not for
/// time-outs or limits, which cost a whole limit per attempt.
bool worth_minimizing(Verdict verdict);

/// Minimises the failing generated tests (results[k] of tests[k]; nullopt: not run) with
/// config.minimize on config.jobs threads, within config.minimize_seconds of wall time in all (and
/// never past config.deadline). Each failure gets an even share of the time left when it starts;
/// with --keep the smallest program is kept as its own case, `<name>/minimized/<mode>/`.
void minimize_generated_failures(const std::vector<TestCase>& tests, std::vector<std::optional<TestResult>>& results,
                                 const GradeConfig& config, CommandRunner& runner, CCompiler& compiler);

}  // namespace uirgrade
