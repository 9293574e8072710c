// The compile caches with a fake runner standing in for `cc`: one driver object per distinct driver,
// one kernel compile-and-link per distinct (kernel, driver), also under concurrent requests, and
// failures cached like successes.
#include "grader/c_compile.h"

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
    for (const auto& [name, destination] : request.take_files) std::ofstream(destination) << "binary";
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

TEST(GraderCCompile, OneCompilerStartPerDistinctText) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  CompileOutcome first = compiler.compile("int kernel(void) { return 0; }", "driver A");
  ASSERT_EQ(first.status, CompileOutcome::Status::Ok) << first.message;
  EXPECT_FALSE(first.from_cache);
  // The driver's object, then one compile of the kernel that also links it and keeps its
  // preprocessed unit, object and call graph.
  EXPECT_EQ(runner.starts, 2);
  EXPECT_NE(first.preprocessed, "");
  EXPECT_NE(first.kernel_object, "");
  EXPECT_NE(first.call_graph.find("graph:"), std::string::npos);
  EXPECT_EQ(runner.last_argv[runner.last_argv.size() - 3], "-lm");
  // The link gets a copy of the driver's object in its own directory: no path of the grader's
  // private cache is given to the sandbox.
  EXPECT_TRUE(runner.last_read_only.empty());
  EXPECT_NE(std::find(runner.last_files.begin(), runner.last_files.end(), "driver.o"), runner.last_files.end());
  CompileOutcome again = compiler.compile("int kernel(void) { return 0; }", "driver A");
  EXPECT_EQ(again.status, CompileOutcome::Status::Ok);
  EXPECT_TRUE(again.from_cache);
  EXPECT_EQ(again.binary_path, first.binary_path);
  EXPECT_EQ(runner.starts, 2);

  CompileOutcome other_kernel = compiler.compile("int kernel(void) { return 1; }", "driver A");
  EXPECT_NE(other_kernel.binary_path, first.binary_path);
  EXPECT_EQ(runner.starts, 3);  // the driver's object is reused
  CompileOutcome other_driver = compiler.compile("int kernel(void) { return 0; }", "driver B");
  EXPECT_NE(other_driver.binary_path, first.binary_path);
  EXPECT_EQ(runner.starts, 5);

  CompileOutcome error = compiler.compile("syntax error", "driver A");
  EXPECT_EQ(error.status, CompileOutcome::Status::CompileError);
  EXPECT_NE(error.message.find("kernel.c:1:1"), std::string::npos);
  EXPECT_EQ(compiler.compile("syntax error", "driver A").status, CompileOutcome::Status::CompileError);
  EXPECT_EQ(runner.starts, 6);  // the error is the student's, and cached
  EXPECT_EQ(compiler.compiler_runs(), 6);
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

TEST(GraderCCompile, ConcurrentRequestsShareOneCompile) {
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
  EXPECT_EQ(runner.starts, 2);
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
