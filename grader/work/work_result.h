// What counting a `# render: work` test's kernel found (spec §7, issue 26): the instructions the
// student's kernel executed beside the oracle's for the same program and data, their ratio, and the
// student's lines that run more often than the oracle's statement they most likely stand for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace uirgrade {

/// A line of the student's kernel.c that runs more often than its oracle counterpart.
struct HotLine {
  int line = 0;              // in kernel.c
  uint64_t runs = 0;         // how many times it ran
  std::string source_line;   // its text, trimmed
  std::string oracle_statement;  // the UIR statement it most likely stands for: "%i3 = mul %i 3"
  int oracle_uir_line = 0;       // that statement's line in the test's program
  uint64_t oracle_runs = 0;      // how many times the oracle's C runs it
  std::vector<std::string> oracle_loops;  // the oracle's loops around it, outermost first ("%i")
  std::vector<std::string> depends_on;    // the ranges it depends on (its open ranges, spec §5.1)
};

/// "line 14 runs 512 times; the oracle computes `%i3 = mul %i 3` 8 times, in loop `%i`: it depends
/// only on `%i` (spec §5.3)".
std::string describe_hot_line(const HotLine& hot);

struct WorkFigure {
  /// Measured: both counts are known. KernelFailed: the student's kernel did not finish under the
  /// counter (a crash or time-out there is the student's). InternalError: ours (valgrind failed).
  enum class Status { Measured, KernelFailed, InternalError };
  Status status = Status::InternalError;
  std::string message;  // KernelFailed / InternalError: what happened
  uint64_t student_instructions = 0;
  uint64_t oracle_instructions = 0;
  double ratio = 0;  // student / oracle
  std::vector<HotLine> hot_lines;  // most extra runs first
  /// Scored work (the week's plan): the limit on the ratio, and whether the work points were earned.
  std::optional<double> limit;
  double points = 0;      // earned
  double max_points = 0;  // the plan's work_points (0: advisory)
  double seconds = 0;     // what counting added to the test (compiles and valgrind runs)
};

/// "work 1.00x the oracle's (1234 instructions; the oracle's 1234)", "work not measured: ...", and
/// the verdict on a limit: "; over the limit of 1.5x: 0 of 1 work points" / "advisory".
std::string describe_work(const WorkFigure& work);

}  // namespace uirgrade
