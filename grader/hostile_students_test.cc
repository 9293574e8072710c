// Hostile students (grader/testdata/students/hostile_*.c) against the real `grade` binary, in every
// tier this machine gives. Each attack is first shown to work with `--sandbox none` (the student
// then runs with the grader's rights), then shown blocked in the namespaces and uid tiers: the
// attack gains nothing, the grader still reports a verdict, and nothing of the student is left.
// The one attack the uid tier does not stop, a loopback client, is shown still working there.
//
// The grader runs from a private area (mode 0700: its binaries, a copy of the suites holding a
// SECRET file, its reports), as the uid tier requires; each student runs from a directory of its
// own under a unique name, by which its leftover processes are found.
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "grader/render/c_compile.h"
#include "sandbox/cgroup.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "grader/shell_testing.h"
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

// How many live processes have `name` in their command line.
int processes_named(const std::string& name) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::string pid = entry.path().filename();
    if (pid.empty() || !isdigit(static_cast<unsigned char>(pid[0]))) continue;
    std::string cmdline = slurp(entry.path() / "cmdline");
    if (cmdline.find(name) != std::string::npos && cmdline.find("uirgrade_tests") == std::string::npos) count++;
  }
  return count;
}

struct Graded {
  int exit_code = -1;   // -1: killed
  std::string output;   // stdout and stderr of grade
  std::string report;   // the JSON report as grade left it
  std::string student;  // the student's unique name
};

class HostileStudent : public ::testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    area_ = private_grader_area("uirgrade-hostile", true);
    ASSERT_FALSE(area_.empty());
    std::ofstream(area_ / "suites/SECRET") << suites_secret() << "\n";
    std::ofstream(area_ / "SECRET") << cwd_secret() << "\n";
    fs::create_directories(area_ / "reports");
  }
  static void TearDownTestSuite() { fs::remove_all(area_); }

  void SetUp() override {
    if (GetParam() == "uid" && !running_as_root()) GTEST_SKIP() << "the uid tier needs root";
    std::string error;
    if (GetParam() == "namespaces" && !make_process_runner(Sandbox::Namespaces, &error)) GTEST_SKIP() << error;
    // The uid tier refuses (and needs) grader paths private to root; the namespaces tier must hide
    // them even when anyone may read them, as on a course's shared machine.
    std::string mode = GetParam() == "uid" ? "go-rwx" : "go+rX";
    ASSERT_EQ(std::system(("chmod -R " + mode + " " + area_.string()).c_str()), 0);
  }

  // Grades student_<stem> (a copy under a unique name) with `--sandbox sandbox`.
  static Graded grade(const std::string& stem, const std::string& sandbox, const std::string& extra = "") {
    static std::atomic<int> counter{0};
    Graded graded;
    graded.student = "hostile-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    std::string dir_pattern = (fs::temp_directory_path() / "uirgrade-hostile-student-XXXXXX").string();
    if (!mkdtemp(dir_pattern.data())) return graded;
    fs::path dir = dir_pattern;
    chmod(dir.c_str(), 0755);
    fs::copy_file(std::string(UIRGRADE_BINARY_DIR "/students/student_") + stem, dir / graded.student);
    chmod((dir / graded.student).c_str(), 0755);
    fs::path report = area_ / "reports" / (graded.student + ".json");
    std::string command = "cd " + area_.string() + " && UIRGRADE_TEST_SECRET=environ-secret bin/grade --week 1 " +
                          (dir / graded.student).string() + " --suites " + (area_ / "suites").string() +
                          " --sandbox " + sandbox + " --timeout 5 " +
                          (extra.empty() ? "--only week1/add_i32 -j 1" : extra) +
                          " --format text --format json --output " + report.string();
    Shell ran = run_shell(command);
    graded.exit_code = ran.exit_code;
    graded.output = std::move(ran.output);
    // A daemon gets a moment to act after grading (hostile_daemon waits for the grader to go).
    std::this_thread::sleep_for(std::chrono::milliseconds(stem == "hostile_daemon" ? 1500 : 0));
    graded.report = slurp(report);
    fs::remove_all(dir);
    return graded;
  }

  // The attack is blocked: a verdict was reported (exit 1, the test failed), no loot, nothing left.
  static void expect_blocked(const Graded& graded) {
    EXPECT_EQ(graded.exit_code, 1) << graded.output;
    EXPECT_NE(graded.output.find("FAILED week1/"), std::string::npos) << graded.output;
    // Another test process's area may be readable (see SetUp): only this one's secrets count.
    for (const std::string& secret : {suites_secret(), cwd_secret(), std::string("environ-secret"), std::string("LOOT: oracle"),
                                      std::string("LOOT: killed"), std::string("LOOT: shm"), std::string("LOOT: mem"),
                                      std::string("LOOT: fd")})
      EXPECT_EQ(graded.output.find(secret), std::string::npos) << secret << "\n" << graded.output;
    EXPECT_EQ(processes_named(graded.student), 0) << graded.student << " left processes";
  }

  // The attack of student_<stem> run in this process by a runner with per-process limits only (a
  // test-only weakening, sandbox/weakenings.h) in this test's tier: what the whole-run limits stop.
  static ProcessResult run_weakened(const std::string& stem, double wall_seconds) {
    ProcessRunner weak(tier(), {.per_process_limits_only = true});
    ProcessRequest request;
    request.argv = {std::string(UIRGRADE_BINARY_DIR "/students/student_") + stem};
    request.limits.wall_seconds = request.limits.cpu_seconds = wall_seconds;
    return weak.run(request);
  }
  static Tier tier() { return GetParam() == "uid" ? Tier::Uid : Tier::Namespaces; }

  // The run directory a student named with "WORKDIR: <path>" on stderr no longer exists.
  static void expect_workdir_gone(const std::string& output) {
    size_t at = output.find("WORKDIR: ");
    ASSERT_NE(at, std::string::npos) << output;
    std::string path = output.substr(at + 9, output.find('\n', at) - at - 9);
    EXPECT_FALSE(fs::exists(path)) << path << " was left";
  }

  // Blocked by a limit: blocked, and no loot of any kind.
  static void expect_limited(const Graded& graded, const std::string& verdict_text) {
    expect_blocked(graded);
    EXPECT_EQ(graded.output.find("LOOT: "), std::string::npos) << graded.output;
    EXPECT_NE(graded.output.find(verdict_text), std::string::npos) << graded.output;
  }

  static std::string suites_secret() { return "suites-secret-" + std::to_string(getpid()); }
  static std::string cwd_secret() { return "cwd-secret-" + std::to_string(getpid()); }
  static inline fs::path area_;
};

