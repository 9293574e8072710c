// `grade mutants [all|NAME,...]`: every mutant of the catalogue (mutation/catalogue.h) graded like a
// student against the week's suites and generated tests, in-process (mutation/mutant_grading.h), and
// the kill matrix: for each mutant the tests that kill it, the rule clauses those tests exercise
// (testcase/clauses.h) and the score it would get, the survivors, for each test the mutants only it
// kills, and the clauses of the week that no test exercises. Exit 0 iff every mutant is killed and
// every clause of the week is exercised.
#pragma once

#include <iosfwd>
#include <string>

#include "grader/grade.h"
#include "cli/options.h"
#include "mutation/mutant_grading.h"

namespace uirgrade {

/// The matrix for people: per mutant, per test (the mutants only it kills), the survivors.
void write_kill_matrix_text(const KillMatrix& matrix, std::ostream& out);
/// {"week", "seed", "mutants": [{name, description, killed_by, killed_through, points, max_points}],
///  "tests": [{name, kills, clauses}], "uncovered_clauses"}
void write_kill_matrix_json(const KillMatrix& matrix, std::ostream& out);

int run_mutants(const Options& options, const FuzzSource& fuzz, std::ostream& out, std::ostream& err);

}  // namespace uirgrade
