// The suites' self-check (spec §7: "a suite whose headers disagree with the oracle is itself wrong,
// and the grader says so before grading anyone"). `grade --check-suites [DIR]` calls it.
#pragma once

#include <iosfwd>
#include <string>

#include "oracle/linearize.h"

namespace uirgrade {

/// Loads every suite that suites_dir/weeks.yaml names and runs each test file through the oracle
/// library (compile, run, render_c). Prints one line per problem, "FILE:LINE: message", naming the
/// header the oracle disagrees with (expect exit, expect S contents, expect assert line, error rule,
/// render loop count), every suite error, and every op a week-N test uses that is newer than week
/// N. Then prints the coverage table: for each op, how many valid tests of each week use it; for
/// each rule, how many tests of each week name it in `# error:`. An op or rule no test covers is a
/// problem too. Returns the number of problems (0: the suites are sound).
///
/// With `bugs`, the oracle runs with a planted linearizer mistake (oracle/linearize.h), so every
/// header it then breaks is a test that catches that mistake: the suites' power to fail a student.
int check_suites(const std::string& suites_dir, std::ostream& out, const uir::Mutants& mutants = {});

}  // namespace uirgrade
