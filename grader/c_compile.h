// Compiling a rendered kernel with the grader's driver (spec §6.2) into a sanitized binary. The
// compiler is started once per distinct (kernel, driver) text: a cache keyed by the full text (its
// hash names the binary) serves repeats, and concurrent requests for the same text wait for the
// one compile in flight.
#pragma once

#include <cstdint>
#include <future>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "grader/process.h"

namespace uirgrade {

struct CompileOutcome {
  enum class Status { Ok, CompileError, InternalError };
  Status status = Status::InternalError;
  std::string binary_path;  // Ok: the sanitized executable
  std::string message;      // CompileError: the compiler's diagnostics; InternalError: what failed
  bool from_cache = false;
  double seconds = 0;       // the compiler's wall time (0 when cached)
};

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

  /// Compiles kernel.c and driver.c together (or returns the cached binary). Thread-safe.
  CompileOutcome compile(const std::string& kernel_c, const std::string& driver_c);

  int compiler_runs() const;  // how many times the compiler was started

 private:
  CompileOutcome run_compiler(const std::string& kernel_c, const std::string& driver_c, uint64_t key_hash);

  CommandRunner& runner_;
  uint64_t rss_limit_mb_;
  std::string dir_;       // where binaries go; empty if it could not be made
  std::string cc_path_;   // `cc` found on PATH; empty if none
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_future<CompileOutcome>> cache_;
  int compiler_runs_ = 0;
};

}  // namespace uirgrade
