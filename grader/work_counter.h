// Counting a kernel's work exactly (issue 26): the instructions executed inside `kernel`, counted by
// valgrind's callgrind, never timed. A kernel is compiled a second time for counting, with the
// grader's driver, at -O0 and without sanitizers: at -O1 and above gcc hoists loop invariants itself,
// so the count would show gcc's placement, not the student's; the sanitizers' checks would be counted
// too (the sanitized build already judged correctness). Counting runs like the kernel's correctness
// run, through the CommandRunner (the same sandbox tier and limits, with time for valgrind's
// slowdown), from a copy of the binary in the run's own directory.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "grader/once_by_key.h"
#include "grader/callgrind_profile.h"
#include "grader/compile_limits.h"
#include "sandbox/process.h"

namespace uirgrade {

struct WorkCount {
  /// KernelFailed: the kernel crashed, timed out or exited other than 0 or 1 under the counter (the
  /// student's); InternalError: ours (no compiler, valgrind could not start or failed itself).
  enum class Status { Ok, KernelFailed, InternalError };
  Status status = Status::InternalError;
  std::string message;
  CallgrindProfile profile;  // Ok: kernel's instructions and kernel.c's lines
  double seconds = 0;        // the compile and the counted run, wall time (0 when cached)
};

/// The flags a kernel is compiled with for counting: spec §6.2's language and floating-point flags
/// (`-std=c11 -ffp-contract=off`), `-O0 -g` (the student's placement, with line numbers), bound
/// now (`-Wl,-z,now`: lazy binding would count the dynamic linker's first lookup of memcpy), no
/// sanitizers.
std::vector<std::string> work_compile_flags();

/// The callgrind command line counting `./kernel` (started through the dynamic loader: the copy in
/// the run directory needs no exec permission): collection only inside `kernel` (--toggle-collect,
/// so the driver needs no change), one count per instruction and line, written to stderr.
std::vector<std::string> work_count_command();

/// The environment (NAME=VALUE, for sh) that makes glibc run the same library code on every
/// x86-64 machine in a counted run: the count of a kernel that calls memcpy or expf then does not
/// depend on the grading machine's CPU.
std::string baseline_library_tunables();

/// How much longer than the test's limits a counted run may take: callgrind runs a program some
/// 50-100 times slower, and valgrind needs a second or two to start.
inline constexpr double kCountedRunSlowdown = 100;
inline constexpr double kCountedRunStartSeconds = 10;
/// ... and never more than this: a kernel that needs longer under the counter is not measured (the
/// student's: it is reported, and loses work points in a week that scores them).
inline constexpr double kMaxCountedRunSeconds = 600;

class WorkCounter {
 public:
  /// `runner` runs the compiler and valgrind; binaries go to a private temporary directory (0700,
  /// removed by the destructor), never readable by a student's uid.
  explicit WorkCounter(CommandRunner& runner);
  ~WorkCounter();
  WorkCounter(const WorkCounter&) = delete;
  WorkCounter& operator=(const WorkCounter&) = delete;

  /// Compiles `kernel_c` with `driver_c` for counting and counts one run on `stdin_data` within
  /// `limits` (the test's; widened for valgrind). Thread-safe.
  WorkCount count(const std::string& kernel_c, const std::string& driver_c, const std::string& stdin_data,
                  const ProcessLimits& limits, const CompileLimits& compile_limits = {});
  /// The same for the oracle's C, computed once per (C, driver, data): it is the same for every
  /// student. Thread-safe; concurrent callers for one key wait for the one count in flight.
  WorkCount count_reference(const std::string& oracle_c, const std::string& driver_c, const std::string& stdin_data,
                            const ProcessLimits& limits);

  int compiles() const;  // how many times the compiler was started (tests: the reference is cached)

 private:
  WorkCount compile_and_count(const std::string& kernel_c, const std::string& driver_c, const std::string& stdin_data,
                              const ProcessLimits& limits, const CompileLimits& compile_limits);

  CommandRunner& runner_;
  std::string dir_;
  std::string cc_path_;
  mutable std::mutex mutex_;
  OnceByKey<WorkCount> references_;
  int compiles_ = 0;
};

}  // namespace uirgrade
