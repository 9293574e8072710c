// `grade --mutants [all|NAME,...]`: every mutant of the catalogue (oracle/mutants.h) graded like a
// student against the week's suites and generated tests, in-process (grader/mutant_runner.h), and
// the kill matrix: for each mutant the tests that kill it and the score it would get, the
// survivors, and for each test the mutants only it kills. Exit 0 iff every mutant is killed.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "grader/grade.h"
#include "grader/options.h"

namespace uirgrade {

struct MutantRow {
  std::string name;
  std::string description;
  std::vector<std::string> killed_by;  // "suite/test", or "suite/test:render" for a render-mode test
  double points = 0;
  double max_points = 0;
};

struct KillMatrix {
  int week = 0;
  uint64_t seed = 0;
  std::vector<MutantRow> mutants;
  std::vector<std::pair<std::string, std::vector<std::string>>> tests;  // test -> the mutants it kills
  double seconds = 0;
};

/// Grades `mutant_names` (catalogue names) against `tests` on `jobs` threads.
KillMatrix kill_matrix(const std::vector<TestCase>& tests, const std::vector<std::string>& mutant_names, int week,
                       uint64_t seed, int jobs);

/// The matrix for people: per mutant, per test (the mutants only it kills), the survivors.
void write_kill_matrix_text(const KillMatrix& matrix, std::ostream& out);
/// {"week", "seed", "mutants": [{name, description, killed_by, points, max_points}], "tests": [{name, kills}]}
void write_kill_matrix_json(const KillMatrix& matrix, std::ostream& out);

int run_mutants(const Options& options, const FuzzSource& fuzz, std::ostream& out, std::ostream& err);

}  // namespace uirgrade
