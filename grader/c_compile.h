// Compiling a rendered kernel with the grader's driver (spec §6.2) into a sanitized binary. Two
// caches keyed by the full C text (its hash names the file): the driver's object per distinct
// driver (it depends only on the program's buffers, and is most of the C), and the binary per
// distinct (kernel, driver). Concurrent requests for the same text wait for the one compile in flight.
#pragma once

#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sandbox/process.h"

namespace uirgrade {

struct CompileOutcome {
  enum class Status { Ok, CompileError, InternalError };
  Status status = Status::InternalError;
  std::string binary_path;  // Ok: the sanitized executable (the driver's object, inside the cache)
  std::string message;      // CompileError: the compiler's diagnostics; InternalError: what failed
  /// Ok: what the render rules are checked on (call_graph.h): the kernel's preprocessed translation
  /// unit (`cc -E`) and gcc's call graph of it (`-fcallgraph-info`, compiled at -O0 without
  /// sanitizers so that every call written is a call in the graph).
  std::string preprocessed;
  std::string call_graph;
  bool from_cache = false;
  double seconds = 0;       // the compiler's wall time (0 when cached)
};

/// The C compiler's limits: larger time and memory than a student's, for its whole process tree
/// (driver, cc1, as, ld) like every run (sandbox/process.h).
ProcessLimits c_compiler_limits();

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
  ~CCompiler();
  CCompiler(const CCompiler&) = delete;
  CCompiler& operator=(const CCompiler&) = delete;

  /// Compiles kernel.c and driver.c together (or returns the cached binary), with the kernel's
  /// preprocessed unit and call graph. Thread-safe.
  CompileOutcome compile(const std::string& kernel_c, const std::string& driver_c);

  int compiler_runs() const;  // how many times the compiler was started (objects and links)

 private:
  /// The outcome cached under `key`, built once by `build(hash of key)`; concurrent callers wait.
  CompileOutcome cached(const std::string& key, const std::function<CompileOutcome(uint64_t)>& build);
  /// Runs `cc FLAGS arguments` in a fresh directory holding `files`, `inputs` (absolute paths)
  /// readable, and puts what it writes at `output`; `also_take` are further files it writes
  /// (name in its directory, destination).
  CompileOutcome run_compiler(const std::vector<std::pair<std::string, std::string>>& files,
                              const std::vector<std::string>& arguments, const std::vector<std::string>& inputs,
                              const std::string& output,
                              const std::vector<std::pair<std::string, std::string>>& also_take = {});

  CommandRunner& runner_;
  uint64_t rss_limit_mb_;
  std::string dir_;       // where binaries go; empty if it could not be made
  std::string cc_path_;   // `cc` found on PATH; empty if none
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_future<CompileOutcome>> cache_;
  int compiler_runs_ = 0;
};

}  // namespace uirgrade
