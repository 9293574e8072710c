// Values of slot data as test headers write them (`# data S:` and `# expect S:`, spec §7), and the
// deterministic random streams behind `random` data. make_input_data itself is declared in
// grader/suite.h; this header holds the pieces the header parser and the self-check share.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "oracle/program.h"

namespace uirgrade {

/// An i32 written as -?[0-9]+ within i32 (also the LO and HI of `random LO..HI` for i32 slots).
std::optional<int32_t> parse_i32(std::string_view token);

/// The 64-bit FNV-1a hash of `text`: stable across compilers and standard libraries.
uint64_t fnv1a64(std::string_view text);

/// splitmix64: a fixed, tiny PRNG whose output is the same everywhere (unlike std::*_distribution).
struct SplitMix64 {
  uint64_t state;
  uint64_t next();
};

/// The random stream of one slot of one test under one seed (name and slot hashed with FNV-1a).
SplitMix64 slot_stream(const std::string& test_name, int slot, uint64_t seed);

}  // namespace uirgrade
