// Pre-built sandboxes (sandbox_pool.h) through the real runner, as the grader uses them: requests
// with reuse_sandbox in the namespaces tier as root. Each test checks that the sandbox really was
// reused (sandboxes_built), since a fresh bubblewrap per run would pass the isolation checks too.
#include "sandbox/sandbox_pool.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class SandboxReuseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!running_as_root()) GTEST_SKIP() << "sandboxes are reused only by a root grader";
    std::string error;
    if (!make_process_runner(Sandbox::Namespaces, &error)) GTEST_SKIP() << error;
  }

  static ProcessRequest shell(const std::string& script, std::vector<std::string> read_only_paths = {}) {
    ProcessRequest request;
    request.argv = {"/bin/sh", "-c", script};
    request.reuse_sandbox = true;
    request.read_only_paths = std::move(read_only_paths);
    return request;
  }

  // Run by a runner without the syscall filter, which refuses mq_open: the pool's reset of
  // /dev/mqueue is tested on its own.
  static ProcessRequest traces() {
    ProcessRequest request;
    request.argv = {UIRGRADE_BINARY_DIR "/students/student_hostile_traces"};
    request.reuse_sandbox = true;
    request.read_only_paths = {UIRGRADE_BINARY_DIR "/students"};
    return request;
  }

  static int pid_in(const std::string& out) {
    size_t at = out.find("pid ");
    return at == std::string::npos ? -1 : std::atoi(out.c_str() + at + 4);
  }
};

TEST_F(SandboxReuseTest, RunsOneAfterAnotherShareOneSandboxEachAsItsOwnUid) {
  ProcessRunner runner(Tier::Namespaces);
  std::set<std::string> uids;
  for (int k = 0; k < 3; k++) {
    ProcessResult result = runner.run(shell("id -u; hostname; pwd; ls /; set -- /proc/[0-9]*; echo $#"));
    ASSERT_TRUE(result.started) << result.internal_error;
    ASSERT_EQ(result.exit_code, 0) << result.err;
    std::istringstream lines(result.out);
    std::string uid, hostname, cwd;
    std::getline(lines, uid);
    std::getline(lines, hostname);
    std::getline(lines, cwd);
    EXPECT_NE(uid, "0");
    uids.insert(uid);
    EXPECT_EQ(hostname, "sandbox");
    EXPECT_NE(cwd.find("uirgrade-sandbox-"), std::string::npos) << cwd;
    EXPECT_FALSE(fs::exists(cwd)) << "the run directory outlived the run";
    EXPECT_EQ(result.out.find("work"), std::string::npos) << result.out;
    EXPECT_EQ(result.out.find("root"), std::string::npos) << result.out;
    // The sandbox's init, its holder and the shell (which counts them itself, so that no child of
    // its own may or may not be there yet): no process of another run.
    EXPECT_NE(result.out.find("\n3\n"), std::string::npos) << result.out;
  }
  EXPECT_EQ(uids.size(), 3u) << "each run borrows a uid of its own";
  EXPECT_EQ(runner.sandboxes_built(), 1u);
}

TEST_F(SandboxReuseTest, WithoutTheResetARunLeavesTracesForTheNext) {
  // The weakened pool, to show that the channel is real: the second run finds the first's traces.
  ProcessRunner weakened(Tier::Namespaces, {.no_syscall_filter = true, .no_reset_between_runs = true});
  ProcessResult first = weakened.run(traces());
  ProcessResult second = weakened.run(traces());
  ASSERT_TRUE(first.started && second.started) << first.internal_error << second.internal_error;
  EXPECT_EQ(first.out.find("found"), std::string::npos) << first.out;
  for (const char* trace : {"found tmp", "found shm", "found mqueue"})
    EXPECT_NE(second.out.find(trace), std::string::npos) << trace << "\n" << second.out;
  EXPECT_GT(pid_in(second.out), pid_in(first.out) + 20) << first.out << second.out;
  EXPECT_EQ(weakened.sandboxes_built(), 1u);
}

