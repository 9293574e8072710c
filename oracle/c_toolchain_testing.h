// Test-only helpers: compile a rendered kernel with its driver exactly as the grader does (spec
// §6.2) and run the binary on slot data. Header-only so that it stays out of the oracle library.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/c_flags.h"
#include "oracle/data.h"
#include "oracle/seeded_random.h"

namespace uir::testing {

/// The flags of spec §6.2 (oracle.h), as one shell word list.
inline std::string spec_c_flags() {
  std::string out;
  for (const char* flag : kSpecCFlags) out += (out.empty() ? "" : " ") + std::string(flag);
  return out;
}

inline std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

inline void write_text_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

/// A fresh directory under the system's temp dir, removed when the object goes.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& tag) {
    static std::atomic<int> counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("uir_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// Runs `command` through the shell; returns its exit status (-1 if it did not exit normally).
inline int shell(const std::string& command) {
  int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct CBinary {
  bool built = false;
  std::string compiler_output;  // when the build failed
  std::filesystem::path exe;
};

/// Compiles kernel + driver in `dir` with `flags` ("" for the grader's flags).
inline CBinary build_c(const std::filesystem::path& dir, const std::string& kernel_c, const std::string& driver_c,
                       const std::string& flags = "") {
  write_text_file(dir / "kernel.c", kernel_c);
  write_text_file(dir / "driver.c", driver_c);
  CBinary out;
  out.exe = dir / "prog";
  std::string log = (dir / "cc.log").string();
  int rc = shell("cc " + (flags.empty() ? spec_c_flags() : flags) + " " + (dir / "kernel.c").string() +
                 " " + (dir / "driver.c").string() + " -o " + out.exe.string() + " -lm > " + log + " 2>&1");
  out.built = rc == 0;
  if (!out.built) out.compiler_output = read_text_file(log);
  return out;
}

struct CRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs a built binary with `stdin_text` on its stdin.
inline CRun run_c(const CBinary& binary, const std::string& stdin_text) {
  std::filesystem::path dir = binary.exe.parent_path();
  write_text_file(dir / "stdin.txt", stdin_text);
  CRun out;
  // LeakSanitizer cannot run under every container's ptrace rules; the grader's flags stay as given.
  out.exit_code = shell("ASAN_OPTIONS=detect_leaks=0 " + binary.exe.string() + " < " + (dir / "stdin.txt").string() +
                        " > " + (dir / "stdout.txt").string() + " 2> " + (dir / "stderr.txt").string());
  out.out = read_text_file(dir / "stdout.txt");
  out.err = read_text_file(dir / "stderr.txt");
  return out;
}

/// Seeded random contents for `specs`, like the grader's default `random` (i32 in [-100, 100],
/// f32 multiples of 2^-24 in [-1, 1]), the same on every platform.
inline std::vector<SlotData> random_slot_data(const std::vector<SlotSpec>& specs, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<SlotData> out;
  for (const SlotSpec& spec : specs) {
    SlotData data{spec.slot, spec.dtype, {}};
    for (int32_t k = 0; k < spec.length; ++k) {
      uint64_t r = rng.next();
      float f = static_cast<float>(static_cast<int64_t>(r % (2 * (1 << 24) + 1)) - (1 << 24)) / (1 << 24);
      data.words.push_back(spec.dtype == DType::I32 ? static_cast<uint32_t>(static_cast<int32_t>(r % 201) - 100)
                                                    : std::bit_cast<uint32_t>(f));
    }
    out.push_back(std::move(data));
  }
  return out;
}

}  // namespace uir::testing
