// End-to-end: the built `grade` binary grading the oracle's CLI (which must score 100%), the
// misbehaving students of grader/testdata/students (each with its verdict, and `grade` still exits
// 1 cleanly), and a wrong student whose kept cases reproduce by hand.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

const std::string kBinaryDir = UIRGRADE_BINARY_DIR;
const std::string kGrade = kBinaryDir + "/grade";
const std::string kOracle = kBinaryDir + "/uir-oracle";

using uirgrade::readable_temp_dir;
using uirgrade::run_shell;
using uirgrade::Shell;
using uirgrade::slurp;
using uirgrade::Stderr;

TEST(GradeIntegration, TheOracleAsAStudentScoresFullMarks) {
  fs::path dir = readable_temp_dir("uirgrade-it-oracle");
  fs::path json = dir / "report.json";
  Shell ran = run_shell(kGrade + " --week 3 " + kOracle + " -j 2 --format text --format json --output " + json.string());
  EXPECT_EQ(ran.exit_code, 0) << ran.output.substr(0, 4000);
  EXPECT_NE(ran.output.find("grade: seed 1"), std::string::npos);  // the seed comes first
  EXPECT_EQ(ran.output.find("FAILED"), std::string::npos) << ran.output.substr(0, 4000);
  EXPECT_NE(ran.output.find("tests passed"), std::string::npos);
  std::string report = slurp(json);
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
    Shell ran = run_shell(kGrade + " --week 1 " + student + " --only week1/add_i32 --timeout 1 -j 1");
    EXPECT_EQ(ran.exit_code, 1) << bad.student << "\n" << ran.output;
    EXPECT_NE(ran.output.find("FAILED week1/add_i32 [run]"), std::string::npos) << bad.student << "\n" << ran.output;
    EXPECT_NE(ran.output.find(std::string("== cause 1 of 1: ") + bad.verdict + ": "), std::string::npos)
        << bad.student << "\n" << ran.output;
    EXPECT_NE(ran.output.find(bad.message_part), std::string::npos) << bad.student << "\n" << ran.output;
    EXPECT_NE(ran.output.find("--only week1/add_i32 --seed 1"), std::string::npos) << ran.output;
  }
}

TEST(GradeIntegration, UsageAndSuiteErrorsExit2) {
  EXPECT_EQ(run_shell(kGrade + " --week 3").exit_code, 2);
  EXPECT_EQ(run_shell(kGrade + " --week 3 /nonexistent/student").exit_code, 2);
  Shell no_match = run_shell(kGrade + " --week 3 " + kOracle + " --only 'nothing/*'");
  EXPECT_EQ(no_match.exit_code, 2);
  EXPECT_NE(no_match.output.find("no test"), std::string::npos);

  fs::path dir = readable_temp_dir("uirgrade-it-suites");
  std::ofstream(dir / "weeks.yaml") << "weeks:\n  1:\n    suites: [missing_suite]\n";
  Shell broken = run_shell(kGrade + " --week 1 " + kOracle + " --suites " + dir.string());
  EXPECT_EQ(broken.exit_code, 2) << broken.output;
  EXPECT_NE(broken.output.find("suite error"), std::string::npos) << broken.output;
  fs::remove_all(dir);

  // A suite whose header the oracle disagrees with stops the run before any student runs.
  fs::path copy = readable_temp_dir("uirgrade-it-wrong-header");
  fs::copy(UIRGRADE_SOURCE_DIR "/suites", copy, fs::copy_options::recursive);
  fs::path test_file = copy / "week1/add_i32.uir";
  std::string text = slurp(test_file);
  ASSERT_EQ(text.rfind("# expect: exit 0\n", 0), 0u);
  std::ofstream(test_file) << "# expect: exit 1\n" << text.substr(text.find('\n') + 1);
  Shell wrong_header = run_shell(kGrade + " --week 1 " + kOracle + " --suites " + copy.string());
  EXPECT_EQ(wrong_header.exit_code, 2) << wrong_header.output;
  EXPECT_NE(wrong_header.output.find("add_i32.uir:1"), std::string::npos) << wrong_header.output;
  EXPECT_EQ(wrong_header.output.find("passed week1"), std::string::npos);
  fs::remove_all(copy);

  Shell help = run_shell(kGrade + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("EXAMPLES"), std::string::npos);
}

