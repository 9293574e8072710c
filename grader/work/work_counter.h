// Counting a kernel's work exactly (issue 26): the instructions executed inside `kernel`, counted by
// valgrind's callgrind, never timed. The counted program is the graded one as far as valgrind allows
// (issue 39): the same C and driver (its buffers at the same fixed addresses, oracle/oracle.h), the
// same optimisation level and floating-point flags, the same stdin, sandbox tier and limits (with
// time for valgrind's slowdown). What differs, and why: no sanitizers (valgrind cannot run them; the
// sanitized build already judged correctness), no seccomp filter (valgrind's own system calls would
// be refused: valgrind traces the program's calls instead, and the lockdown's rules are applied to
// the trace, counted_syscalls.h), and four flags that change no defined behaviour but keep gcc from moving work
// between loops (work_compile_flags), so that the count shows the student's placement, not gcc's.
// The counted run's stdout and exit are kept: the caller compares them with the oracle's.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "grader/once_by_key.h"
#include "grader/work/callgrind_profile.h"
#include "testcase/compile_limits.h"
#include "sandbox/process.h"

namespace uirgrade {

struct WorkCount {
  /// KernelFailed: the kernel was killed by a signal, exited other than 0 or 1, made a system call
  /// the lockdown refuses or filled stderr under the counter (the student's, and a sign that it
  /// behaves differently when counted); OverLimits: it ran out of
  /// time or memory under the counter (the student's, but valgrind's slowdown may be the cause: no
  /// figure, no verdict); InternalError: ours (no compiler, valgrind could not start or failed itself).
  enum class Status { Ok, KernelFailed, OverLimits, InternalError };
  Status status = Status::InternalError;
  std::string message;  // KernelFailed: "was killed by signal 11", "exited 3"; otherwise a sentence
  /// KernelFailed: the kernel made a system call the lockdown refuses (counted_syscalls.h).
  bool refused_syscall = false;
  CallgrindProfile profile;  // Ok: kernel's instructions and kernel.c's lines
  /// Ok, KernelFailed: the counted run as the driver ran it: its stdout, its exit, its stderr without callgrind's
  /// dump (compared with the oracle's like the graded run).
  ProcessResult run;
  double seconds = 0;        // the compile and the counted run, wall time (0 when cached)
};

/// The flags a kernel is compiled with for counting: the graded build's (spec §6.2, uir::kSpecCFlags)
/// without the sanitizers, `-g` (line numbers for the hot lines), bound now (`-Wl,-z,now`: lazy
/// binding would count the dynamic linker's first lookup of memcpy), and no loop-invariant motion,
/// induction-variable rewriting or call overhead: `-fno-tree-loop-im -fno-move-loop-invariants`
/// (gcc would hoist a statement placed too deep and hide what the count is for), `-fno-ivopts` (it
/// folds an invariant address into a pointer that steps, hiding the same), `-finline-small-functions`
/// (a helper function costs what its body costs, as in the oracle's C).
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
