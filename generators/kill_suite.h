// `uirgen --kill-mutants`: a small hidden suite that kills every mutant of the catalogue. Candidates
// are generated programs (generators/fuzz.h) and the catalogue's own smallest programs
// (mutation/testdata/mutants/); the kill matrix of all of them (mutation/mutant_grading.h) is covered
// greedily (each step keeps the candidate that kills the most mutants not killed yet, the smaller on
// a tie), each kept valid program is minimised while it still kills the mutants it was kept for
// (generators/minimize.cc, within a time budget), and the kept tests are written as a suite that
// grades on its own: DIR/kill/*.uir with headers, DIR/kill/suite.yaml and DIR/weeks.yaml naming it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace uirgen {

struct KillSuiteOptions {
  int week = 3;
  uint64_t seed = 1;
  int candidates = 400;  // generated programs (a quarter of them invalid)
  int jobs = 2;
  double minimize_seconds = 60;  // shared by the kept tests' minimising (0: keep them as chosen)
  std::string out_dir;
};

/// Writes the suite and prints its figures (tests, statements per test, candidates, what it kills,
/// checked by grading the written suite again). Returns 0 when it kills every mutant, 1 when some
/// survive every candidate, 2 when it cannot write.
int write_kill_suite(const KillSuiteOptions& options, std::ostream& out);

}  // namespace uirgen
