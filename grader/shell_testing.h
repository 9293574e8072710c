// Test helpers for tests that run the built binaries through a shell: a command's exit code and
// output, a whole file read back, a scratch directory a student under another uid can read, and the
// area private to the grader that the uid tier requires (its binaries and a copy of the suites).
#pragma once

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "uirgrade_paths.h"

namespace uirgrade {

struct Shell {
  int exit_code = -1;  // -1: killed by a signal, or the shell could not start
  std::string output;  // stdout, and stderr unless dropped
};

/// What becomes of a command's stderr.
enum class Stderr { Merged, Dropped };

/// Runs `command` with `sh -c`, its stderr merged into its stdout (or thrown away).
inline Shell run_shell(const std::string& command, Stderr stderr_goes = Stderr::Merged) {
  Shell ran;
  FILE* pipe = popen((command + (stderr_goes == Stderr::Merged ? " 2>&1" : " 2>/dev/null")).c_str(), "r");
  char buffer[4096];
  size_t n;
  while (pipe && (n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.output.append(buffer, n);
  int status = pipe ? pclose(pipe) : -1;
  ran.exit_code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return ran;
}

/// The file's bytes ("" if it cannot be read). A read that fails midway, as /proc/PID/cmdline's does
/// when the process exits between open and read (ESRCH), is "" too: libstdc++ throws there.
inline std::string slurp(const std::filesystem::path& path) {
  try {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure&) {
    return "";
  }
}

/// A fresh directory under the temp dir that a borrowed uid can read (mode 0755), as a submission
/// is; empty when none could be made. The test removes it.
inline std::filesystem::path readable_temp_dir(const std::string& stem) {
  std::string pattern = (std::filesystem::temp_directory_path() / (stem + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) return {};
  chmod(pattern.c_str(), 0755);
  return pattern;
}

/// A fresh directory private to the grader (mode 0700, as mkdtemp makes it) holding bin/grade,
/// bin/uir-oracle when `with_oracle`, and a copy of the repository's suites: the grader's own files
/// where the uid tier requires them, out of every borrowed uid's reach. Empty when none could be made.
inline std::filesystem::path private_grader_area(const std::string& stem, bool with_oracle) {
  namespace fs = std::filesystem;
  std::string pattern = (fs::temp_directory_path() / (stem + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) return {};
  const fs::path area = pattern;
  fs::create_directories(area / "bin");
  fs::copy_file(UIRGRADE_BINARY_DIR "/grade", area / "bin/grade");
  if (with_oracle) fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", area / "bin/uir-oracle");
  fs::copy(UIRGRADE_SOURCE_DIR "/suites", area / "suites", fs::copy_options::recursive);
  return area;
}

/// A student in `dir` (made readable by a borrowed uid) whose `render` prints `kernel_c`, whatever
/// the program, and whose `run` fails: for tests of the render path alone. Its student-uirc's path.
inline std::filesystem::path student_rendering(const std::string& kernel_c, const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  chmod(dir.parent_path().c_str(), 0755);  // readable by a borrowed uid, whatever the umask
  chmod(dir.c_str(), 0755);
  std::ofstream(dir / "kernel.c") << kernel_c;
  chmod((dir / "kernel.c").c_str(), 0644);
  std::ofstream(dir / "student-uirc") << "#!/bin/sh\n[ \"$1\" = render ] && exec cat \"$(dirname \"$0\")/kernel.c\"\nexit 3\n";
  chmod((dir / "student-uirc").c_str(), 0755);
  return dir / "student-uirc";
}

}  // namespace uirgrade
