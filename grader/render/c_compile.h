// Compiling a rendered kernel with the grader's driver (spec §6.2) into a sanitized binary. One
// compiler start per kernel compiles kernel.c with the run's flags and links it: the same
// compilation leaves the kernel's object (checked by kernel_object_check.h), its preprocessed unit
// and gcc's call graph (-save-temps, -fcallgraph-info), so what is checked is what runs.
//
// What a run keeps is bounded whatever the students hand in (issue 39): the driver's object, the
// one product a later compile reuses (it depends only on the program's buffers, and is most of the
// C), is cached by SHA-256 of its text, the flags and the compiler's identity, the most recently
// used kDriverObjectsKept of them; everything a kernel's compile makes is the caller's alone: the
// products come back in memory and their files are deleted at once, and the binary's file lives as
// long as the outcome that names it. No file the compiler writes may exceed the week's
// CompileLimits::output_bytes (a large constant array makes objects of any size: the student's,
// like a time-out). The binaries live in a directory only the grader can read; the sandbox gets
// copies (a compile gets the driver's object, a run gets the binary in its own run directory), so
// no student's process ever sees another's kernel.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "grader/once_by_key.h"
#include "grader/weakenings.h"
#include "testcase/compile_limits.h"
#include "sandbox/process.h"

namespace uirgrade {

class WorkCounter;  // grader/work/work_counter.h

struct CompileOutcome {
  /// CompileLimit: the student's C did not compile within the week's compile limits (time or
  /// memory): the student's, like a time-out of `run` (spec §6.2).
  enum class Status { Ok, CompileError, CompileLimit, InternalError };
  Status status = Status::InternalError;
  std::string binary_path;  // Ok: the sanitized executable, in the grader's private directory
  /// Owns the file at binary_path: removed when the last copy of this outcome is gone.
  std::shared_ptr<const std::string> binary_owner;
  std::string message;      // CompileError/CompileLimit: what the compiler said or what ran out; InternalError: what failed
  /// Ok: what the render rules are checked on, all from the one compilation whose object is linked:
  /// the kernel's preprocessed unit, gcc's call graph (call_graph.h), the kernel's object file, and
  /// the symbols the driver's object references (a kernel may not define them). Held nowhere else:
  /// the caller drops them after the checks.
  std::string preprocessed;
  std::string call_graph;
  std::string kernel_object;
  std::vector<std::string> driver_references;
  double seconds = 0;       // the compiler's wall time
};

/// The C compiler's limits: `limits`' time and memory for its whole process tree (driver, cc1, as,
/// ld) like every run (sandbox/process.h).
ProcessLimits c_compiler_limits(const CompileLimits& limits = {});

/// The flags of spec §6.2 (without the files, -o and -lm).
std::vector<std::string> c_compile_flags();

/// A C file linked into every binary: the sanitizers' defaults (exit status 86 on a report, so that
/// a report is never mistaken for exit 1, an assert; no leak check; an RSS limit).
std::string sanitizer_defaults_c(uint64_t rss_limit_mb);

class CCompiler {
 public:
  /// `runner` starts the compiler; binaries go to a fresh temporary directory removed by the
  /// destructor. `rss_limit_mb` bounds the binaries' memory (the sanitizers need a huge address
  /// space, so RLIMIT_AS cannot be used for them).
  CCompiler(CommandRunner& runner, uint64_t rss_limit_mb);
  /// Test-only: a compiler with the defences `weakened` names switched off (grader/weakenings.h),
  /// to show an attack working before the real compiler blocks it. Never made by the CLI.
  CCompiler(CommandRunner& runner, uint64_t rss_limit_mb, const CompilerWeakenings& weakened);
  ~CCompiler();
  CCompiler(const CCompiler&) = delete;
  CCompiler& operator=(const CCompiler&) = delete;

  /// How many drivers' objects are kept (each some 100 KiB; a class's tests have a few dozen).
  static constexpr size_t kDriverObjectsKept = 64;

  /// Compiles kernel.c and driver.c together (the driver's object from the cache when it is
  /// there), with the kernel's object, preprocessed unit and call graph, within `limits` (the
  /// kernel's compile; the driver, the grader's own, gets the defaults). Thread-safe.
  CompileOutcome compile(const std::string& kernel_c, const std::string& driver_c, const CompileLimits& limits = {});

  /// Whether a kernel runs from the shared cache by its path (weakened) instead of from a copy in
  /// its own run directory.
  bool shares_compiled_kernels() const { return weakened_.share_compiled_kernels; }

  int compiler_runs() const;  // how many times the compiler was started (objects and links)
  /// What the compiler holds now, between compiles: the bytes of its private directory (drivers'
  /// objects, binaries still owned) and of the products it keeps in memory (weakened only).
  uint64_t held_bytes() const;

  /// The counter of `# render: work` tests (grader/work/work_counter.h), on the same runner, with its own
  /// private directory and the oracle's counts cached for the compiler's lifetime.
  WorkCounter& work_counter() { return *work_counter_; }

 private:
  /// The driver's object (with the sanitizer defaults), from the cache or compiled now.
  CompileOutcome driver_object(const std::string& driver_unit, const std::string& identity);
  /// Runs `cc FLAGS arguments` in a fresh directory holding `files` and puts what it writes at
  /// `output`; `also_take` are further files it writes (name in its directory, destination).
  CompileOutcome run_compiler(const std::vector<std::pair<std::string, std::string>>& files,
                              const std::vector<std::string>& arguments, const std::string& output,
                              const CompileLimits& limits,
                              const std::vector<std::pair<std::string, std::string>>& also_take = {});

  CommandRunner& runner_;
  uint64_t rss_limit_mb_;
  std::string dir_;       // where binaries go; empty if it could not be made
  std::string cc_path_;   // `cc` found on PATH; empty if none
  std::string cc_identity_;  // what the cache keys say of the compiler: its real path, size and time
  mutable std::mutex mutex_;
  /// Drivers' objects: binary_path empty, their bytes in kernel_object, their references.
  OnceByKey<CompileOutcome> drivers_{kDriverObjectsKept};
  int compiler_runs_ = 0;
  uint64_t kernels_compiled_ = 0;  // names each kernel's files apart
  const CompilerWeakenings weakened_;  // test seams (grader/weakenings.h): none but in a test
  std::vector<CompileOutcome> kept_when_weakened_;  // keep_every_compile's outcomes
  std::unique_ptr<WorkCounter> work_counter_;
};

/// Frees the products of `outcome` (preprocessed unit, call graph, object) once they are checked:
/// the kernel's run needs only the binary, and its object may be megabytes.
void drop_products(CompileOutcome& outcome);

/// The run of a compiled kernel (`compiled` Ok): from a copy in the run's own directory (owned by
/// the run's uid, mode 0700), started by the dynamic loader (a file there needs no exec bit), so no
/// path of the grader's cache appears in a command line or has to be readable by a student's uid;
/// from the cache by its path only when `compiler` is weakened to share it.
ProcessRequest kernel_run_request(const CompileOutcome& compiled, const CCompiler& compiler);

}  // namespace uirgrade
