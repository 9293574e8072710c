// The live fuzzing API the grader calls (`grade --fuzz N`), and the minimiser it uses on a failure.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "testcase/case.h"

namespace uirgen {

/// What make_fuzz_tests did with the catalog of flaws (generators/flaws.h).
struct FuzzStats {
  std::map<std::string, int> flaws_applied;        // per flaw name: invalid programs made
  std::map<std::string, int> flaws_discarded;      // ... of which the oracle reported another rule/line
  std::map<std::string, int> probes_applied;       // per probe clause (generators/probes.h)
  std::map<std::string, int> probes_discarded;     // ... of which the oracle disagreed with the label
};
/// Generated tests for `week`: counts_by_kind["valid"] valid programs (every fourth a render test)
/// and counts_by_kind["invalid"] flawed ones (cycling through the catalog of flaws), then
/// counts_by_kind["probe"] probes (generators/probes.h: a rule's family by cycling, near misses
/// valid, the others invalid; every fourth valid one a render test), then at most
/// counts_by_kind["shape"] enumerated skeletons chosen by structural coverage
/// (generators/enumerate_shapes.h; every fourth valid one a render test), named
/// fuzz/1, fuzz/2, ... in that order, suite "fuzz", hidden, with full expectations from the
/// oracle and explicit data. The same arguments always give the same tests.
std::vector<uirgrade::TestCase> make_fuzz_tests(int week, const std::map<std::string, int>& counts_by_kind,
                                                uint64_t seed, FuzzStats* stats = nullptr);

struct MinimizeLimits {
  int max_attempts = 4000;    // candidate programs tried (each costs one still_fails call)
  double max_seconds = 30.0;  // wall-clock budget
  double tree_share = 0.25;   // of max_attempts, at most, for RapidCheck's shrink tree; 0: skip it
};

struct MinimizeStats {
  int attempts = 0;
  int tree_steps = 0;     // steps taken down RapidCheck's shrink tree
  int reducer_steps = 0;  // statement-level edits kept
  double seconds = 0;
};

/// A smaller program on which `still_fails` is still true, or `text` itself. First, when `text`
/// starts with the generator's header, is exactly that generated program and the limits give the
/// tree a share, it walks RapidCheck's shrink tree of the generated Shrinkable; then a
/// statement-level reducer (generators/minimize_edits.h: drop a statement with everything using it,
/// replace a value's uses by a literal, flatten loops, the program in i32, memories chained, lower
/// literals, merge statements) keeps only candidates that compile as the original does (valid, or
/// rejected with the same rule) and still fail. A program with a malformed line (E-SYNTAX) is
/// returned as it is.
std::string minimize_program(const std::string& text,
                           const std::function<bool(const std::string&)>& still_fails,
                           const MinimizeLimits& limits, MinimizeStats* stats = nullptr);

/// Statements in a program text (top-level and in bodies, `ret` included; parameters not).
int count_statements(const std::string& text);

}  // namespace uirgen
