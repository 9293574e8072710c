// Random valid programs, per week's feature set (spec §3-§5), as RapidCheck generators.
//
// A program is built by the construct functions (constructs.h) from a Chooser's decisions. Its
// RapidCheck Shrinkable shrinks the *list of decisions* (dropping chunks, lowering values) and
// rebuilds the program from each shrunk list, so every shrink is again a valid program.
#pragma once

#include <rapidcheck/Gen.h>
#include <rapidcheck/Shrinkable.h>

#include <cstdint>
#include <string>
#include <vector>

#include "generators/limits.h"
#include "oracle/program.h"

namespace uirgen {

struct GeneratedProgram {
  int week = 3;
  uint64_t seed = 0;  // 0 when drawn by RapidCheck itself (the seed is then RapidCheck's)
  int size = 0;
  std::vector<uint32_t> choices;  // the decisions it was built from (replayable)
  bool shrunk = false;            // a shrink of the program (week, seed, size) names
  bool swarm = false;             // built with limits.swarm (a random subset of the constructs)
  uir::Program program;
};

/// The statement budget for `size`: grows linearly from limits.min_statements at size 0.
int statement_budget(int size, const GenLimits& limits);

/// Builds a program from recorded decisions (a missing decision is the lowest option).
GeneratedProgram replay_program(const std::vector<uint32_t>& choices, int week, int size,
                                const GenLimits& limits = {});

/// The program for (week, seed, size): the same arguments always give the same program.
GeneratedProgram sample_program(int week, uint64_t seed, int size, const GenLimits& limits = {});

/// The same program with its shrink tree.
rc::Shrinkable<GeneratedProgram> sample_shrinkable(int week, uint64_t seed, int size,
                                                   const GenLimits& limits = {});

/// A RapidCheck generator of valid programs for `week` (1, 2 or 3).
rc::Gen<GeneratedProgram> program_gen(int week, const GenLimits& limits = {});

/// The first line of every generated file: "# uirgen: week=3 seed=17 size=40", with " swarm" after
/// it for a swarm program and " (shrunk)" for a program RapidCheck shrank from that one.
std::string generator_header(const GeneratedProgram& generated);

/// The header line, then the printed program.
std::string program_text(const GeneratedProgram& generated);

/// Whether a generator_header line names a swarm program (rebuilt with GenLimits::swarm).
bool header_says_swarm(const std::string& line);

/// Parses a generator_header line back; false when `line` is not one.
bool parse_generator_header(const std::string& line, int* week, uint64_t* seed, int* size);

}  // namespace uirgen
