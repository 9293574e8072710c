// The kept case's reproduce.sh (issue 12): it reruns the student's command(s) on the case as the
// grader did and then compares the outcome with the oracle's the way the grader does, so that a
// student can fix, rerun, and see "same as the oracle" or what still differs, with exit status 0 or
// 1, without the grader.
#pragma once

#include <string>

#include "testcase/expected.h"
#include "grader/grade_config.h"

namespace uirgrade {

/// The script, run from the kept directory (any working directory: it cd's there first). It writes
/// reproduced.txt and reproduced-stderr.txt (the kept actual*.txt stay what the grader saw) and
/// compares: the exit code; for exit 0 and 1 each checked slot line of expected.txt (i32 exactly,
/// f32 within the test's rtol/atol, as spec §6.3); for exit 1 the first stderr line; for exit 2
/// the rule when the test names one. `title` is the first comment line (test name and message), its
/// line ends and other control characters spelled out.
std::string reproduce_script(const TestCase& test, const Expected& expected, const GradeConfig& config,
                             const std::string& title);

}  // namespace uirgrade
