// Grading the oracle's mutants (mutation/catalogue.h) in-process, the way `grade` grades a student:
// `grade mutants` (the kill matrix) and `uirgen --kill-mutants` (choosing a suite that kills them)
// both call it. A mutant is a student compiler whose `run` and `render` are the oracle's CLI
// functions with the mutant on; its rendered kernel is the mutant interpreter with the mutant's
// render-time bugs (mutation/mutant_run.h), since the C it prints is the oracle's renderer's.
// The layer sits on the oracle and the test-case model, below the generators and the grader.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mutation/catalogue.h"
#include "testcase/expected.h"
#include "testcase/case.h"

namespace uirgrade {

/// Whether a student compiler with `mutants` passes `test`, judged as the grader judges a student
/// (spec §6.3): its exit code, the rule of an invalid program when the test names one, the buffers
/// under the test's tolerance and the failing assert's line; for a render test the render's exit,
/// `# render: loops=N`, then the kernel's run. `expected` is compute_expected(test, seed); a test
/// whose data cannot be made passes nobody (the grader reports an internal error).
bool mutant_passes(const TestCase& test, const ExpectedOrError& expected, const Mutants& mutants);

/// The number of `for` loops a mutant's render of a valid program prints: one per loop its
/// linearizer opens (the oracle's renderer writes a `for` for each and no other).
int rendered_loops(const uir::Compiled& compiled);

struct MutantRow {
  std::string name;
  std::string description;
  std::vector<std::string> killed_by;  // kill_matrix_name of each test the mutant fails
  double points = 0;                   // the score the mutant would get
  double max_points = 0;
  /// The work column: each `# render: work` test the mutant passes while its linearizer puts some
  /// statement inside more loops than the oracle's (so its kernel does more work: the grader counts
  /// how much, grader/work/work_counter.h; in-process, the placement is what is known exactly).
  std::vector<std::string> more_work_on;
  std::vector<std::string> killed_through;  // the clauses (testcase/clauses.h) the killing tests exercise
};

struct KillMatrix {
  int week = 0;
  uint64_t seed = 0;
  std::vector<MutantRow> mutants;
  std::vector<std::pair<std::string, std::vector<std::string>>> tests;  // test -> the mutants it kills
  std::map<std::string, std::vector<std::string>> test_clauses;        // test -> the clauses it exercises
  std::vector<std::string> uncovered_clauses;  // clauses of the week (clause_week <= week) no test exercises
  double seconds = 0;
};

/// Whether `mutant`'s linear list places some statement inside more loops than `oracle`'s (both
/// compiled from one program): its kernel runs that statement at least as often, more when a loop
/// runs more than once.
bool places_deeper(const uir::Compiled& oracle, const uir::Compiled& mutant);

/// A test's name in the matrix: "suite/test", or "suite/test:render" for a render-mode test.
std::string kill_matrix_name(const TestCase& test);

/// Grades the mutants named `mutant_names` (catalogue names) against `tests` (their data made from
/// `seed`) on `jobs` threads, and reads off each test's program the rule clauses it exercises
/// (testcase/clauses.h), so the matrix says which clauses killed each mutant and which clauses of
/// the week no test exercises.
KillMatrix kill_matrix(const std::vector<TestCase>& tests, const std::vector<std::string>& mutant_names, int week,
                       uint64_t seed, int jobs);

}  // namespace uirgrade
