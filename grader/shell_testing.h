// Test helpers for tests that run the built binaries through a shell: a command's exit code and
// merged output, and a whole file read back.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace uirgrade {

struct Shell {
  int exit_code = -1;  // -1: killed by a signal, or the shell could not start
  std::string output;  // stdout and stderr
};

/// Runs `command` with `sh -c`, its stderr merged into its stdout.
inline Shell run_shell(const std::string& command) {
  Shell ran;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  char buffer[4096];
  size_t n;
  while (pipe && (n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.output.append(buffer, n);
  int status = pipe ? pclose(pipe) : -1;
  ran.exit_code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return ran;
}

/// The file's bytes ("" if it cannot be read).
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace uirgrade
