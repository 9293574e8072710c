// The in-process mutant runner answers the engine's three requests like a student process would:
// the student's command, the C compiler, and the compiled kernel (simulated with the mutant's
// render-time bugs).
#include "grader/mutant_runner.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "grader/grade.h"
#include "grader/shell_testing.h"
#include "testcase/suite.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

constexpr const char* kAccumulator =
    "%x = buffer 3 dtype=i32 slot=0\n%out = buffer 1 dtype=i32 slot=1\n%acc = alloc 1 dtype=i32\n%k = range 3\n"
    "%a = shrink %acc 0 shape=[]\n%cur = load %a\n%xv = shrink %x %k shape=[]\n%xk = load %xv\n"
    "%sum = add %cur %xk\n%s = store %a %sum\n%e = end %s %k\n%acc1 = after %acc %e\n%r = shrink %acc1 0 shape=[]\n"
    "%total = load %r\n%o = shrink %out 0 shape=[]\n%so = store %o %total\n%out1 = after %out %so\n";

ProcessRequest student(const std::string& command, const std::string& stdin_data) {
  ProcessRequest r;
  r.argv = {"mutant:loads-never-move", command, "prog.uir"};
  r.files = {{"prog.uir", kAccumulator}};
  r.stdin_data = stdin_data;
  return r;
}

TEST(MutantRunner, RunIsTheMutantsRun) {
  MutantRunner runner(Mutants::of(Mutant::LoadsNeverMove));
  ProcessResult r = runner.run(student("run", "0: 1 2 3\n1: 0\n"));
  EXPECT_TRUE(r.started && r.exited);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "0: 1 2 3\n1: 3\n");  // the accumulator load never moves: 0 + x[2]
  MutantRunner oracle{Mutants()};
  EXPECT_EQ(oracle.run(student("run", "0: 1 2 3\n1: 0\n")).out, "0: 1 2 3\n1: 6\n");
}

TEST(MutantRunner, RenderThenCompileThenKernelRunsTheRenderedProgram) {
  MutantRunner runner(Mutants::of(Mutant::LoadsNeverMove));
  ProcessResult rendered = runner.run(student("render", ""));
  ASSERT_EQ(rendered.exit_code, 0);
  std::string binary = (std::filesystem::temp_directory_path() / "mutant_runner_test_kernel").string();
  ProcessRequest cc;
  cc.argv = {"/usr/bin/cc", "-save-temps", "-fcallgraph-info", "kernel.c", "driver.o", "-o", "out"};
  cc.files = {{"kernel.c", rendered.out}};
  // As CCompiler asks: the runner moves cc's output there, and what the one compile leaves beside it.
  cc.take_files = {{"out", binary}, {"out-kernel.i", binary + ".i"}, {"out-kernel.o", binary + ".o"},
                   {"out-kernel.ci", binary + ".ci"}};
  EXPECT_EQ(runner.run(cc).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(binary));  // the engine checks that the compiler wrote it
  EXPECT_EQ(slurp(binary + ".o").substr(0, 4), "\x7f" "ELF") << "an object for the object check";
  ProcessRequest kernel;  // as kernel_run_request makes it: a copy in the run's directory
  kernel.argv = {"/lib64/ld-linux-x86-64.so.2", "./kernel"};
  kernel.files = {{"kernel", slurp(binary)}};
  kernel.stdin_data = "0: 1 2 3\n1: 0\n";
  ProcessResult ran = runner.run(kernel);
  EXPECT_EQ(ran.exit_code, 0);
  EXPECT_EQ(ran.out, "0: 1 2 3\n1: 3\n");
  for (const char* end : {"", ".i", ".o", ".ci"}) std::filesystem::remove(binary + end);
}

TEST(MutantRunner, AnUnknownCommandIsAnInternalErrorNotAVerdict) {
  MutantRunner runner{Mutants()};
  ProcessRequest r;
  r.argv = {"/bin/never-compiled"};
  EXPECT_FALSE(runner.run(r).started);
}

// The control: with no mutant on, the in-process "student" is the oracle and passes every test of the
// shipped week-3 suites, render tests included (their C checked, "compiled" and run). A kill in the
// matrix is then the mutant's, never the runner's.
TEST(MutantRunner, WithoutAMutantItPassesEveryShippedTest) {
  auto loaded = load_week(std::string(UIRGRADE_SOURCE_DIR) + "/suites", 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  MutantRunner runner{Mutants()};
  CCompiler compiler(runner, 4096);
  GradeConfig config;
  config.student = config.student_path = "mutant:none";
  config.week = 3;
  config.seed = 1;
  config.jobs = 2;
  GradeRun run = grade_tests(std::get<LoadedWeek>(loaded).tests, config, runner, compiler, nullptr);
  for (const TestResult& r : run.results) EXPECT_EQ(r.verdict, Verdict::Pass) << r.name << ": " << r.message;
}

}  // namespace
}  // namespace uirgrade
