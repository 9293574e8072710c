// The oracle as a library: what the CLI, the grader and the generators call.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data.h"
#include "oracle/error.h"
#include "oracle/linearize.h"
#include "oracle/program.h"
#include "oracle/variant.h"

namespace uir {

/// A program after every check of spec §8: parsed, validated, linearized.
struct Compiled {
  Program program;
  std::optional<Error> error;  // the one rule spec §8 reports, or none for a valid program
  Linear linear;               // valid programs only
  // The variant it was compiled with (oracle/variant.h; the reference for the oracle); run and
  // render_c follow it too. It must outlive every copy of the Compiled.
  const OracleVariant* variant = &OracleVariant::reference();
};

/// Parses, validates and linearizes `text`, `variant`'s way (the oracle's: the reference).
/// Never throws on any input.
Compiled compile(std::string path, std::string_view text, const OracleVariant& variant = OracleVariant::reference());

struct RunResult {
  int exit_code = 0;           // 0: every assert passed; 1: an assert failed
  int failed_assert_line = 0;  // exit 1: the line of the failing assert that comes first in the file
  std::vector<SlotData> buffers;  // final contents, increasing slot order
  std::string crash;  // a variant's run only (OracleVariant::run): why it stopped like a crashing program
};

/// Runs a valid program on `inputs` (one SlotData per buffer, as slot_specs() lists them).
RunResult run(const Compiled& compiled, const std::vector<SlotData>& inputs);

/// The C translation unit of spec §6.2 for a valid program.
std::string render_c(const Compiled& compiled);
/// The same C, and for each of its lines (index 0 = line 1) the top-level statement of
/// Program::stmts that line renders, or -1 (a line of no statement: includes, helpers, functions,
/// kernel's own braces): the line map that says which UIR statement a line of the oracle's C is.
std::string render_c(const Compiled& compiled, std::vector<int32_t>* line_stmts);

/// Where the driver puts its buffers (render_driver.cc): slot index k's at kDriverBufferBase +
/// k * kDriverBufferWindow + one page, in every run of a kernel. Above AddressSanitizer's shadow
/// and below its allocator on x86-64, and where valgrind lets a program map.
inline constexpr uint64_t kDriverBufferBase = 0x200000000000ull;
inline constexpr uint64_t kDriverBufferWindow = 128ull << 20;  // a 2^24-element buffer and a free page

/// A C `main` that reads slot data on stdin like `run`, calls `kernel`, prints the buffers like `run`
/// and exits 0, or 1 with "PROG:LINE: assert failed" on stderr when kernel returns a line. Compile it
/// together with a kernel's translation unit (the grader's render tests). Before it calls kernel, it
/// locks itself down (oracle/kernel_lockdown.h); `lock_down_kernel` false leaves that out (tests
/// that show an attack working without it).
std::string render_driver(const std::vector<SlotSpec>& specs, std::string_view program_path,
                          bool lock_down_kernel = true);

}  // namespace uir
