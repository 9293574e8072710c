// Reading what valgrind's callgrind wrote (its "callgrind format", one dump, `positions: instr line`
// from --dump-instr=yes, `events: Ir`): the instructions executed while collection was on (the
// `summary:` line; with --toggle-collect=kernel, those inside `kernel` and everything it calls), and
// for each line of one source file how many times it ran.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace uirgrade {

struct CallgrindProfile {
  uint64_t instructions = 0;  // Ir collected: the work
  /// Source line of the file asked for -> how many times it ran: the largest execution count of
  /// the line's instructions (an instruction's Ir is its execution count, so the most executed
  /// instruction of a line is the number of times control passed through it; a `for` line's is its
  /// condition's, n + 1).
  std::map<int, uint64_t> runs_by_line;
};

/// Parses a callgrind dump; `source_file` is matched by its last path component ("kernel.c"). An
/// error (a message naming the dump's line) when the text is not a dump this function understands,
/// or when the costs of its lines do not add up to its summary (then the parse would be wrong).
std::optional<CallgrindProfile> parse_callgrind_profile(std::string_view dump, std::string_view source_file,
                                                        std::string* error);

}  // namespace uirgrade
