// The compiler with a fake runner standing in for `cc`: one driver object per distinct driver (also
// under concurrent requests), one compile-and-link per kernel, and what a run keeps bounded: no
// product of a kernel outlives its outcome, whereas the old cache of every kernel grew with each.
#include "grader/render/c_compile.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "oracle/oracle.h"

namespace uirgrade {
namespace {

class FakeCompiler : public CommandRunner {
 public:
  ProcessResult run(const ProcessRequest& request) override {
    ++starts;
    last_argv = request.argv;
    ProcessResult result;
    result.started = result.exited = true;
    bool broken = std::any_of(request.files.begin(), request.files.end(),
                              [](const auto& file) { return file.second.find("syntax error") != std::string::npos; });
    result.exit_code = broken ? 1 : 0;
    if (broken) {
      result.err = "kernel.c:1:1: error: syntax error\n";
      return result;
    }
    bool huge = std::any_of(request.files.begin(), request.files.end(),
                            [](const auto& file) { return file.second.find("huge constant") != std::string::npos; });
    if (huge) {  // what gcc says when RLIMIT_FSIZE stops `as`
      result.exit_code = 4;
      result.err = "gcc: internal compiler error: File size limit exceeded signal terminated program as\n";
      return result;
    }
    bool unlinkable = std::any_of(request.files.begin(), request.files.end(),
                                  [](const auto& file) { return file.second.find("no kernel") != std::string::npos; });
    bool linking = std::any_of(request.files.begin(), request.files.end(),
                               [](const auto& file) { return file.first == "driver.o"; });
    if (unlinkable && linking) {  // the link: ld names the driver's object by its name in the run directory
      result.exit_code = 1;
      result.err = "/usr/bin/ld: driver.o: in function `call_kernel':\n";
      return result;
    }
    // Stands in for the runner too: what cc wrote at `-o NAME` in its working directory is taken
    // to the destination the request names.
    auto out = std::find(request.argv.begin(), request.argv.end(), "-o");
    if (request.take_files.empty() || request.take_files[0].first != *(out + 1)) {
      result.exit_code = 99;
      return result;
    }
    for (const auto& [name, destination] : request.take_files)
      std::ofstream(destination) << "binary" << std::string(product_bytes, 'p');
    chmod(request.take_files[0].second.c_str(), 0755);
    if (std::find(request.argv.begin(), request.argv.end(), "-fcallgraph-info") != request.argv.end()) {
      // With -save-temps, gcc names what it keeps after its output: out-kernel.{i,o,ci}.
      const std::string stem = *(out + 1) + "-kernel";
      auto taken = [&](const std::string& name) {
        return std::any_of(request.take_files.begin(), request.take_files.end(),
                           [&](const auto& file) { return file.first == name; });
      };
      if (!taken(stem + ".ci") || !taken(stem + ".o") || !taken(stem + ".i")) {
        result.exit_code = 98;  // the graph, object and unit beside its output must be taken too
        return result;
      }
      for (const auto& [name, destination] : request.take_files)
        if (name == stem + ".ci") std::ofstream(destination) << "graph: { title: \"kernel.c\"\n}\n";
    }
    last_read_only = request.read_only_paths;
    last_files.clear();
    for (const auto& file : request.files) last_files.push_back(file.first);
    return result;
  }
  std::atomic<int> starts{0};
  size_t product_bytes = 0;  // written into each file the compiler leaves, beside its name
  std::vector<std::string> last_argv;
  std::vector<std::string> last_read_only;
  std::vector<std::string> last_files;
};

TEST(GraderCCompile, FlagsOfTheSpec) {
  std::vector<std::string> flags = c_compile_flags();
  for (const char* flag : {"-std=c11", "-O1", "-ffp-contract=off", "-fsanitize=undefined,address",
                           "-fno-sanitize-recover=all"})
    EXPECT_NE(std::find(flags.begin(), flags.end(), flag), flags.end()) << flag;
}

TEST(GraderCCompile, OneDriverObjectPerDistinctDriverAndOneCompilePerKernel) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  CompileOutcome first = compiler.compile("int kernel(void) { return 0; }", "driver A");
  ASSERT_EQ(first.status, CompileOutcome::Status::Ok) << first.message;
  // The driver's object, then one compile of the kernel that also links it and keeps its
  // preprocessed unit, object and call graph.
  EXPECT_EQ(runner.starts, 2);
  EXPECT_NE(first.preprocessed, "");
  EXPECT_NE(first.kernel_object, "");
  EXPECT_NE(first.call_graph.find("graph:"), std::string::npos);
  EXPECT_EQ(runner.last_argv[runner.last_argv.size() - 3], "-lm");
  // The link gets a copy of the driver's object in its own directory: no path of the grader's
  // private directory is given to the sandbox.
  EXPECT_TRUE(runner.last_read_only.empty());
  EXPECT_NE(std::find(runner.last_files.begin(), runner.last_files.end(), "driver.o"), runner.last_files.end());
  CompileOutcome again = compiler.compile("int kernel(void) { return 0; }", "driver A");
  EXPECT_EQ(again.status, CompileOutcome::Status::Ok);
  EXPECT_NE(again.binary_path, first.binary_path) << "each compile's binary is its caller's own";
  EXPECT_EQ(runner.starts, 3) << "the driver's object is reused; the kernel is compiled again";

