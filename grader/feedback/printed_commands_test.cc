// Every command a report prints works as printed (issue 12): a student with one planted bug
// (`uir-mutant loads-never-move`) is graded with --keep, and each command of each printed
// reproduce block, and of each kept README.txt (the minimised programs' too), is run as a student
// would paste it: `grade` must reproduce the failure (exit 1, never a usage error), and each
// reproduce.sh must say the case still differs from the oracle (exit 1), and the same case passes
// when the student is the oracle itself (exit 0).
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

using uirgrade::readable_temp_dir;
using uirgrade::Shell;
using uirgrade::slurp;

/// `command` run from `dir` as a student would paste it, with the built binaries on the PATH.
Shell run_in(const fs::path& dir, const std::string& command) {
  return uirgrade::run_shell("cd '" + dir.string() + "' && PATH='" UIRGRADE_BINARY_DIR "':\"$PATH\" " + command);
}

/// The lines of every block that follows a "reproduce:" line (indented deeper than it); a kept
/// README's says why first: "reproduce (runs the student's code without the grader's sandbox ...):".
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
    bool opens_block = line.ends_with("reproduce:") || (line.starts_with("reproduce (") && line.ends_with("):"));
    if (opens_block) block_indent = indent == std::string::npos ? 0 : indent;
  }
  return lines;
}

TEST(PrintedCommands, EveryPrintedCommandRunsAsPrinted) {
  fs::path dir = readable_temp_dir("uirgrade-printed");
  fs::path student = dir / "buggy-uirc";  // beside its own copy of the tool: a sandboxed student sees only its dir
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-mutant", dir / "uir-mutant");
  std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-mutant\" loads-never-move \"$@\"\n";
  chmod(student.c_str(), 0755);
  // accumulator fails in both modes; the generated programs include some the bug breaks, and those
  // are minimised and kept with their own README.
  Shell graded = run_in(dir, "grade --week 3 ./buggy-uirc --only 'week3/accumulator' --only 'fuzz/*' --fuzz 16 "
                           "--keep kept -j 2 --quiet");
  ASSERT_EQ(graded.exit_code, 1) << graded.output;
  std::vector<std::string> commands = reproduce_lines(graded.output);
  ASSERT_FALSE(commands.empty()) << graded.output;
  int grade_lines = 0, scripts = 0;
  std::vector<fs::path> readmes;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir / "kept"))
    if (entry.path().filename() == "README.txt") readmes.push_back(entry.path());
  ASSERT_FALSE(readmes.empty());
  bool minimized_readme = false;
  for (const fs::path& readme : readmes) {
    minimized_readme |= readme.string().find("/minimized/") != std::string::npos;
    for (const std::string& line : reproduce_lines(slurp(readme))) commands.push_back(line);
  }
  EXPECT_TRUE(minimized_readme) << "a minimised case was kept";

  fs::path cwd = dir;
  for (const std::string& command : commands) {
    if (command.starts_with("the minimised program")) continue;  // a pointer to a folder, not a command
    std::string to_run = command.substr(0, command.find("   #"));
    if (to_run.starts_with("grade ")) cwd = dir;  // each block starts where grade was run
    fs::path run_from = cwd;
    if (to_run.starts_with("cd ")) {  // "cd DIR && ./reproduce.sh": later lines run in DIR
      std::string target = to_run.substr(3, to_run.find(" &&") - 3);
      cwd = dir / target;
      ASSERT_TRUE(fs::is_directory(cwd)) << command;
    }
    Shell ran = run_in(run_from, to_run);
    SCOPED_TRACE(command + "\n" + ran.output.substr(0, 3000));
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
      EXPECT_NE(ran.output.find("reproduce: "), std::string::npos);
    }
  }
  EXPECT_GE(grade_lines, 3);
  EXPECT_GE(scripts, 3);
  fs::remove_all(dir);
}

TEST(PrintedCommands, ReproduceScriptPassesOnceTheCompilerIsFixed) {
  fs::path dir = readable_temp_dir("uirgrade-reproduce-fixed");
  fs::path student = dir / "uirc";
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "uir-oracle");
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-mutant", dir / "uir-mutant");
  std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-mutant\" loads-never-move \"$@\"\n";
  chmod(student.c_str(), 0755);
  Shell graded = run_in(dir, "grade --week 3 ./uirc --only 'week3/accumulator' --keep kept -j 2 --quiet");
  ASSERT_EQ(graded.exit_code, 1) << graded.output;
  for (const char* mode : {"run", "render"}) {
    fs::path kept = dir / "kept/week3/accumulator" / mode;
    Shell still = run_in(dir, "sh " + (kept / "reproduce.sh").string());
    EXPECT_EQ(still.exit_code, 1) << still.output;
    EXPECT_NE(still.output.find("reproduce: slot 1 [0]: expected 7, got 4"), std::string::npos) << still.output;
    // The student fixes the bug: the same script now says so.
    std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-oracle\" \"$@\"\n";
    Shell fixed = run_in(dir, "sh " + (kept / "reproduce.sh").string());
    EXPECT_EQ(fixed.exit_code, 0) << fixed.output;
    EXPECT_NE(fixed.output.find("reproduce: the same as the oracle"), std::string::npos) << fixed.output;
    std::ofstream(student) << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-mutant\" loads-never-move \"$@\"\n";
  }
  fs::remove_all(dir);
}

}  // namespace