TEST_P(HostileStudent, ReadingTheSuitesByPathOrThroughTheGradersCwdGetsNothing) {
  Graded weak = grade("hostile_read_suites", "none");
  EXPECT_NE(weak.output.find("LOOT: suites " + suites_secret()), std::string::npos) << weak.output;
  EXPECT_NE(weak.output.find("LOOT: cwd " + cwd_secret()), std::string::npos) << weak.output;
  expect_blocked(grade("hostile_read_suites", GetParam()));
}

TEST_P(HostileStudent, FindingAndRunningTheGradersOracleFails) {
  Graded weak = grade("hostile_find_oracle", "none");
  EXPECT_EQ(weak.exit_code, 0) << "with the grader's rights it finds uir-oracle and passes\n" << weak.output;
  expect_blocked(grade("hostile_find_oracle", GetParam()));
}

TEST_P(HostileStudent, SnoopingOnTheGraderThroughProcGetsNothing) {
  Graded weak = grade("hostile_snoop_parent", "none");
  EXPECT_NE(weak.output.find("LOOT: environ UIRGRADE_TEST_SECRET=environ-secret"), std::string::npos) << weak.output;
  EXPECT_NE(weak.output.find("LOOT: fd "), std::string::npos) << weak.output;
  EXPECT_NE(weak.output.find("LOOT: mem "), std::string::npos) << weak.output;
  expect_blocked(grade("hostile_snoop_parent", GetParam()));
}

TEST_P(HostileStudent, KillingTheGraderFails) {
  Graded weak = grade("hostile_kill_parent", "none");
  EXPECT_EQ(weak.exit_code, 128 + SIGKILL) << "with the grader's rights it kills the grader\n" << weak.output;
  expect_blocked(grade("hostile_kill_parent", GetParam()));
}

TEST_P(HostileStudent, SignallingSiblingTestsFails) {
  // Two tests at once, each trying to kill the other.
  const std::string two = "--only week1/add_i32 --only week1/add_i32_wraps -j 2";
  Graded weak = grade("hostile_signal_siblings", "none", two);
  EXPECT_NE(weak.output.find("LOOT: killed sibling"), std::string::npos) << weak.output;
  Graded graded = grade("hostile_signal_siblings", GetParam(), two);
  expect_blocked(graded);
  EXPECT_EQ(graded.output.find("SIGKILL"), std::string::npos) << graded.output;
}

