// The grader's overhead per test. Run by hand:
//   build/bench_grade_overhead [TESTS] [JOBS]      (defaults: 1000 tests, every core)
// Grades TESTS run tests of one small program against a trivial fast student (exits 0 at once,
// which is the right answer for an assert-only program) and against uir-oracle, and runs the same
// commands with `xargs -P JOBS`. Prints the wall time of each, the grader's overhead per test and
// the ratio (target: within 1.2x of xargs). The grader runs with --sandbox none, in the uid tier
// (as in a default Docker container: Gradescope) and in the namespaces tier, with every limit on
// (the defaults), since isolation (a borrowed uid, bubblewrap) has its own cost that xargs does not
// pay: once with a bubblewrap started for every test (as before issue 10's pre-built sandboxes)
// and once as the grader runs, with pre-built sandboxes reset between tests
// (sandbox/sandbox_pool.h; target: within 3x of xargs). The engine alone (oracle, data, comparison;
// a runner that returns at once) tells the costs apart.
// Then render tests, --sandbox none and namespaces (where the C compiler and the kernel each start a
// bubblewrap of their own): the same kernel many times (the compile cache) and distinct kernels,
// beside the floor for distinct kernels: the same render, a bare `cc` (spec §6.2's flags) of the
// kernel and its driver into one binary, and its run, with xargs -P JOBS, no sandbox and no checks
// (issue 22's target: the grader in the namespaces tier within 1.3x of it, its checks included).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "grader/render/c_compile.h"
#include "grader/grade.h"
#include "sandbox/process.h"
#include "uirgrade_paths.h"

