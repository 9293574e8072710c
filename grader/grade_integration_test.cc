// End-to-end: the built `grade` binary grading the oracle's CLI (which must score 100%), the
// misbehaving students of grader/testdata/students (each with its verdict, and `grade` still exits
// 1 cleanly), and a wrong student whose kept cases reproduce by hand.
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

const std::string kBinaryDir = UIRGRADE_BINARY_DIR;
const std::string kGrade = kBinaryDir + "/grade";
const std::string kOracle = kBinaryDir + "/uir-oracle";

struct Ran {
  int exit_code = -1;
  std::string out;  // stdout, and stderr when merged
};

Ran run_shell(const std::string& command, bool merge_stderr = true) {
  Ran ran;
  FILE* pipe = popen((merge_stderr ? command + " 2>&1" : command + " 2>/dev/null").c_str(), "r");
  if (!pipe) return ran;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.out.append(buffer, n);
  int status = pclose(pipe);
  ran.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return ran;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// A fresh directory that a student running under another uid can read.
fs::path make_temp_dir(const std::string& stem) {
  std::string pattern = (fs::temp_directory_path() / (stem + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) return {};
  chmod(pattern.c_str(), 0755);
  return pattern;
}

TEST(GradeIntegration, TheOracleAsAStudentScoresFullMarks) {
  fs::path dir = make_temp_dir("uirgrade-it-oracle");
  fs::path json = dir / "report.json";
  Ran ran = run_shell(kGrade + " --week 3 " + kOracle + " -j 2 --format text --format json --output " + json.string());
  EXPECT_EQ(ran.exit_code, 0) << ran.out.substr(0, 4000);
  EXPECT_NE(ran.out.find("grade: seed 1"), std::string::npos);  // the seed comes first
  EXPECT_EQ(ran.out.find("FAILED"), std::string::npos) << ran.out.substr(0, 4000);
  EXPECT_NE(ran.out.find("tests passed"), std::string::npos);
  std::string report = read_file(json);
  EXPECT_NE(report.find("\"seed\""), std::string::npos);
  EXPECT_EQ(report.find("wrong-"), std::string::npos);
  fs::remove_all(dir);
}

struct Misbehaviour {
  const char* student;
  const char* verdict;
  const char* message_part;
};

TEST(GradeIntegration, MisbehavingStudentsGetTheirVerdicts) {
  const Misbehaviour cases[] = {
      {"segfault", "crash", "SIGSEGV"},
      {"exit_seven", "crash", "status 7"},
      {"sleep_forever", "timeout", "wall-clock"},
      {"print_forever", "output-limit", "bytes on stdout"},
      {"print_garbage", "malformed-output", "stdout line 1"},
  };
  for (const Misbehaviour& bad : cases) {
    std::string student = kBinaryDir + "/students/student_" + bad.student;
    ASSERT_TRUE(fs::exists(student)) << student;
    Ran ran = run_shell(kGrade + " --week 1 " + student + " --only week1/add_i32 --timeout 1 -j 1");
    EXPECT_EQ(ran.exit_code, 1) << bad.student << "\n" << ran.out;
    EXPECT_NE(ran.out.find("FAILED week1/add_i32 [run]"), std::string::npos) << bad.student << "\n" << ran.out;
    EXPECT_NE(ran.out.find(std::string("== cause 1 of 1: ") + bad.verdict + ": "), std::string::npos)
        << bad.student << "\n" << ran.out;
    EXPECT_NE(ran.out.find(bad.message_part), std::string::npos) << bad.student << "\n" << ran.out;
    EXPECT_NE(ran.out.find("--only week1/add_i32 --seed 1"), std::string::npos) << ran.out;
  }
}

TEST(GradeIntegration, UsageAndSuiteErrorsExit2) {
  EXPECT_EQ(run_shell(kGrade + " --week 3").exit_code, 2);
  EXPECT_EQ(run_shell(kGrade + " --week 3 /nonexistent/student").exit_code, 2);
  Ran no_match = run_shell(kGrade + " --week 3 " + kOracle + " --only 'nothing/*'");
  EXPECT_EQ(no_match.exit_code, 2);
  EXPECT_NE(no_match.out.find("no test"), std::string::npos);

  fs::path dir = make_temp_dir("uirgrade-it-suites");
  std::ofstream(dir / "weeks.yaml") << "weeks:\n  1:\n    suites: [missing_suite]\n";
  Ran broken = run_shell(kGrade + " --week 1 " + kOracle + " --suites " + dir.string());
  EXPECT_EQ(broken.exit_code, 2) << broken.out;
  EXPECT_NE(broken.out.find("suite error"), std::string::npos) << broken.out;
  fs::remove_all(dir);

  // A suite whose header the oracle disagrees with stops the run before any student runs.
  fs::path copy = make_temp_dir("uirgrade-it-wrong-header");
  fs::copy(UIRGRADE_SOURCE_DIR "/suites", copy, fs::copy_options::recursive);
  fs::path test_file = copy / "week1/add_i32.uir";
  std::string text = read_file(test_file);
  ASSERT_EQ(text.rfind("# expect: exit 0\n", 0), 0u);
  std::ofstream(test_file) << "# expect: exit 1\n" << text.substr(text.find('\n') + 1);
  Ran wrong_header = run_shell(kGrade + " --week 1 " + kOracle + " --suites " + copy.string());
  EXPECT_EQ(wrong_header.exit_code, 2) << wrong_header.out;
  EXPECT_NE(wrong_header.out.find("add_i32.uir:1"), std::string::npos) << wrong_header.out;
  EXPECT_EQ(wrong_header.out.find("passed week1"), std::string::npos);
  fs::remove_all(copy);

  Ran help = run_shell(kGrade + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("EXAMPLES"), std::string::npos);
}

/// A directory holding a copy of the oracle's CLI, for a student script that calls it as
/// "$here/uir-oracle": the sandbox shows a student its own directory, never the grader's build.
fs::path submission_with_oracle(const std::string& stem) {
  fs::path dir = make_temp_dir(stem);
  fs::copy_file(kOracle, dir / "uir-oracle");
  return dir;
}

const char* kHere = "here=$(dirname \"$0\")\n";

TEST(GradeIntegration, OracleCommandHelpIsHelpNotAFileName) {
  for (const char* command : {"lin", "run", "check"}) {
    Ran help = run_shell(kOracle + " " + command + " --help");
    EXPECT_EQ(help.exit_code, 0) << command << "\n" << help.out;
    EXPECT_NE(help.out.find("SYNOPSIS"), std::string::npos) << command << "\n" << help.out;
    EXPECT_EQ(help.out.find("cannot read program"), std::string::npos) << command << "\n" << help.out;
  }
}

TEST(GradeIntegration, KeptCasesReproduce) {
  fs::path dir = submission_with_oracle("uirgrade-it-keep");
  // A wrong student: the oracle with the first value of every printed buffer replaced by 12345.
  fs::path student = dir / "wrong-student";
  std::ofstream(student) << "#!/bin/bash\nset -o pipefail\n" << kHere
                         << "if [ \"$1\" = run ]; then\n"
                         << "  \"$here/uir-oracle\" \"$@\" | sed -E 's/^([0-9]+): [^ ]+/\\1: 12345/'\n"
                         << "else\n  exec \"$here/uir-oracle\" \"$@\"\nfi\n";
  chmod(student.c_str(), 0755);
  fs::path keep_parent = make_temp_dir("uirgrade-it-kept");
  fs::path keep = keep_parent / "kept";
  Ran ran = run_shell(kGrade + " --week 3 " + student.string() + " --only 'week3/accumulator' --seed 5 --keep " +
                      keep.string());
  ASSERT_EQ(ran.exit_code, 1) << ran.out;
  EXPECT_NE(ran.out.find("wrong-buffer"), std::string::npos) << ran.out;

  fs::path kept = keep / "week3/accumulator/run";
  ASSERT_TRUE(fs::exists(kept / "reproduce.sh")) << ran.out;
  for (const char* file : {"prog.uir", "data.txt", "expected.txt", "actual.txt", "README.txt"})
    EXPECT_TRUE(fs::exists(kept / file)) << file;
  // reproduce.sh gives the student's output again and says how it differs, with exit 1; and the
  // oracle on the kept files gives the expected output: the case reproduces without the grader.
  Ran again = run_shell("cd " + kept.string() + " && ./reproduce.sh", false);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(again.out, "reproduce: slot 1 [0]: expected 7, got 12345\n");
  EXPECT_EQ(read_file(kept / "reproduced.txt"), read_file(kept / "actual.txt"));
  Ran oracle = run_shell("cd " + kept.string() + " && " + kOracle + " run prog.uir < data.txt", false);
  EXPECT_EQ(oracle.out, read_file(kept / "expected.txt"));
  EXPECT_NE(read_file(kept / "README.txt").find("--seed 5"), std::string::npos);
  fs::remove_all(dir);
  fs::remove_all(keep_parent);
}

struct BadRender {
  const char* kernel_c;
  const char* verdict;
  const char* message_part;
};

TEST(GradeIntegration, BadRenderedCGetsItsVerdict) {
  // week1/call_earlier_function has no buffers: its kernel is `int32_t kernel(void)`.
  const BadRender cases[] = {
      {"int kernel(void) { int i = 0; while (i < 1) i++; return 0; }", "forbidden-construct", "while at line 1"},
      {"int kernel(void) { return 0 }", "compile-error", "kernel.c:1"},
      {"int kernel(void) { volatile int x = 2147483647; x = x + 1; return 0; }", "sanitizer-error",
       "signed integer overflow"},
  };
  fs::path dir = submission_with_oracle("uirgrade-it-render");
  for (const BadRender& bad : cases) {
    fs::path student = dir / "student";
    std::ofstream(student) << "#!/bin/bash\n" << kHere << "if [ \"$1\" = render ]; then\n  echo '" << bad.kernel_c
                           << "'\nelse\n  exec \"$here/uir-oracle\" \"$@\"\nfi\n";
    chmod(student.c_str(), 0755);
    Ran ran = run_shell(kGrade + " --week 1 " + student.string() + " --only week1/call_earlier_function -j 1");
    EXPECT_EQ(ran.exit_code, 1) << ran.out;
    EXPECT_NE(ran.out.find("passed week1/call_earlier_function"), std::string::npos) << ran.out;  // the run test
    EXPECT_NE(ran.out.find("FAILED week1/call_earlier_function [render]"), std::string::npos) << ran.out;
    EXPECT_NE(ran.out.find(std::string("== cause 1 of 1: ") + bad.verdict + ": "), std::string::npos) << ran.out;
    EXPECT_NE(ran.out.find(bad.message_part), std::string::npos) << ran.out;
  }
  fs::remove_all(dir);
}

TEST(GradeIntegration, ShardsMergeIntoTheWholeRun) {
  fs::path dir = make_temp_dir("uirgrade-it-shard");
  std::string base = kGrade + " --week 1 " + kOracle + " --only 'week1/a*' -j 2";
  for (int k = 1; k <= 2; ++k) {
    Ran shard = run_shell(base + " --shard " + std::to_string(k) + "/2 --format json --output " +
                          (dir / ("s" + std::to_string(k) + ".json")).string());
    EXPECT_EQ(shard.exit_code, 0) << shard.out;
  }
  Ran merged = run_shell(kGrade + " merge " + (dir / "s1.json").string() + " " + (dir / "s2.json").string());
  EXPECT_EQ(merged.exit_code, 0) << merged.out;
  // The merged run has every test of the whole run: count the tests in both text reports.
  Ran whole_text = run_shell(base);
  auto count_of = [](const std::string& text) {
    size_t at = text.find("All ");
    return at == std::string::npos ? std::string() : text.substr(at, text.find(' ', at + 4) - at);
  };
  EXPECT_FALSE(count_of(whole_text.out).empty()) << whole_text.out;
  EXPECT_EQ(count_of(merged.out), count_of(whole_text.out)) << merged.out;
  fs::remove_all(dir);
}

}  // namespace