TEST_P(HostileStudent, ADaemonCannotRewriteTheReportAfterGrading) {
  Graded weak = grade("hostile_daemon", "none");
  EXPECT_NE(weak.report.find("FORGED"), std::string::npos) << weak.report.substr(0, 300);
  Graded graded = grade("hostile_daemon", GetParam());
  expect_blocked(graded);
  EXPECT_EQ(graded.report.find("FORGED"), std::string::npos);
  EXPECT_NE(graded.report.find("\"isolation\""), std::string::npos) << graded.report.substr(0, 300);
}

TEST_P(HostileStudent, SharedMemoryCarriesNothingFromOneTestToTheNext) {
  const key_t key = 0x5EC12E7;  // hostile_shm_channel's
  auto remove_segment = [&] {
    int id = shmget(key, 0, 0);
    if (id >= 0) shmctl(id, IPC_RMID, nullptr);
  };
  remove_segment();
  const std::string two = "--only week1/add_i32 --only week1/add_i32_wraps -j 1";
  Graded weak = grade("hostile_shm_channel", "none", two);
  // The digest shows one example per cause; the JSON report holds every test's stderr.
  EXPECT_NE(weak.report.find("LOOT: shm "), std::string::npos) << weak.report.substr(0, 2000);
  remove_segment();
  expect_blocked(grade("hostile_shm_channel", GetParam(), two));
  EXPECT_LT(shmget(key, 0, 0), 0) << "the student's segment outlived its run";
  remove_segment();
}

// The borrowed uid's user keyring outlives every process of the uid, and borrowed uids repeat
// (across the students of a class): a key one run leaves, a later run of the uid reads. The later
// run is played by this test as root (setpriv to the uid the student printed), since which uid the
// runner lends next is not the test's to choose.
TEST_P(HostileStudent, AUidsKeyringCarriesNothingFromOneRunToTheNext) {
  if (!running_as_root()) GTEST_SKIP() << "without root no uid is borrowed: the keyring is the grader's own";
  const std::string student = UIRGRADE_BINARY_DIR "/students/student_hostile_keyring_channel";
  const std::string secret = "keyring-secret-" + std::to_string(getpid());
  auto attack = [&](bool weakened) {
    ProcessRequest request;
    request.argv = {student, "run", "prog.uir"};
    request.files = {{"prog.uir", "# a header\n" + secret + "\n"}};
    ProcessResult result = ProcessRunner(tier(), {.no_syscall_filter = weakened}).run(request);
    EXPECT_TRUE(result.exited && result.exit_code == 7) << result.internal_error << result.err;
    return result.err;
  };
  // What a later process of the uid that `attack_err` names finds in (or does to) its keyring.
  auto later_process_of_the_uid = [&](const std::string& attack_err, const std::string& mode) {
    size_t at = attack_err.find("UID: ");
    EXPECT_NE(at, std::string::npos) << attack_err;
    std::string uid = std::to_string(std::atoi(attack_err.c_str() + at + 5));
    return run_shell("setpriv --reuid=" + uid + " --regid=" + uid + " --clear-groups " + student + " " + mode).output;
  };
  std::string weak = attack(true);
  EXPECT_NE(weak.find("KEY: added"), std::string::npos) << weak;
  EXPECT_NE(later_process_of_the_uid(weak, "read").find("LOOT: key " + secret), std::string::npos);
  later_process_of_the_uid(weak, "clear");

  // With the filter every keyring call fails with EPERM (the student lives on) and nothing is left.
  std::string blocked = attack(false);
  EXPECT_NE(blocked.find("KEY: search failed: Operation not permitted"), std::string::npos) << blocked;
  EXPECT_NE(blocked.find("KEY: add_key failed: Operation not permitted"), std::string::npos) << blocked;
  std::string later = later_process_of_the_uid(blocked, "read");
  EXPECT_EQ(later.find("LOOT"), std::string::npos) << later;
  EXPECT_NE(later.find("KEY: search failed"), std::string::npos) << later;
  later_process_of_the_uid(blocked, "clear");  // should the filter have let a key through
}

// The whole-run limits (sandbox/cgroup.h, process_workdir.h). Each attack first succeeds under a
// runner with per-process limits only, then fails against the real grader.

TEST_P(HostileStudent, AMemoryHogSpreadOverProcessesIsHeldToTheWholeRunsLimit) {
  if (!cgroup_layout().limits_memory()) GTEST_SKIP() << "no memory cgroup here: memory is limited per process only";
  // Generous time-outs: ctest runs both tiers' copies at once, and on a loaded machine touching
  // 2 x 3 GiB of fresh pages took over 30 s (alone: 4 s). Neither run waits for them otherwise.
  ProcessResult weak = run_weakened("hostile_memory_spread", 120);
  EXPECT_NE(weak.err.find("LOOT: memory 3072 MiB held at once by 6 processes"), std::string::npos) << weak.err;
  expect_workdir_gone(weak.err);
  // (A loaded machine takes seconds to fill 2 GiB: time enough for the kernel to say memory.)
  Graded graded = grade("hostile_memory_spread", GetParam(), "--only week1/add_i32 -j 1 --timeout 120");
  expect_limited(graded, "ran out of memory: its processes together reached the limit of 2048 MiB");
  expect_workdir_gone(graded.output);
}

