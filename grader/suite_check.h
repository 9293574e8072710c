// The suites' self-check (spec §7: "a suite whose headers disagree with the oracle is itself wrong,
// and the grader says so before grading anyone"). `grade check-suites [DIR]` calls it.
#pragma once

#include <iosfwd>
#include <string>

#include "mutation/catalogue.h"
#include "testcase/suite.h"
#include "oracle/linearize.h"

namespace uirgrade {

/// Loads every suite that suites_dir/weeks.yaml names and runs each test file through the oracle
/// library (compile, run, render_c). Keeps going after a problem: prints one line per problem,
/// "FILE:LINE: message", for every broken plan, manifest entry and header, every header the oracle
/// disagrees with (expect exit, expect S contents, expect assert line, error rule, render loop
/// count), and every op a week-N test uses that is newer than week N; and a warning line for each
/// comment that looks like a misspelt header (warnings are not problems).
/// With `coverage`, then the coverage table: for each op, how many valid tests of each week use it;
/// for each rule, how many tests of each week name it in `# error:`; an op or rule no test covers is
/// a problem too (the table is skipped while other problems make it meaningless); then the clause
/// table of grader/clause_coverage.h (hand-written and the plans' generated tests), where a
/// clause no test covers is a problem as well.
/// Returns the number of problems (0: the suites are sound).
/// With `checked`, the tests of every suite that loaded are kept there, so that grading goes on from
/// the very files that were checked instead of reading them a second time (load_week).
///
/// With `bugs`, the oracle runs with a planted linearizer mistake (oracle/linearize.h), so every
/// header it then breaks is a test that catches that mistake: the suites' power to fail a student.
int check_suites(const std::string& suites_dir, std::ostream& out, const Mutants& mutants = {},
                 bool coverage = false, SuiteTests* checked = nullptr);

}  // namespace uirgrade