  CompileOutcome other_driver = compiler.compile("int kernel(void) { return 0; }", "driver B");
  EXPECT_EQ(runner.starts, 5);

  CompileOutcome error = compiler.compile("syntax error", "driver A");
  EXPECT_EQ(error.status, CompileOutcome::Status::CompileError);
  EXPECT_NE(error.message.find("kernel.c:1:1"), std::string::npos);
  EXPECT_EQ(runner.starts, 6);
  EXPECT_EQ(compiler.compiler_runs(), 6);
}

TEST(GraderCCompile, AKernelBeyondTheOutputLimitIsTheStudentsCompileLimit) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  CompileLimits limits;
  limits.output_bytes = 8 << 20;
  EXPECT_EQ(c_compiler_limits(limits).file_size_bytes, 8u << 20) << "RLIMIT_FSIZE of the compiler's processes";
  CompileOutcome outcome = compiler.compile("const char pad[1 << 30] = {0}; /* huge constant */", "driver A", limits);
  EXPECT_EQ(outcome.status, CompileOutcome::Status::CompileLimit);
  EXPECT_NE(outcome.message.find("would exceed 8 MiB"), std::string::npos) << outcome.message;
}

// Issue 39: a class's students each render kernels with a large constant array. The old cache kept
// every kernel's products in memory and its files on disk for the whole run (weakened here): what
// it held grew by each compile. Now nothing of a kernel outlives its outcome: between tests the
// compiler holds no byte on disk however many were compiled.
TEST(GraderCCompile, WhatTheCompilerHoldsDoesNotGrowWithTheKernelsCompiled) {
  constexpr int kKernels = 12;
  constexpr size_t kProductBytes = 1 << 20;  // each file the fake compiler leaves
  for (bool weakened : {true, false}) {
    FakeCompiler runner;
    runner.product_bytes = kProductBytes;
    CCompiler compiler(runner, 512, {.keep_every_compile = weakened});
    uint64_t most = 0;
    for (int k = 0; k < kKernels; ++k) {
      std::string binary_path;
      {
        CompileOutcome outcome =
            compiler.compile("int kernel(void) { return " + std::to_string(k) + "; }", "driver A");
        ASSERT_EQ(outcome.status, CompileOutcome::Status::Ok) << outcome.message;
        binary_path = outcome.binary_path;
        std::ifstream binary(binary_path);
        EXPECT_TRUE(binary.good()) << "the binary is there while its outcome is";
      }
      EXPECT_EQ(std::ifstream(binary_path).good(), weakened) << "and gone with it (kept when weakened)";
      most = std::max(most, compiler.held_bytes());
    }
    if (weakened) {
      // Per kernel, the binary on disk, its preprocessed unit and object in memory.
      EXPECT_GE(most, kKernels * 3 * kProductBytes) << "the old cache's growth is not shown";
    } else {
      EXPECT_EQ(most, 0u) << "a kernel's products or binary outlived its compile";
    }
  }
}

TEST(GraderCCompile, ALinkErrorDoesNotNameThisRunsTemporaryDirectory) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  CompileOutcome outcome = compiler.compile("/* no kernel */", "driver A");
  ASSERT_EQ(outcome.status, CompileOutcome::Status::CompileError) << outcome.message;
  EXPECT_EQ(outcome.message.rfind("/usr/bin/ld: driver.o", 0), 0u) << outcome.message;
  EXPECT_NE(outcome.message.find(".o: in function `call_kernel'"), std::string::npos) << outcome.message;
}

TEST(GraderCCompile, ABrokenDriverIsOurs) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  CompileOutcome outcome = compiler.compile("int kernel(void) { return 0; }", "syntax error in the driver");
  EXPECT_EQ(outcome.status, CompileOutcome::Status::InternalError);
  EXPECT_NE(outcome.message.find("driver"), std::string::npos);
  EXPECT_EQ(runner.starts, 1);
}

TEST(GraderCCompile, ConcurrentRequestsShareOneDriverObject) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      if (compiler.compile("int kernel(void) { return 1; }", "d").status == CompileOutcome::Status::Ok) ++ok;
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(ok, 8);
  EXPECT_EQ(runner.starts, 1 + 8) << "one driver's object, eight kernels";
}

TEST(GraderCCompile, SanitizerDefaultsNeverExit1) {
  std::string c = sanitizer_defaults_c(300);
  EXPECT_NE(c.find("exitcode=86"), std::string::npos);
  EXPECT_NE(c.find("hard_rss_limit_mb=300"), std::string::npos);
}

TEST(GraderCCompile, TheDriverCarriesUBSansDefaults) {
  // UBSan's runtime reads its options at its first report, after the lockdown: the driver's own.
  std::string driver = uir::render_driver({}, "p.uir");
  EXPECT_NE(driver.find("const char *__ubsan_default_options(void) { return \"halt_on_error=1:print_stacktrace=1:exitcode=86\"; }"),
            std::string::npos);
  EXPECT_EQ(sanitizer_defaults_c(300).find("__ubsan_default_options"), std::string::npos) << "defined once";
}

}  // namespace
}  // namespace uirgrade
