// Running a piece of work once per fault, each fault in a child process of its own (fork: the
// parent's tests and expectations are shared copy-on-write, nothing is serialised), `jobs` at a
// time, so that a fault that crashes, loops or eats memory costs only its own result.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace oracle_faults {

struct ForkLimits {
  int jobs = 2;                // child processes at a time
  int seconds_per_unit = 5;    // a child still working on one unit after this is stopped (SIGALRM)
  long memory_mb = 4096;       // address-space limit of a child
};

/// What a child found for one unit of work (a seed): a verdict code and a test index (-1: none).
struct UnitResult {
  int verdict = 0;
  int test = -1;
  bool stopped = false;  // the child died in this unit: `how` says why
  bool timed_out = false;
  std::string how;       // "Segmentation fault", "Alarm clock", "exit 3"
  // When stopped, `test` is the last one the child named with report_progress (-1: none).

  static UnitResult of(int verdict, int test) {
    UnitResult r;
    r.verdict = verdict;
    r.test = test;
    return r;
  }
};

/// Called by `work` in a child before each test: if the child dies, its unit's result names that
/// test (a fault that hangs or crashes on a test whose inputs do not vary does so at every seed).
void report_progress(int test);

/// For each id: switches fault `id` on in a fresh child and calls work(unit) for unit = 0..units-1
/// in order. If the child dies in a unit, that unit's result says how and a new child goes on with
/// the next unit. Call with one thread running (fork).
std::vector<std::vector<UnitResult>> run_per_fault(const std::vector<int>& ids, size_t units, const ForkLimits& limits,
                                                   const std::function<UnitResult(size_t fault, size_t unit)>& work);

}  // namespace oracle_faults