TEST_P(HostileStudent, AForkBombIsHeldToTheWholeRunsProcessLimit) {
  ProcessResult weak = run_weakened("hostile_fork_bomb", 5);
  EXPECT_NE(weak.err.find("LOOT: processes 1001 at once"), std::string::npos) << weak.err;
  EXPECT_TRUE(weak.timed_out);
  Graded graded = grade("hostile_fork_bomb", GetParam());
  // With a pids cgroup the kernel says the limit was reached; with RLIMIT_NPROC only the forks fail.
  expect_limited(graded, cgroup_layout().limits_processes() ? "(it had reached its limit of 512 processes)"
                                                            : "did not finish within");
}

TEST_P(HostileStudent, OneGibibyteOfFilesIsStoppedAtTheWorkingDirectorysCap) {
  ProcessResult weak = run_weakened("hostile_fill_disk", 60);
  EXPECT_NE(weak.err.find("LOOT: disk 1024 MiB written"), std::string::npos) << weak.err;
  expect_workdir_gone(weak.err);
  // (The uid tier's disk is slow under load: time enough to reach the cap.)
  Graded graded = grade("hostile_fill_disk", GetParam(), "--only week1/add_i32 -j 1 --timeout 60");
  expect_limited(graded, "filled its working directory: the limit is 256 MiB and 10000 files in all");
  expect_workdir_gone(graded.output);
}

TEST_P(HostileStudent, ADirectoryTree30000DeepIsStoppedAndRemoved) {
  ProcessResult weak = run_weakened("hostile_deep_tree", 60);
  EXPECT_NE(weak.err.find("LOOT: tree 30000 deep"), std::string::npos) << weak.err;
  expect_workdir_gone(weak.err);  // even then: the clean-up is iterative
  Graded graded = grade("hostile_deep_tree", GetParam(), "--only week1/add_i32 -j 1 --timeout 60");
  expect_limited(graded, "filled its working directory");
  expect_workdir_gone(graded.output);
}

TEST_P(HostileStudent, ARenderIncludingDevZeroIsRefusedAndTheCompilerIsHeldToItsMemoryLimit) {
  if (!cgroup_layout().limits_memory()) GTEST_SKIP() << "no memory cgroup here: the compiler is limited per process only";
  // The C compiler on `#include "/dev/zero"`, as the grader runs it: with per-process limits only,
  // cc1 grows past the compiler's whole-run limit; with the real runner the kernel stops it there.
  const ProcessLimits compiler = c_compiler_limits();
  ProcessRequest request;
  request.argv = {"/usr/bin/cc", "-E", "kernel.c", "-o", "out"};
  request.files = {{"kernel.c", "#include \"/dev/zero\"\n"}};
  request.limits = compiler;
  ProcessResult weak = ProcessRunner(tier(), {.per_process_limits_only = true}).run(request);
  EXPECT_GT(weak.peak_rss_bytes, compiler.memory_bytes) << "cc1 grows past the whole-run limit";
  std::string error;
  ProcessResult limited = make_process_runner(GetParam() == "uid" ? Sandbox::Uid : Sandbox::Namespaces, &error)->run(request);
  EXPECT_TRUE(limited.memory_limit);
  EXPECT_LE(limited.peak_rss_bytes, compiler.memory_bytes);
  // Graded, the render rules refuse such an #include before any compiler runs (grader/render/render_check.h).
  Graded graded = grade("hostile_render_dev_zero", GetParam(), "--only week1/call_earlier_function -j 1");
  expect_limited(graded, "includes something other than a header by name");
}

