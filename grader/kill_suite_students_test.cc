// uirgen --kill-mutants (generators/kill_suite.h) as the grader sees its suite: the grader's loader
// reads it on its own (its weeks.yaml names only it), and a mutant run as a real student process (a
// script that execs `uir-mutant NAME`, graded by the real process runner and C compiler)
// fails it, while the oracle passes it.
#include "generators/kill_suite.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "grader/grade.h"
#include "testcase/suite.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

TEST(KillSuiteAsStudents, TheGraderLoadsItAndAMutantProcessFailsIt) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("kill_suite_students_test_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  uirgen::KillSuiteOptions options;
  options.week = 3;
  options.candidates = 40;
  options.minimize_seconds = 5;  // how small it gets is generators/kill_suite_test.cc's
  options.out_dir = dir.string();
  std::ostringstream log;
  ASSERT_EQ(uirgen::write_kill_suite(options, log), 0) << log.str();

  auto loaded = load_week(dir.string(), 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  const std::vector<TestCase>& tests = std::get<LoadedWeek>(loaded).tests;
  EXPECT_FALSE(tests.empty());
  for (const TestCase& t : tests) EXPECT_EQ(t.suite, "kill");

  // As students: one bug of each kind of command (both, render only, run only).
  std::string error;
  std::unique_ptr<CommandRunner> runner = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(runner) << error;
  // The oracle itself (no mutant) is the control: it must fail nothing.
  for (std::string name : {"", "loads-never-move", "params-in-file-order", "f32-printed-6-digits"}) {
    SCOPED_TRACE(name);
    std::filesystem::path script = dir / (name.empty() ? std::string("oracle.sh") : name + ".sh");
    std::ofstream(script) << "#!/bin/sh\nexec " << UIRGRADE_BINARY_DIR
                          << (name.empty() ? "/uir-oracle" : "/uir-mutant " + name) << " \"$@\"\n";
    chmod(script.c_str(), 0755);
    CCompiler compiler(*runner, 4096);
    GradeConfig config;
    config.student = config.student_path = script.string();
    config.week = 3;
    config.seed = 1;
    config.jobs = 2;
    GradeRun run = grade_tests(tests, config, *runner, compiler, nullptr);
    int failed = 0;
    for (const TestResult& r : run.results) failed += r.verdict != Verdict::Pass && r.verdict != Verdict::InternalError;
    if (name.empty()) EXPECT_EQ(failed, 0) << "the oracle fails its own kill suite";
    else EXPECT_GT(failed, 0) << name << " passes the kill suite as a student process";
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
