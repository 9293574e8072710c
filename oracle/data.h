// Buffer contents and their text form (spec §6.1): "SLOT: v1 v2 ... vn", one line per slot.
// The oracle's `run` reads its stdin with it; the grader parses a student's stdout with it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "oracle/program.h"

namespace uir {

/// What a program says about one of its buffers.
struct SlotSpec {
  int slot = 0;
  DType dtype = DType::I32;
  int32_t length = 0;
};
/// The program's buffers, in increasing slot order (valid programs only).
std::vector<SlotSpec> slot_specs(const Program& program);

/// The contents of one buffer: `length` words, each the bit pattern of an i32 or f32.
struct SlotData {
  int slot = 0;
  DType dtype = DType::I32;
  std::vector<uint32_t> words;

  int32_t i32(size_t k) const { return static_cast<int32_t>(words[k]); }
  float f32(size_t k) const { return std::bit_cast<float>(words[k]); }
};

struct DataError {
  int line = 0;  // 1-based line of the text at fault (0: the text as a whole, e.g. a missing slot)
  std::string message;
};

/// One value as spec §6.1 spells it: an i32 as -?[0-9]+ within i32; an f32 as anything strtof
/// consumes whole (rounded once to nearest-even, +-inf beyond the range). Its bit pattern, or nullopt.
std::optional<uint32_t> parse_slot_value(DType dtype, std::string_view token);

/// Parses slot lines for exactly the slots of `specs` (any order, each once, exactly `length` values,
/// i32 as -?[0-9]+ within i32, f32 as strtof reads them; CRLF and trailing spaces accepted).
/// Returns the data in `specs` order, or the first problem.
std::variant<std::vector<SlotData>, DataError> parse_slot_data(std::string_view text,
                                                              const std::vector<SlotSpec>& specs);

/// One line per slot, in the given order: i32 as %d, f32 as %.9g with every NaN printed "nan".
std::string format_slot_data(const std::vector<SlotData>& slots);

}  // namespace uir