TEST_P(HostileStudent, AKernelThatCallsSystemIsHeldToTheRunsLimitsAndLeavesNothing) {
  if (!cgroup_layout().limits_memory()) GTEST_SKIP() << "no memory cgroup here: the kernel's children are unlimited";
  // The weakened run: the student's kernel, compiled and run as the grader would, by a runner with
  // per-process limits only (a sanitized kernel has no address-space limit).
  std::string student = UIRGRADE_BINARY_DIR "/students/student_hostile_kernel_system";
  FILE* render = popen((student + " render").c_str(), "r");
  ASSERT_TRUE(render);
  std::string kernel_c;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, render)) > 0) kernel_c.append(buffer, n);
  ASSERT_EQ(pclose(render), 0);
  ProcessRunner weak(tier(), {.per_process_limits_only = true});
  // The weakened run reads the kernel from the shared cache by its path.
  CCompiler compiler(weak, 2048, {.share_compiled_kernels = true});
  // The driver without its lockdown (oracle/kernel_lockdown.h), which refuses system()'s fork.
  CompileOutcome compiled = compiler.compile(kernel_c, uir::render_driver({}, "prog.uir", false));
  ASSERT_EQ(compiled.status, CompileOutcome::Status::Ok) << compiled.message;
  ProcessRequest kernel;
  kernel.argv = {compiled.binary_path};
  kernel.read_only_paths = {compiled.binary_path};
  kernel.limits.wall_seconds = kernel.limits.cpu_seconds = 60;  // 3 GiB take a while on a loaded machine
  ProcessResult weak_result = weak.run(kernel);
  EXPECT_NE(weak_result.err.find("LOOT: system 3072 MiB"), std::string::npos)
      << weak_result.err << (weak_result.timed_out ? "(timed out)" : "");
  Graded graded = grade("hostile_kernel_system", GetParam(), "--only week1/call_earlier_function -j 1 --timeout 30");
  // Graded, the kernel never runs: a kernel may not call system() (spec §6.2, a pure kernel).
  expect_limited(graded, "calls system(), which a kernel may not call");
}

TEST_P(HostileStudent, TheUidTierRefusesGraderPathsAStudentCouldRead) {
  if (GetParam() != "uid") GTEST_SKIP() << "a check of the uid tier";
  // What the namespaces tier hides, the uid tier can only refuse: a readable suite.
  ASSERT_EQ(std::system(("chmod go+rX " + area_.string() + " && chmod -R go+rX " + (area_ / "suites").string()).c_str()), 0);
  Graded refused = grade("hostile_read_suites", "uid");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("could read " + (area_ / "suites").string()), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("chmod -R go-rwx " + (area_ / "suites").string()), std::string::npos)
      << refused.output;
  EXPECT_EQ(refused.output.find("LOOT"), std::string::npos) << "no student ran\n" << refused.output;
}

/// A TCP listener on 127.0.0.1 (port 39217, or any free one: hostile_loopback_client also tries
/// every port /proc/net/tcp lists) that greets each connection with `greeting`, until destroyed.
class LoopbackListener {
 public:
  explicit LoopbackListener(std::string greeting) : greeting_(std::move(greeting)) {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int yes = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(39217);
    if (bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      address.sin_port = 0;
      bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    }
    listening_ = listen(fd_, 16) == 0;
    thread_ = std::thread([this] {
      while (!stop_) {
        pollfd ready{fd_, POLLIN, 0};
        if (poll(&ready, 1, 100) != 1) continue;
        int client = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) continue;
        (void)!write(client, greeting_.data(), greeting_.size());
        close(client);
      }
    });
  }
  ~LoopbackListener() {
    stop_ = true;
    thread_.join();
    close(fd_);
  }
  bool listening() const { return listening_; }

 private:
  std::string greeting_;
  int fd_ = -1;
  bool listening_ = false;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

TEST_P(HostileStudent, ALoopbackClientReachesNoServiceOfTheMachine) {
  const std::string secret = "uirgrade-loopback-secret-" + std::to_string(getpid());
  LoopbackListener listener(secret);
  ASSERT_TRUE(listener.listening()) << strerror(errno);
  // The uid tier's network is the machine's: without the syscall filter the student reads the secret.
  ProcessRequest client;
  client.argv = {UIRGRADE_BINARY_DIR "/students/student_hostile_loopback_client"};
  ProcessResult weak = ProcessRunner(tier(), {.no_syscall_filter = true}).run(client);
  if (tier() == Tier::Uid) {
    EXPECT_NE(weak.err.find("LOOT: net " + secret), std::string::npos) << weak.err;
  }
  // Graded, in either tier: no IP socket (the filter); in the namespaces tier no loopback service
  // to reach either (a network namespace of its own).
  Graded graded = grade("hostile_loopback_client", GetParam());
  expect_blocked(graded);
  EXPECT_EQ(graded.output.find(secret), std::string::npos) << graded.output;
  EXPECT_EQ(processes_named(graded.student), 0) << graded.student << " left processes";
}

INSTANTIATE_TEST_SUITE_P(Tiers, HostileStudent, ::testing::Values("namespaces", "uid"),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });

}  // namespace
}  // namespace uirgrade
