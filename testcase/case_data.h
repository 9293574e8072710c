// The input data of a test (spec §7): values as test headers write them (`# data S:` and
// `# expect S:`), and the deterministic random streams behind `random` data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <variant>
#include <vector>

#include "oracle/data.h"
#include "oracle/program.h"
#include "oracle/seeded_random.h"
#include "testcase/case.h"

namespace uirgrade {

/// An i32 written as -?[0-9]+ within i32 (also the LO and HI of `random LO..HI` for i32 slots).
std::optional<int32_t> parse_i32(std::string_view token);

/// The random stream of one slot of one test under one seed (name and slot hashed with FNV-1a).
uir::SplitMix64 slot_stream(const std::string& test_name, int slot, uint64_t seed);

/// The input data of a test for the program's buffers, made deterministically from the test's name
/// and the run's seed (spec §7): explicit values, random, random LO..HI, zeros, iota.
std::variant<std::vector<uir::SlotData>, SuiteError> make_input_data(
    const TestCase& test, const std::vector<uir::SlotSpec>& specs, uint64_t seed);

}  // namespace uirgrade