namespace {

using namespace uirgrade;
namespace fs = std::filesystem;

const std::string kOracle = UIRGRADE_BINARY_DIR "/uir-oracle";
const std::string kFastStudent = UIRGRADE_BINARY_DIR "/students/student_exit_silently";
const char* kProgram = "%a = const 1\n%c = cmpeq %a 1\nassert %c\n";

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<TestCase> make_tests(int count, Mode mode, bool distinct) {
  std::vector<TestCase> tests;
  for (int k = 0; k < count; ++k) {
    TestCase test;
    test.name = fmt::format("bench/{}", k);
    test.suite = "bench";
    test.mode = mode;
    // Distinct programs render distinct C (the constant differs), so nothing is cached.
    test.source = distinct ? fmt::format("%a = const {}\n%c = cmpeq %a {}\nassert %c\n", k, k) : kProgram;
    tests.push_back(test);
  }
  return tests;
}

struct Graded {
  double seconds = 0;
  int passed = 0;
};

// The runner of `sandbox`; in the namespaces tier, with pre-built sandboxes as `reuse` says.
std::unique_ptr<ProcessRunner> runner_for(Sandbox sandbox, SandboxReuse reuse) {
  std::string error;
  std::unique_ptr<ProcessRunner> runner = make_process_runner(sandbox, &error);
  if (!runner) {
    std::fprintf(stderr, "no runner: %s\n", error.c_str());
    std::exit(1);
  }
  if (runner->tier() == Tier::Namespaces) runner = std::make_unique<ProcessRunner>(Tier::Namespaces, reuse);
  return runner;
}

Graded grade(const std::vector<TestCase>& tests, const std::string& student, int jobs, ProcessRunner& runner,
             int* compiler_runs = nullptr) {
  GradeConfig config;
  config.student = config.student_path = student;
  config.submission_dir = fs::path(student).parent_path().string();
  config.jobs = jobs;
  CCompiler compiler(runner, 2048);
  auto start = std::chrono::steady_clock::now();
  GradeRun run = grade_tests(tests, config, runner, compiler, nullptr);
  Graded graded;
  graded.seconds = seconds_since(start);
  for (const TestResult& result : run.results) graded.passed += result.verdict == Verdict::Pass;
  if (compiler_runs) *compiler_runs = compiler.compiler_runs();
  return graded;
}

double run_xargs(int count, const std::string& student, int jobs) {
  fs::path dir = fs::temp_directory_path() / "uirgrade-bench-xargs";
  fs::create_directories(dir);
  std::ofstream(dir / "prog.uir") << kProgram;
  std::string command = fmt::format("cd {} && yes prog.uir | head -n {} | xargs -P {} -n 1 {} run > /dev/null",
                                    dir.string(), count, jobs, student);
  auto start = std::chrono::steady_clock::now();
  int status = std::system(command.c_str());
  double seconds = seconds_since(start);
  fs::remove_all(dir);
  if (status != 0) std::fprintf(stderr, "xargs exited with status %d\n", status);
  return seconds;
}

/// A runner that returns a passing result at once: what the engine costs without any process.
class InstantRunner : public CommandRunner {
 public:
  ProcessResult run(const ProcessRequest&) override {
    ProcessResult result;
    result.started = result.exited = true;
    result.exit_code = 0;
    return result;
  }
};

void compare_with_xargs(const char* label, const std::string& student, int count, int jobs) {
  std::vector<TestCase> tests = make_tests(count, Mode::Run, false);
  double xargs = run_xargs(count, student, jobs);
  fmt::print("{} ({} tests, {} jobs)\n", label, count, jobs);
  fmt::print("  xargs -P {}                       {:7.3f} s  {:6.2f} ms/test\n", jobs, xargs, 1000 * xargs / count);
  InstantRunner instant;
  CCompiler unused(instant, 2048);
  GradeConfig config;
  config.student = config.student_path = student;
  config.jobs = jobs;
  auto start = std::chrono::steady_clock::now();
  grade_tests(tests, config, instant, unused, nullptr);
  double engine = seconds_since(start);
  fmt::print("  engine alone (no process)         {:7.3f} s  {:6.3f} ms/test\n", engine, 1000 * engine / count);
  struct Variant {
    const char* label;
    Sandbox sandbox;
    SandboxReuse reuse;
  };
  for (Variant variant : {Variant{"--sandbox none", Sandbox::None, SandboxReuse::Never},
                          Variant{"--sandbox uid", Sandbox::Uid, SandboxReuse::Never},
                          Variant{"namespaces, bwrap per test", Sandbox::Namespaces, SandboxReuse::Never},
                          Variant{"namespaces (pre-built)", Sandbox::Namespaces, SandboxReuse::ResetBetweenRuns}}) {
    std::unique_ptr<ProcessRunner> runner = runner_for(variant.sandbox, variant.reuse);
    Graded graded = grade(tests, student, jobs, *runner);
    fmt::print("  grade {:<27} {:7.3f} s  {:6.2f} ms/test  overhead {:+6.2f} ms/test  ratio {:.2f}x"
               "  ({} passed; {} sandboxes built)\n",
               variant.label, graded.seconds, 1000 * graded.seconds / count, 1000 * (graded.seconds - xargs) / count,
               graded.seconds / xargs, graded.passed, runner->sandboxes_built());
  }
  fmt::print("  isolation: {}\n", runner_for(Sandbox::Namespaces, SandboxReuse::ResetBetweenRuns)->isolation());
}

/// The floor of `count` distinct render tests: `uir-oracle render`, one `cc` of kernel and driver,
/// the binary's run, with xargs -P `jobs`. The drivers are written first, untimed (the grader makes
/// its own in-process).
double bare_render_floor(int count, int jobs) {
  fs::path dir = fs::temp_directory_path() / "uirgrade-bench-render-floor";
  fs::remove_all(dir);
  std::string flags;
  for (const std::string& flag : c_compile_flags()) flags += " " + flag;
  std::ofstream list(dir.string() + ".list");
  for (const TestCase& test : make_tests(count, Mode::Render, true)) {
    fs::path one = dir / test.name.substr(test.name.find('/') + 1);
    fs::create_directories(one);
    std::ofstream(one / "prog.uir") << test.source;
    std::ofstream(one / "defaults.c") << sanitizer_defaults_c(2048);
    std::system(("cd " + one.string() + " && " + kOracle + " driver prog.uir > driver.c").c_str());
    list << one.string() << "\n";
  }
  list.close();
  std::string command = "xargs -P " + std::to_string(jobs) + " -I{} sh -c 'cd {} && " + kOracle +
                        " render prog.uir > kernel.c && cc" + flags + " kernel.c driver.c defaults.c -lm -o kernel && "
                        "./kernel < /dev/null > /dev/null' < " + dir.string() + ".list";
  auto start = std::chrono::steady_clock::now();
  int status = std::system(command.c_str());
  double seconds = seconds_since(start);
  if (status != 0) fmt::print("  (the floor's commands failed: status {})\n", status);
  fs::remove_all(dir);
  fs::remove(dir.string() + ".list");
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  int count = argc > 1 ? std::atoi(argv[1]) : 1000;
  int jobs = argc > 2 ? std::atoi(argv[2]) : static_cast<int>(std::thread::hardware_concurrency());
  if (count < 1 || jobs < 1) {
    std::fprintf(stderr, "usage: bench_grade_overhead [TESTS] [JOBS]\n");
    return 2;
  }
  compare_with_xargs("trivial fast student", kFastStudent, count, jobs);
  compare_with_xargs("uir-oracle as the student", kOracle, count, jobs);

  int renders = std::max(4, count / 50);
  fmt::print("render tests against uir-oracle ({} tests, {} jobs)\n", renders, jobs);
  double floor = bare_render_floor(renders, jobs);
  fmt::print("  bare render + cc + run, xargs     {:7.3f} s  {:6.1f} ms/test  (the floor for distinct kernels)\n", floor,
             1000 * floor / renders);
  for (Sandbox sandbox : {Sandbox::None, Sandbox::Namespaces})
    for (bool distinct : {false, true}) {
      int compiler_runs = 0;
      std::unique_ptr<ProcessRunner> runner = runner_for(sandbox, SandboxReuse::ResetBetweenRuns);
      Graded graded = grade(make_tests(renders, Mode::Render, distinct), kOracle, jobs, *runner, &compiler_runs);
      fmt::print("  {:<10} {:<22} {:7.3f} s  {:6.1f} ms/test  {} compiler starts  ({} passed){}\n",
                 sandbox == Sandbox::None ? "none" : "namespaces", distinct ? "distinct kernels" : "one kernel (cached)",
                 graded.seconds, 1000 * graded.seconds / renders, compiler_runs, graded.passed,
                 distinct ? fmt::format("  ratio to the floor {:.2f}x", graded.seconds / floor) : "");
    }
  return 0;
}
