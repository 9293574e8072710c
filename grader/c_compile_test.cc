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
    if (unlinkable && !request.read_only_paths.empty()) {  // the link: ld names the driver's object by its path
      result.exit_code = 1;
      result.err = "/usr/bin/ld: " + request.read_only_paths[0] + ": in function `call_kernel':\n";
      return result;
    }
    // Stands in for the runner too: what cc wrote at `-o NAME` in its working directory is taken
    // to the destination the request names.
    auto out = std::find(request.argv.begin(), request.argv.end(), "-o");
    if (request.take_files.empty() || request.take_files[0].first != *(out + 1)) {
      result.exit_code = 99;
      return result;
    }
    std::ofstream(request.take_files[0].second) << "binary";
    chmod(request.take_files[0].second.c_str(), 0755);
    if (std::find(request.argv.begin(), request.argv.end(), "-fcallgraph-info") != request.argv.end()) {
      if (request.take_files.size() != 2 || request.take_files[1].first != *(out + 1) + ".ci") {
        result.exit_code = 98;  // gcc writes the graph beside its output: it must be taken too
        return result;
      }
      std::ofstream(request.take_files[1].second) << "graph: { title: \"kernel.c\"\n}\n";
    }
    last_read_only = request.read_only_paths;
    return result;
  }
  std::atomic<int> starts{0};
  std::vector<std::string> last_argv;
  std::vector<std::string> last_read_only;
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
  // The driver's object, the kernel preprocessed (-E), its call graph, then the kernel linked.
  EXPECT_EQ(runner.starts, 4);
  EXPECT_NE(first.preprocessed, "");
  EXPECT_NE(first.call_graph.find("graph:"), std::string::npos);
  EXPECT_EQ(runner.last_argv[runner.last_argv.size() - 3], "-lm");
  // The link reads the driver's object: the one path outside its working directory it may see.
  ASSERT_EQ(runner.last_read_only.size(), 1u);
  EXPECT_NE(runner.last_read_only[0].find("driver-"), std::string::npos) << runner.last_read_only[0];
  CompileOutcome again = compiler.compile("int kernel(void) { return 0; }", "driver A");
  EXPECT_EQ(again.status, CompileOutcome::Status::Ok);
  EXPECT_TRUE(again.from_cache);
  EXPECT_EQ(again.binary_path, first.binary_path);
  EXPECT_EQ(runner.starts, 4);

  CompileOutcome other_kernel = compiler.compile("int kernel(void) { return 1; }", "driver A");
  EXPECT_NE(other_kernel.binary_path, first.binary_path);
  EXPECT_EQ(runner.starts, 7);  // the driver's object is reused
  CompileOutcome other_driver = compiler.compile("int kernel(void) { return 0; }", "driver B");
  EXPECT_NE(other_driver.binary_path, first.binary_path);
  EXPECT_EQ(runner.starts, 11);

  CompileOutcome error = compiler.compile("syntax error", "driver A");
  EXPECT_EQ(error.status, CompileOutcome::Status::CompileError);
  EXPECT_NE(error.message.find("kernel.c:1:1"), std::string::npos);
  EXPECT_EQ(compiler.compile("syntax error", "driver A").status, CompileOutcome::Status::CompileError);
  EXPECT_EQ(runner.starts, 12);  // -E already fails: the error is the student's, and cached
  EXPECT_EQ(compiler.compiler_runs(), 12);
}

TEST(GraderCCompile, ALinkErrorDoesNotNameThisRunsTemporaryDirectory) {
  FakeCompiler runner;
  CCompiler compiler(runner, 512);
  CompileOutcome outcome = compiler.compile("/* no kernel */", "driver A");
  ASSERT_EQ(outcome.status, CompileOutcome::Status::CompileError) << outcome.message;
  EXPECT_EQ(outcome.message.rfind("/usr/bin/ld: driver-", 0), 0u) << outcome.message;
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
  EXPECT_EQ(runner.starts, 4);
}

TEST(GraderCCompile, SanitizerDefaultsNeverExit1) {
  std::string c = sanitizer_defaults_c(300);
  EXPECT_NE(c.find("exitcode=86"), std::string::npos);
  EXPECT_NE(c.find("hard_rss_limit_mb=300"), std::string::npos);
  EXPECT_NE(c.find("__ubsan_default_options"), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