/// A directory holding a copy of the oracle's CLI, for a student script that calls it as
/// "$here/uir-oracle": the sandbox shows a student its own directory, never the grader's build.
fs::path submission_with_oracle(const std::string& stem) {
  fs::path dir = readable_temp_dir(stem);
  fs::copy_file(kOracle, dir / "uir-oracle");
  return dir;
}

const char* kHere = "here=$(dirname \"$0\")\n";

TEST(GradeIntegration, OracleCommandHelpIsHelpNotAFileName) {
  for (const char* command : {"lin", "run", "check"}) {
    Shell help = run_shell(kOracle + " " + command + " --help");
    EXPECT_EQ(help.exit_code, 0) << command << "\n" << help.output;
    EXPECT_NE(help.output.find("SYNOPSIS"), std::string::npos) << command << "\n" << help.output;
    EXPECT_EQ(help.output.find("cannot read program"), std::string::npos) << command << "\n" << help.output;
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
  fs::path keep_parent = readable_temp_dir("uirgrade-it-kept");
  fs::path keep = keep_parent / "kept";
  Shell ran = run_shell(kGrade + " --week 3 " + student.string() + " --only 'week3/accumulator' --seed 5 --keep " +
                      keep.string());
  ASSERT_EQ(ran.exit_code, 1) << ran.output;
  EXPECT_NE(ran.output.find("wrong-buffer"), std::string::npos) << ran.output;

  fs::path kept = keep / "week3/accumulator/run";
  ASSERT_TRUE(fs::exists(kept / "reproduce.sh")) << ran.output;
  for (const char* file : {"prog.uir", "data.txt", "expected.txt", "actual.txt", "README.txt"})
    EXPECT_TRUE(fs::exists(kept / file)) << file;
  // reproduce.sh gives the student's output again and says how it differs, with exit 1; and the
  // oracle on the kept files gives the expected output: the case reproduces without the grader.
  Shell again = run_shell("cd " + kept.string() + " && ./reproduce.sh", Stderr::Dropped);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(again.output, "reproduce: slot 1 [0]: expected 7, got 12345\n");
  EXPECT_EQ(slurp(kept / "reproduced.txt"), slurp(kept / "actual.txt"));
  Shell oracle = run_shell("cd " + kept.string() + " && " + kOracle + " run prog.uir < data.txt", Stderr::Dropped);
  EXPECT_EQ(oracle.output, slurp(kept / "expected.txt"));
  EXPECT_NE(slurp(kept / "README.txt").find("--seed 5"), std::string::npos);
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
      {"int kernel(void) { int i = 0; while (i < 1) i++; return 0; }", "forbidden-construct", "kernel.c:1: render: uses `while`"},
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
    Shell ran = run_shell(kGrade + " --week 1 " + student.string() + " --only week1/call_earlier_function -j 1");
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    EXPECT_NE(ran.output.find("passed week1/call_earlier_function"), std::string::npos) << ran.output;  // the run test
    EXPECT_NE(ran.output.find("FAILED week1/call_earlier_function [render]"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find(std::string("== cause 1 of 1: ") + bad.verdict + ": "), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find(bad.message_part), std::string::npos) << ran.output;
  }
  fs::remove_all(dir);
}

TEST(GradeIntegration, ShardsMergeIntoTheWholeRun) {
  fs::path dir = readable_temp_dir("uirgrade-it-shard");
  std::string base = kGrade + " --week 1 " + kOracle + " --only 'week1/a*' -j 2";
  for (int k = 1; k <= 2; ++k) {
    Shell shard = run_shell(base + " --shard " + std::to_string(k) + "/2 --format json --output " +
                          (dir / ("s" + std::to_string(k) + ".json")).string());
    EXPECT_EQ(shard.exit_code, 0) << shard.output;
  }
  Shell merged = run_shell(kGrade + " merge " + (dir / "s1.json").string() + " " + (dir / "s2.json").string());
  EXPECT_EQ(merged.exit_code, 0) << merged.output;
  // The merged run has every test of the whole run: count the tests in both text reports.
  Shell whole_text = run_shell(base);
  auto count_of = [](const std::string& text) {
    size_t at = text.find("All ");
    return at == std::string::npos ? std::string() : text.substr(at, text.find(' ', at + 4) - at);
  };
  EXPECT_FALSE(count_of(whole_text.output).empty()) << whole_text.output;
  EXPECT_EQ(count_of(merged.output), count_of(whole_text.output)) << merged.output;
  fs::remove_all(dir);
}

}  // namespace