TEST_F(SandboxReuseTest, TheResetLeavesNothingForTheNextRun) {
  ProcessRunner runner(Tier::Namespaces, {.no_syscall_filter = true});
  ProcessResult first = runner.run(traces());
  ProcessResult second = runner.run(traces());
  ASSERT_TRUE(first.started && second.started) << first.internal_error << second.internal_error;
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(second.out.find("found"), std::string::npos) << second.out;
  EXPECT_GT(pid_in(first.out), 0) << first.out;
  EXPECT_EQ(pid_in(second.out), pid_in(first.out)) << "the PID counter tells how many processes ran before";
  EXPECT_EQ(runner.sandboxes_built(), 1u);
}

TEST_F(SandboxReuseTest, RunsAtTheSameTimeGetSandboxesOfTheirOwn) {
  ProcessRunner runner(Tier::Namespaces);
  ProcessResult results[2];
  std::thread other([&] { results[0] = runner.run(shell("sleep 0.5; set -- /proc/[0-9]*; echo $#")); });
  results[1] = runner.run(shell("sleep 0.5; set -- /proc/[0-9]*; echo $#"));
  other.join();
  for (const ProcessResult& result : results) {
    ASSERT_TRUE(result.started) << result.internal_error;
    EXPECT_EQ(result.out, "3\n") << "init, holder, sh: nothing of the other run";
  }
  EXPECT_EQ(runner.sandboxes_built(), 2u);
}

TEST_F(SandboxReuseTest, ASandboxShowsOnlyItsOwnReadOnlyPaths) {
  std::string base = (fs::temp_directory_path() / ("uirgrade-pool-test-" + std::to_string(getpid()))).string();
  for (const char* name : {"/a", "/b"}) {
    fs::create_directories(base + name);
    std::ofstream(base + name + "/file") << name;
    chmod((base + name + "/file").c_str(), 0644);
  }
  chmod(base.c_str(), 0755);
  chmod((base + "/a").c_str(), 0755);
  chmod((base + "/b").c_str(), 0755);
  ProcessRunner runner(Tier::Namespaces);
  for (int round = 0; round < 2; round++) {
    ProcessResult a = runner.run(shell("cat " + base + "/a/file; ls " + base, {base + "/a"}));
    ProcessResult b = runner.run(shell("cat " + base + "/b/file; ls " + base, {base + "/b"}));
    EXPECT_EQ(a.out, "/aa\n") << a.err;
    EXPECT_EQ(b.out, "/bb\n") << b.err;
    ProcessResult write = runner.run(shell("echo x > " + base + "/a/new", {base + "/a"}));
    EXPECT_NE(write.exit_code, 0) << "read-only";
  }
  EXPECT_FALSE(fs::exists(base + "/a/new"));
  EXPECT_EQ(runner.sandboxes_built(), 2u);
  fs::remove_all(base);
}

// The run directory's cap is the sandbox's run parent, a tmpfs mounted once: it holds in every run,
// and what one run wrote is gone before the next (which could not have the whole cap otherwise).
TEST_F(SandboxReuseTest, EveryRunInASandboxHasTheWholeWorkingDirectoryCap) {
  ProcessRunner runner(Tier::Namespaces);
  auto capped = [](const std::string& script) {
    ProcessRequest request = shell(script);
    request.limits.workdir_bytes = 1 << 20;
    request.limits.workdir_files = 50;
    return request;
  };
  for (int round = 0; round < 2; round++) {
    ProcessResult full = runner.run(capped("head -c 3000000 /dev/zero > big; mkdir kept"));
    ASSERT_TRUE(full.started) << full.internal_error;
    EXPECT_TRUE(full.workdir_limit) << "round " << round << ": " << full.err;
    ProcessResult fits = runner.run(capped("ls; head -c 900000 /dev/zero > f && echo wrote"));
    ASSERT_TRUE(fits.started) << fits.internal_error;
    EXPECT_FALSE(fits.workdir_limit) << fits.err;
    EXPECT_EQ(fits.out, "wrote\n") << "nothing of the run before, and the whole cap: " << fits.err;
    ProcessResult many = runner.run(capped("for i in $(seq 60); do : > f$i; done"));
    EXPECT_TRUE(many.workdir_limit) << "50 files at most";
  }
  EXPECT_EQ(runner.sandboxes_built(), 1u);
}

}  // namespace
}  // namespace uirgrade
