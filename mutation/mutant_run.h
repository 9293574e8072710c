// How a mutant runs (mutation/catalogue.h): a plain interpreter over the linear list that executes a
// valid program like the oracle's runner, with the value, memory and loop bugs of its mutants
// switched on, and never trusting the program: every memory access is checked, divisions by zero
// and (for i32-no-wrap) overflows stop it like a crashing student, and a step budget stops a loop
// that never ends. The oracle's own `run` (oracle/run.cc) is the fast path; a program compiled with
// mutants on runs on this one instead (the run hook of catalogue_variant.cc).
#pragma once

#include <vector>

#include "mutation/catalogue.h"
#include "oracle/data.h"
#include "oracle/oracle.h"

namespace uirgrade {

/// The exit codes of a mutant that stopped like a crashing program (spec §6.1: any other exit is a
/// crash): a sanitizer-style report, or a loop that did not finish within the step budget.
constexpr int kMutantCrashExit = 86;
constexpr int kMutantHangExit = 124;

/// Runs a valid program with `mutants` (those showing in the command being simulated, see
/// Mutants::showing_in). RunResult::crash says why when the exit code is one of the above.
uir::RunResult run_with_mutants(const uir::Compiled& compiled, const std::vector<uir::SlotData>& inputs,
                                const Mutants& mutants);

}  // namespace uirgrade
