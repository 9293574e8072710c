// Every command a report prints works as printed (issue 12): a student with one planted bug (the
// oracle's `--mutant loads-never-move`) is graded with --keep, and each command of each printed
// reproduce block, and of each kept README.txt (the shrunk programs' too), is run as a student
// would paste it: `grade` must reproduce the failure (exit 1, never a usage error), and each
// reproduce.sh must say the case still differs from the oracle (exit 1), and the same case passes
// when the student is the oracle itself (exit 0).
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

struct Ran {
  int exit_code = -1;
  std::string out;
};

Ran run_in(const fs::path& dir, const std::string& command) {
  std::string full = "cd '" + dir.string() + "' && PATH='" UIRGRADE_BINARY_DIR "':\"$PATH\" " + command + " 2>&1";
  Ran ran;
  FILE* pipe = popen(full.c_str(), "r");
  if (!pipe) return ran;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.out.append(buffer, n);
  int status = pclose(pipe);
  ran.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return ran;
}

/// The lines of every block that follows a line ending in "reproduce:" (indented deeper than it).
std::vector<std::string> reproduce_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  size_t block_indent = std::string::npos;
  while (std::getline(in, line)) {
    size_t indent = line.find_first_not_of(' ');
    if (block_indent != std::string::npos && indent != std::string::npos && indent > block_indent) {
      lines.push_back(line.substr(indent));
      continue;
    }
    block_indent = std::string::npos;
    if (line.ends_with("reproduce:")) block_indent = indent == std::string::npos ? 0 : indent;
  }
  return lines;
}

fs::path make_temp_dir(const std::string& stem) {
  std::string pattern = (fs::temp_directory_path() / (stem + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) return {};
  chmod(pattern.c_str(), 0755);
  return pattern;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(PrintedCommands, EveryPrintedCommandRunsAsPrinted) {
  fs::path dir = make_temp_dir("uirgrade-printed");
  fs::path student = dir / "buggy-uirc";  // beside its own copy of the oracle: a sandboxed student sees only its dir
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "uir-oracle");
  std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-oracle\" --mutant loads-never-move \"$@\"\n";
  chmod(student.c_str(), 0755);
  // accumulator fails in both modes; the generated programs include some the bug breaks, and those
  // are shrunk and kept with their own README.
  Ran graded = run_in(dir, "grade --week 3 ./buggy-uirc --only 'week3/accumulator' --only 'fuzz/*' --fuzz 16 "
                           "--keep kept -j 2 --quiet");
  ASSERT_EQ(graded.exit_code, 1) << graded.out;
  std::vector<std::string> commands = reproduce_lines(graded.out);
  ASSERT_FALSE(commands.empty()) << graded.out;
  int grade_lines = 0, scripts = 0;
  std::vector<fs::path> readmes;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir / "kept"))
    if (entry.path().filename() == "README.txt") readmes.push_back(entry.path());
  ASSERT_FALSE(readmes.empty());
  bool shrunk_readme = false;
  for (const fs::path& readme : readmes) {
    shrunk_readme |= readme.string().find("/shrunk/") != std::string::npos;
    for (const std::string& line : reproduce_lines(read_file(readme))) commands.push_back(line);
  }
  EXPECT_TRUE(shrunk_readme) << "a shrunk case was kept";

  fs::path cwd = dir;
  for (const std::string& command : commands) {
    if (command.starts_with("the shrunk program")) continue;  // a pointer to a folder, not a command
    std::string to_run = command.substr(0, command.find("   #"));
    if (to_run.starts_with("grade ")) cwd = dir;  // each block starts where grade was run
    fs::path run_from = cwd;
    if (to_run.starts_with("cd ")) {  // "cd DIR && ./reproduce.sh": later lines run in DIR
      std::string target = to_run.substr(3, to_run.find(" &&") - 3);
      cwd = dir / target;
      ASSERT_TRUE(fs::is_directory(cwd)) << command;
    }
    Ran ran = run_in(run_from, to_run);
    SCOPED_TRACE(command + "\n" + ran.out.substr(0, 3000));
    EXPECT_NE(ran.exit_code, 2) << "a usage error";
    EXPECT_NE(ran.exit_code, 126);
    EXPECT_NE(ran.exit_code, 127) << "not found";
    if (to_run.starts_with("grade ")) {
      ++grade_lines;
      EXPECT_EQ(ran.exit_code, 1) << "the failure reproduces";
    }
    if (to_run.find("./reproduce.sh") != std::string::npos) {
      ++scripts;
      EXPECT_EQ(ran.exit_code, 1) << "still differs from the oracle";
      EXPECT_NE(ran.out.find("reproduce: "), std::string::npos);
    }
  }
  EXPECT_GE(grade_lines, 3);
  EXPECT_GE(scripts, 3);
  fs::remove_all(dir);
}

TEST(PrintedCommands, ReproduceScriptPassesOnceTheCompilerIsFixed) {
  fs::path dir = make_temp_dir("uirgrade-reproduce-fixed");
  fs::path student = dir / "uirc";
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "uir-oracle");
  std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-oracle\" --mutant loads-never-move \"$@\"\n";
  chmod(student.c_str(), 0755);
  Ran graded = run_in(dir, "grade --week 3 ./uirc --only 'week3/accumulator' --keep kept -j 2 --quiet");
  ASSERT_EQ(graded.exit_code, 1) << graded.out;
  for (const char* mode : {"run", "render"}) {
    fs::path kept = dir / "kept/week3/accumulator" / mode;
    Ran still = run_in(dir, "sh " + (kept / "reproduce.sh").string());
    EXPECT_EQ(still.exit_code, 1) << still.out;
    EXPECT_NE(still.out.find("reproduce: slot 1 [0]: expected 7, got 4"), std::string::npos) << still.out;
    // The student fixes the bug: the same script now says so.
    std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-oracle\" \"$@\"\n";
    Ran fixed = run_in(dir, "sh " + (kept / "reproduce.sh").string());
    EXPECT_EQ(fixed.exit_code, 0) << fixed.out;
    EXPECT_NE(fixed.out.find("reproduce: the same as the oracle"), std::string::npos) << fixed.out;
    std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-oracle\" --mutant loads-never-move \"$@\"\n";
  }
  fs::remove_all(dir);
}

}  // namespace
