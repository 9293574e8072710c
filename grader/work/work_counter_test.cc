// The counter's verdicts with a fake runner standing in for cc and valgrind: whose fault each way a
// counted run can end is, the oracle's count cached per program and data, the flags and command.
#include "grader/work/work_counter.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "grader/work/callgrind_profile.h"

namespace uirgrade {
namespace {

constexpr const char* kDump =
    "# callgrind format\npositions: instr line\nevents: Ir\nsummary: 12\nfl=(1) kernel.c\nfn=(1) kernel\n0x10 3 12\n";

class FakeCounter : public CommandRunner {
 public:
  FakeCounter() { counted.started = counted.exited = true, counted.exit_code = 0; }
  ProcessResult run(const ProcessRequest& request) override {
    ProcessResult result;
    result.started = result.exited = true;
    result.exit_code = 0;
    if (request.argv[0] != "/bin/sh") {  // the compiler: writes its output where asked
      ++compiles;
      for (const auto& [name, destination] : request.take_files) std::ofstream(destination) << "binary";
      return result;
    }
    runs.push_back(request);
    return counted;
  }
  ProcessResult counted;  // what the valgrind run returns
  int compiles = 0;
  std::vector<ProcessRequest> runs;
};

TEST(GraderWorkCounter, CompileFlagsAreTheGradedBuildsWithoutSanitizersOrLoopInvariantMotion) {
  std::vector<std::string> flags = work_compile_flags();
  // The graded build's language, optimisation level and floating point (spec §6.2) ...
  for (const char* flag : {"-std=c11", "-O1", "-ffp-contract=off"})
    EXPECT_NE(std::find(flags.begin(), flags.end(), flag), flags.end()) << flag;
  // ... with line numbers and none of gcc's moves of work between loops.
  for (const char* flag : {"-g", "-fno-tree-loop-im", "-fno-move-loop-invariants", "-fno-ivopts"})
    EXPECT_NE(std::find(flags.begin(), flags.end(), flag), flags.end()) << flag;
  EXPECT_EQ(std::find(flags.begin(), flags.end(), "-O0"), flags.end());
  for (const std::string& flag : flags) EXPECT_EQ(flag.find("sanitize"), std::string::npos) << flag;
  std::vector<std::string> command = work_count_command();
  ASSERT_EQ(command.size(), 4u);
  EXPECT_NE(command[2].find("--toggle-collect=kernel"), std::string::npos);
}

TEST(GraderWorkCounter, ACountedRunGetsACopyAndTimeForValgrind) {
  FakeCounter runner;
  runner.counted.err = std::string("prog.uir:3: assert failed\n") + kDump;
  runner.counted.exit_code = 1;  // a test that expects a failing assert is counted too
  WorkCounter counter(runner);
  ProcessLimits limits;
  limits.wall_seconds = 2;
  WorkCount count = counter.count("int kernel", "driver", "0: 1\n", limits);
  ASSERT_EQ(count.status, WorkCount::Status::Ok) << count.message;
  EXPECT_EQ(count.profile.instructions, 12u);
  EXPECT_EQ(count.profile.runs_by_line.at(3), 12u);
  // The counted run, for the caller to compare with the oracle's: callgrind's dump taken off.
  EXPECT_EQ(count.run.exit_code, 1);
  EXPECT_EQ(count.run.err, "prog.uir:3: assert failed\n");
  ASSERT_EQ(runner.runs.size(), 1u);
  const ProcessRequest& run = runner.runs[0];
  EXPECT_TRUE(run.read_only_paths.empty());  // the binary is a copy in the run's directory, no cache path
  ASSERT_EQ(run.files.size(), 1u);
  EXPECT_EQ(run.files[0], (std::pair<std::string, std::string>{"kernel", "binary"}));
  EXPECT_EQ(run.stdin_data, "0: 1\n");
  EXPECT_GE(run.limits.wall_seconds, 2 * kCountedRunSlowdown);
}

TEST(GraderWorkCounter, NoCountedBinaryOutlivesItsCount) {
  // Issue 22's rule for compiled kernels: no student's binary readable by another. The counter's
  // binaries live in its own directory, the grader's alone (0700), and each is removed once read
  // into its run's request (which gets a copy in the run's own directory).
  struct Recording : FakeCounter {
    ProcessResult run(const ProcessRequest& request) override {
      if (request.argv[0] != "/bin/sh" && !request.take_files.empty())
        destination = request.take_files[0].second;
      return FakeCounter::run(request);
    }
    std::string destination;
  } runner;
  runner.counted.err = kDump;
  WorkCounter counter(runner);
  ASSERT_EQ(counter.count("k", "d", "", ProcessLimits{}).status, WorkCount::Status::Ok);
  ASSERT_FALSE(runner.destination.empty());
  std::filesystem::path dir = std::filesystem::path(runner.destination).parent_path();
  struct stat info {};
  ASSERT_EQ(stat(dir.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0700u);
  EXPECT_FALSE(std::filesystem::exists(runner.destination));
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(GraderWorkCounter, WhoseFaultAFailedCountIs) {
  struct Case {
    const char* what;
    ProcessResult result;
    WorkCount::Status status;
  };
  auto with = [](auto change) {
    ProcessResult r;
    r.started = r.exited = true;
    r.exit_code = 0;
    r.err = kDump;
    change(r);
    return r;
  };
  std::vector<Case> cases = {
      {"a crash of the kernel", with([](ProcessResult& r) { r.exited = false, r.signal = 11, r.err = "==1== Process terminating with default action of signal 11\n"; }),
       WorkCount::Status::KernelFailed},
      {"a time-out", with([](ProcessResult& r) { r.exited = false, r.timed_out = true, r.signal = 9; }), WorkCount::Status::OverLimits},
      {"exit 3", with([](ProcessResult& r) { r.exit_code = 3; }), WorkCount::Status::KernelFailed},
      {"valgrind failing itself", with([](ProcessResult& r) { r.exit_code = 1, r.err = "valgrind: failed to start tool 'callgrind'\n"; }),
       WorkCount::Status::InternalError},
      {"no dump", with([](ProcessResult& r) { r.err = ""; }), WorkCount::Status::InternalError},
      {"a warning of valgrind's, then the dump",
       with([](ProcessResult& r) { r.err = std::string("valgrind: warning (non-fatal): readlink(\"/proc/self/exe\") failed.\n") + kDump; }),
       WorkCount::Status::Ok},
      {"a time-out while valgrind complains", with([](ProcessResult& r) { r.exited = false, r.timed_out = true, r.err = "valgrind: m_x: oops\n"; }),
       WorkCount::Status::OverLimits},
      {"could not start", with([](ProcessResult& r) { r.started = false, r.internal_error = "bwrap failed"; }),
       WorkCount::Status::InternalError},
  };
  for (const Case& c : cases) {
    FakeCounter runner;
    runner.counted = c.result;
    WorkCounter counter(runner);
    WorkCount count = counter.count("k", "d", "", ProcessLimits{});
    EXPECT_EQ(count.status, c.status) << c.what << ": " << count.message;
  }
}

TEST(GraderWorkCounter, TheOraclesCountIsMadeOncePerProgramAndData) {
  FakeCounter runner;
  runner.counted.err = kDump;
  WorkCounter counter(runner);
  ASSERT_EQ(counter.count_reference("oracle C", "driver", "0: 1\n", {}).status, WorkCount::Status::Ok);
  EXPECT_EQ(counter.count_reference("oracle C", "driver", "0: 1\n", {}).profile.instructions, 12u);
  EXPECT_EQ(counter.compiles(), 1);
  counter.count_reference("oracle C", "driver", "0: 2\n", {});  // other data: counted again
  EXPECT_EQ(counter.compiles(), 2);
  counter.count("oracle C", "driver", "0: 1\n", {});  // a student's kernel is always counted
  EXPECT_EQ(counter.compiles(), 3);
}

/// The names of the functions a callgrind dump has costs for (its "fn=(N) name" lines, and
/// "cfn=(N) name" where a callee is named first).
std::vector<std::string> dumped_functions(const std::string& dump) {
  std::vector<std::string> names;
  std::istringstream lines(dump);
  for (std::string line; std::getline(lines, line);)
    if ((line.starts_with("fn=(") || line.starts_with("cfn=(")) && line.find(") ") != std::string::npos)
      names.push_back(line.substr(line.find(") ") + 2));
  return names;
}

// The count of a kernel that calls memcpy, memset and expf must not depend on the CPU: glibc picks
// their code by the CPU's features. Counted as shipped, only the x86-64 baseline's code runs; the
// same command without the tunables runs this machine's AVX2/ERMS/FMA code (when it has them).
TEST(GraderWorkCounter, LibraryCodeIsTheBaselinesWhateverTheCpu) {
  if (std::system("command -v valgrind > /dev/null && command -v cc > /dev/null") != 0) GTEST_SKIP() << "no valgrind or cc";
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("uirgrade-baseline-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "k.c") << "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n"
                                "static float a[16384], b[16384];\n"
                                "void kernel(void) {\n  memcpy(b, a, sizeof a);\n  memset(a, 1, sizeof a);\n"
                                "  for (int i = 0; i < 64; i++) b[i] = expf(a[i]);\n}\n"
                                "int main(void) { kernel(); printf(\"%f\\n\", b[3]); return 0; }\n";
  ASSERT_EQ(std::system(("cd " + dir.string() + " && cc -O0 -g -Wl,-z,now -o kernel k.c -lm").c_str()), 0);
  auto count = [&](const std::string& script) {
    std::string command = "cd " + dir.string() + " && sh -c '" + script + "' x 2>&1 >/dev/null";
    std::string dump;
    if (FILE* pipe = popen(command.c_str(), "r")) {
      char buffer[4096];
      for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) dump.append(buffer, n);
      pclose(pipe);
    }
    return dump;
  };
  auto machine_specific = [](const std::vector<std::string>& functions) {
    std::vector<std::string> found;
    for (const std::string& name : functions)
      for (const char* variant : {"avx", "evex", "erms", "_fma", "sse4", "ssse3"})
        if (name.find(variant) != std::string::npos) found.push_back(name);
    return found;
  };
  const std::string shipped = work_count_command()[2];
  ASSERT_TRUE(shipped.starts_with(baseline_library_tunables() + " "));
  ASSERT_EQ(shipped.find('\''), std::string::npos) << "the test quotes the script in ''";
  std::string unmasked = count(shipped.substr(baseline_library_tunables().size() + 1));
  ASSERT_NE(unmasked.find("fn="), std::string::npos) << unmasked.substr(0, 500);
  std::string masked = count(shipped), again = count(shipped);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(machine_specific(dumped_functions(masked)), std::vector<std::string>{}) << masked.substr(0, 2000);
  EXPECT_NE(masked.find("memcpy"), std::string::npos) << "the kernel's library calls are in the count";
  // Two runs, one count: what the grader reads of a dump (its total and the kernel's lines), not the
  // dump's text, whose order of records callgrind does not keep from run to run.
  auto profile = [](const std::string& stderr_text, std::string* error) {
    // The dump follows the traced syscalls on stderr, as work_counter.cc reads it.
    std::string_view dump(stderr_text);
    return parse_callgrind_profile(dump.substr(std::min(dump.find("# callgrind format"), dump.size())), "k.c", error);
  };
  std::string error;
  std::optional<CallgrindProfile> first = profile(masked, &error);
  ASSERT_TRUE(first) << error;
  std::optional<CallgrindProfile> second = profile(again, &error);
  ASSERT_TRUE(second) << error;
  EXPECT_EQ(first->instructions, second->instructions) << "two runs, one count";
  EXPECT_EQ(first->runs_by_line, second->runs_by_line) << "two runs, one count";
  std::vector<std::string> here = machine_specific(dumped_functions(unmasked));
  if (here.empty()) GTEST_SKIP() << "this CPU has nothing above the x86-64 baseline that glibc would pick";
  std::optional<CallgrindProfile> on_this_cpu = profile(unmasked, &error);
  ASSERT_TRUE(on_this_cpu) << error;
  EXPECT_NE(on_this_cpu->instructions, first->instructions);
}

}  // namespace
}  // namespace uirgrade
