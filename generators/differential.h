// Running a program the way a test does, in-process: deterministic input data for its buffers,
// the oracle's outcome, and the comparison of two outcomes (the fuzzer's notion of "disagree").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "mutation/catalogue.h"
#include "oracle/data.h"
#include "oracle/error.h"
#include "oracle/linearize.h"

namespace uirgen {

/// Input data for `specs` from `seed` (spec §7's random ranges: i32 in [-100, 100], f32 in
/// [-1, 1]), the same on every platform (a plain splitmix64 stream, no std distributions).
std::vector<uir::SlotData> random_inputs(const std::vector<uir::SlotSpec>& specs, uint64_t seed);

/// What running a program gives: an error for an invalid one, else the input data it ran on, the
/// exit code, the failing assert's line and the final buffers.
struct Outcome {
  std::optional<uir::Error> error;
  std::vector<uir::SlotData> inputs;  // random_inputs(seed) for its buffers
  int exit_code = 0;
  int failed_assert_line = 0;
  std::vector<uir::SlotData> buffers;
};

/// Compiles `text` (with `bugs` planted into the linearizer) and runs it on random_inputs(seed).
Outcome run_program(const std::string& text, uint64_t seed, const uirgrade::Mutants& mutants = {});

/// The input data a run gets for the buffers of its program.
using InputsFor = std::function<std::vector<uir::SlotData>(const std::vector<uir::SlotSpec>&)>;
/// The same on inputs_for(the program's buffers): the minimiser keeps a failing test's own data.
Outcome run_program_on(const std::string& text, const InputsFor& inputs_for, const uirgrade::Mutants& mutants = {});

/// Whether two outcomes differ: validity and rule, exit code, assert line, or any buffer word (every
/// NaN equals every NaN).
bool outcomes_differ(const Outcome& a, const Outcome& b);

/// The values of one slot as spec §6.1 spells them ("1 -2 0.5"), as a header line needs them.
std::vector<std::string> slot_values_text(const uir::SlotData& slot);

}  // namespace uirgen
