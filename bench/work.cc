// What counting work costs (issue 26). Run by hand:
//   build/bench_work [JOBS] [SANDBOX]        (defaults: 2 jobs, auto)
// Grades week 3 as `grade --week 3` does (its suite tests and the plan's generated tests, seed 1)
// with the oracle's CLI as the student, twice: as shipped (the `# render: work` tests counted) and
// with `work` switched off on them, and prints both wall times,
// their ratio (target: within 1.2x) and the seconds counting added per work test (the sum of the
// figures' own compile and valgrind time, and the difference of the wall times per work test).
// Then it grades the work tests with the values-in-uses-loop mutant as the student and prints its
// ratio on each (the figure docs/students.md quotes for GEMM 16^3).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <filesystem>
#include <fstream>
#include <memory>
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "generators/fuzz.h"
#include "grader/render/c_compile.h"
#include "grader/grade.h"
#include "testcase/suite.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace {

using namespace uirgrade;
namespace fs = std::filesystem;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Graded {
  double seconds = 0;
  int passed = 0, tests = 0, counted = 0;
  double counting_seconds = 0;  // the figures' own time (compiles and valgrind runs)
  std::vector<TestResult> results;
};

Graded grade(const std::vector<TestCase>& tests, const std::string& student, int jobs, CommandRunner& runner,
             CCompiler* shared = nullptr) {
  GradeConfig config;
  config.student = config.student_path = student;
  config.submission_dir = fs::path(student).parent_path().string();
  config.jobs = jobs;
  config.week = 3;
  config.seed = 1;
  std::unique_ptr<CCompiler> own = shared ? nullptr : std::make_unique<CCompiler>(runner, 2048);
  CCompiler& compiler = shared ? *shared : *own;
  auto start = std::chrono::steady_clock::now();
  GradeRun run = grade_tests(tests, config, runner, compiler, nullptr);
  Graded graded;
  graded.seconds = seconds_since(start);
  graded.tests = static_cast<int>(run.results.size());
  for (const TestResult& result : run.results) {
    graded.passed += result.verdict == Verdict::Pass;
    if (result.work) {
      ++graded.counted;
      graded.counting_seconds += result.work->seconds;
    }
  }
  graded.results = std::move(run.results);
  return graded;
}

}  // namespace

int main(int argc, char** argv) {
  int jobs = argc > 1 ? std::atoi(argv[1]) : 2;
  std::string sandbox_name = argc > 2 ? argv[2] : "auto";
  std::optional<Sandbox> sandbox = parse_sandbox(sandbox_name);
  std::string error;
  std::unique_ptr<ProcessRunner> runner = sandbox ? make_process_runner(*sandbox, &error) : nullptr;
  if (!runner) {
    std::fprintf(stderr, "bench_work: no runner for --sandbox %s: %s\n", sandbox_name.c_str(), error.c_str());
    return 1;
  }
  auto loaded = load_week(UIRGRADE_SOURCE_DIR "/suites", 3);
  if (auto* e = std::get_if<SuiteError>(&loaded)) {
    std::fprintf(stderr, "bench_work: %s\n", format_suite_error(*e).c_str());
    return 1;
  }
  std::vector<TestCase> with_work = std::get<LoadedWeek>(loaded).tests;
  const size_t suite_tests = with_work.size();
  for (TestCase& test : uirgen::make_fuzz_tests(3, std::get<LoadedWeek>(loaded).plan.fuzz_counts, 1))
    with_work.push_back(std::move(test));
  std::vector<TestCase> without_work = with_work, work_tests;
  for (TestCase& test : without_work) test.render_work = false;
  for (const TestCase& test : with_work)
    if (test.render_work && test.mode == Mode::Render) work_tests.push_back(test);

  // The students: the oracle's CLI, and the mutant through a wrapper beside a copy of uir-mutant.
  fs::path dir = fs::temp_directory_path() / fmt::format("uirgrade-bench-work-{}", getpid());
  fs::create_directories(dir);
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "uir-oracle");
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-mutant", dir / "uir-mutant");
  std::ofstream(dir / "mutant") << "#!/bin/sh\nexec \"$(dirname \"$0\")/uir-mutant\" values-in-uses-loop \"$@\"\n";
  fs::permissions(dir, fs::perms::all & ~fs::perms::group_write & ~fs::perms::others_write);
  fs::permissions(dir / "mutant", fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                      fs::perms::others_read | fs::perms::others_exec);
  const std::string oracle = (dir / "uir-oracle").string();

  fmt::print("bench_work: week 3's {} suite tests ({} work tests) and {} generated, the oracle as student, {} jobs, {}\n",
             suite_tests, work_tests.size(), with_work.size() - suite_tests, jobs, runner->isolation());
  // One compiler per grading, as `grade` has (a second student on the same compiler would also reuse
  // the first one's sanitized binaries, the same C here: no fair figure for a class). The baseline
  // is graded before and after, since other load on the machine moves it.
  Graded off = grade(without_work, oracle, jobs, *runner);
  Graded on = grade(with_work, oracle, jobs, *runner);
  Graded off_again = grade(without_work, oracle, jobs, *runner);
  fmt::print("  without work counted  {:7.2f} s, again {:.2f} s  ({}/{} passed)\n", off.seconds, off_again.seconds,
             off.passed, off.tests);
  fmt::print("  with work counted     {:7.2f} s  ({}/{} passed, {} counted; the oracle's counts made)\n", on.seconds,
             on.passed, on.tests, on.counted);
  const double baseline = (off.seconds + off_again.seconds) / 2;
  fmt::print("  ratio                 {:7.2f}x (target <= 1.2x)\n", on.seconds / baseline);
  if (on.counted > 0)
    fmt::print("  per work test         {:7.2f} s of counting (its kernel and the oracle's: compiles and valgrind), "
               "{:.2f} s of wall time\n",
               on.counting_seconds / on.counted, (on.seconds - baseline) / on.counted);
  for (const TestResult& result : on.results)
    if (result.work) fmt::print("    {:<28} {}\n", result.name, describe_work(*result.work));

  Graded mutant = grade(work_tests, (dir / "mutant").string(), jobs, *runner);
  fmt::print("values-in-uses-loop as student on the work tests ({}/{} passed):\n", mutant.passed, mutant.tests);
  for (const TestResult& result : mutant.results) {
    if (!result.work) {
      fmt::print("    {:<28} {}\n", result.name, result.message);
      continue;
    }
    fmt::print("    {:<28} {}\n", result.name, describe_work(*result.work));
    for (const HotLine& hot : result.work->hot_lines) fmt::print("        {}\n", describe_hot_line(hot));
  }
  fs::remove_all(dir);
  return 0;
}
