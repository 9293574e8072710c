// Triage of undetected faults: how each one differs from the oracle on a corpus of programs,
// looking at more than the grader grades (the error's line and message, the linear list), so that
// an undetected fault can be sorted into one that a test could detect (it changes something graded
// on some program), one that changes only feedback the grader never compares (spec §6.3: the error's line
// and text), one that changes only where statements run without changing any result, and one that
// changes nothing seen at all (a candidate equivalent: still to be argued by reading the code).
#pragma once

#include <string>
#include <vector>

#include "oracle_faults/forked.h"
#include "oracle_faults/grading.h"

namespace oracle_faults {

/// Most severe first.
enum class Difference {
  Graded,     // validity, the rule, exit code, buffers, the failing assert's line or the loop count
  Line,       // only the line of the error (same rule)
  Message,    // only the error's column, length or text
  Placement,  // only the linear list (same loops and results)
  None,       // nothing on any program of the corpus
  Stopped,    // the fault crashed or hung on some program (a crashing compiler fails its test)
};
const char* difference_name(Difference d);

struct ProbeResult {
  int id = 0;
  Difference difference = Difference::None;
  std::string program;  // the corpus test that shows it (empty for None)
};

/// Compares each fault with the oracle on every program of `corpus` (its tests' programs and data).
std::vector<ProbeResult> probe_faults(const std::vector<int>& ids, const SeedTests& corpus, const ForkLimits& limits);

}  // namespace oracle_faults
