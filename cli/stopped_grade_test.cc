// Stopping `grade` (issue 39): SIGTERM, SIGINT or SIGHUP to the real binary, one student or a
// class, in every tier this machine gives, while a student's processes hang. Afterwards nothing it
// made is left: no mount and no file in its temporary directory (run directories and their tmpfs,
// the compiler's directory, the work counter's, the pooled sandboxes' run parents, the uid tier's
// private copy), no process of the run; the exit status is 128 + the signal, and a class leaves
// the gradebook and class report of the students graded before the signal, marked incomplete.
// The same run ended by SIGKILL, which no handler sees (the cleanup disabled), leaves them behind.
//
// Slow by design: each case starts a real grader with its sandbox and waits until a student hangs
// in it (2-4 s a case).
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

// What the hanging student runs: a number no other process on the machine sleeps for.
constexpr const char* kHangSeconds = "5871";

/// Starts AREA/bin/grade ARGS with TMPDIR=`tmp`, its stdout and stderr to `log`, from `cwd`.
pid_t start_grade(const fs::path& area, const std::vector<std::string>& args, const fs::path& tmp,
                  const fs::path& log, const fs::path& cwd) {
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    if (chdir(cwd.c_str()) != 0) _exit(126);
    setenv("TMPDIR", tmp.c_str(), 1);
    std::string grade = (area / "bin/grade").string();
    std::vector<char*> argv = {grade.data()};
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

/// The pids of processes whose command line holds `needle` (the test's own excepted).
std::vector<pid_t> processes_mentioning(const std::string& needle) {
  std::vector<pid_t> pids;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string command_line = slurp(entry.path() / "cmdline");
    for (char& c : command_line)
      if (c == '\0') c = ' ';
    const pid_t pid = std::stoi(name);
    if (pid != getpid() && command_line.find(needle) != std::string::npos) pids.push_back(pid);
  }
  return pids;
}

/// The lines of /proc/self/mountinfo that name a path under `dir`.
std::vector<std::string> mounts_under(const fs::path& dir) {
  std::vector<std::string> lines;
  std::ifstream mountinfo("/proc/self/mountinfo");
  for (std::string line; std::getline(mountinfo, line);)
    if (line.find(" " + dir.string() + "/") != std::string::npos) lines.push_back(line);
  return lines;
}

/// Waits (up to 60 s) until `ready` says so; false on time-out.
bool wait_for(const std::function<bool()>& ready) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < give_up) {
    if (ready()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

/// What a stopped grader left behind, described ("" when nothing).
std::string leftovers(const fs::path& tmp) {
  std::string found;
  for (const std::string& line : mounts_under(tmp)) found += "mount: " + line + "\n";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(tmp, ec)) found += "file: " + entry.path().string() + "\n";
  for (pid_t pid : processes_mentioning(std::string("sleep ") + kHangSeconds))
    found += "process: " + std::to_string(pid) + "\n";
  for (pid_t pid : processes_mentioning(tmp.string())) found += "process: " + std::to_string(pid) + "\n";
  return found;
}

/// Removes what a grader killed by SIGKILL left: its students' processes, mounts and files.
void clean_after_kill(const fs::path& tmp) {
  for (pid_t pid : processes_mentioning(std::string("sleep ") + kHangSeconds)) kill(pid, SIGKILL);
  for (pid_t pid : processes_mentioning(tmp.string())) kill(pid, SIGKILL);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  for (int round = 0; round < 3; ++round)
    for (const std::string& line : mounts_under(tmp)) {
      std::string mount_point = line.substr(line.find(" " + tmp.string() + "/") + 1);
      mount_point = mount_point.substr(0, mount_point.find(' '));
      std::system(("umount -l '" + mount_point + "' 2>/dev/null").c_str());
    }
  std::system(("chmod -R u+rwX '" + tmp.string() + "' 2>/dev/null").c_str());
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(tmp, ec)) fs::remove_all(entry.path(), ec);
}

class StoppedGraderEndToEnd : public ::testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    area_ = private_grader_area("uirgrade-stop", false);
    ASSERT_FALSE(area_.empty());
    ASSERT_EQ(std::system(("chmod -R go-rwx " + area_.string()).c_str()), 0);
    // A class: "a" is the oracle's CLI (graded in a second), "b" and "c" hang in every command.
    subs_ = readable_temp_dir("uirgrade-stop-subs");
    fs::create_directories(subs_ / "a");
    fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", subs_ / "a/student-uirc");
    for (const char* id : {"b", "c"}) {
      fs::create_directories(subs_ / id);
      std::ofstream(subs_ / id / "student-uirc") << "#!/bin/sh\nexec sleep " << kHangSeconds << "\n";
    }
    ASSERT_EQ(std::system(("chmod -R a+rX " + subs_.string() + " && chmod a+x " + subs_.string() + "/*/student-uirc")
                              .c_str()),
              0);
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(area_, ec);
    fs::remove_all(subs_, ec);
  }

  /// A fresh directory for the run: its TMPDIR (searchable by a borrowed uid, as /tmp is) and its
  /// working directory.
  void SetUp() override {
    const std::string tier = ::testing::UnitTest::GetInstance()->current_test_info()->value_param()
                                 ? std::string(GetParam())
                                 : "namespaces";
    if (tier == "uid" && geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
    std::string error;
    if (tier == "namespaces" && !make_process_runner(Sandbox::Namespaces, &error)) GTEST_SKIP() << error;
    ASSERT_EQ(std::system(("chmod -R a+rX " + subs_.string()).c_str()), 0);  // a test may have closed them
    run_ = readable_temp_dir("uirgrade-stop-run");
    ASSERT_FALSE(run_.empty());
    fs::create_directories(run_ / "tmp");
    chmod((run_ / "tmp").c_str(), 01777);
    fs::create_directories(run_ / "cwd");
    chmod((run_ / "cwd").c_str(), 0700);  // the reports: out of a borrowed uid's reach, as the uid tier requires
  }
  void TearDown() override {
    if (run_.empty()) return;
    clean_after_kill(run_ / "tmp");
    std::error_code ec;
    fs::remove_all(run_, ec);
  }

  /// Starts `grade ARGS`, waits until `ready`, sends `signal`, and returns the wait status.
  int stop(const std::vector<std::string>& args, const std::function<bool()>& ready, int signal) {
    pid_t pid = start_grade(area_, args, run_ / "tmp", run_ / "log", run_ / "cwd");
    const bool was_ready = wait_for(ready);
    EXPECT_TRUE(was_ready) << "the student never hung:\n" << slurp(run_ / "log");
    kill(pid, signal);
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
  }
  std::vector<std::string> one_student_args(const std::string& tier) const {
    return {"--week", "3", "--only", "week3/acc*", "--suites", (area_ / "suites").string(), "--sandbox", tier, "--timeout", "100", "--jobs", "2",
            "--format", "text", "--output", (run_ / "cwd/report.txt").string(), (subs_ / "b/student-uirc").string()};
  }
  std::vector<std::string> class_args(const std::string& tier) const {
    return {"class", "--week", "3", "--only", "week3/acc*", "--suites", (area_ / "suites").string(), "--sandbox", tier, "--timeout", "100", "--jobs", "2",
            "--out", (run_ / "cwd/class").string(), subs_.string()};
  }
  static bool hanging() { return !processes_mentioning(std::string("sleep ") + kHangSeconds).empty(); }

  static fs::path area_, subs_;
  fs::path run_;
};
fs::path StoppedGraderEndToEnd::area_, StoppedGraderEndToEnd::subs_;

TEST_P(StoppedGraderEndToEnd, OneStudentLeavesNothingBehind) {
  const std::string tier = GetParam();
  const int signal = tier == "namespaces" ? SIGTERM : tier == "uid" ? SIGINT : SIGHUP;
  int status = stop(one_student_args(tier), hanging, signal);
  const std::string log = slurp(run_ / "log");
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status) << "\n" << log;
  EXPECT_EQ(WEXITSTATUS(status), 128 + signal) << log;
  EXPECT_EQ(leftovers(run_ / "tmp"), "") << log;
  const std::string report = slurp(run_ / "cwd/report.txt");
  EXPECT_NE(report.find("not run: the grader was stopped"), std::string::npos) << report << log;
}

TEST_P(StoppedGraderEndToEnd, AClassWritesTheGradebookOfWhoWasGradedMarkedIncomplete) {
  const std::string tier = GetParam();
  const int signal = tier == "namespaces" ? SIGHUP : tier == "uid" ? SIGTERM : SIGINT;
  const fs::path out = run_ / "cwd/class";
  // The uid tier grades a class only from submissions that give others nothing (private copies).
  const std::string mode = tier == "uid" ? "go-rwx" : "a+rX";
  ASSERT_EQ(std::system(("chmod -R " + mode + " " + subs_.string()).c_str()), 0);
  // Ready once "a" is saved and "b" hangs.
  int status = stop(class_args(tier), [&] { return fs::exists(out / "state/a.json") && hanging(); }, signal);
  const std::string log = slurp(run_ / "log");
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status) << "\n" << log;
  EXPECT_EQ(WEXITSTATUS(status), 128 + signal) << log;
  EXPECT_EQ(leftovers(run_ / "tmp"), "") << log;
  const std::string gradebook = slurp(out / "gradebook.csv");
  EXPECT_NE(gradebook.find("\na,graded,"), std::string::npos) << gradebook << log;
  EXPECT_NE(gradebook.find("\nb,not-graded,"), std::string::npos) << gradebook;
  EXPECT_NE(gradebook.find("\nc,not-graded,"), std::string::npos) << gradebook;
  EXPECT_NE(slurp(out / "class.html").find("<b>Incomplete</b>: the grader was stopped"), std::string::npos);
  EXPECT_FALSE(fs::exists(out / "state/b.json")) << "a student cut short must be graded again by the next run";
  EXPECT_NE(slurp(out / "class.json").find("\"incomplete\""), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Tiers, StoppedGraderEndToEnd, ::testing::Values("namespaces", "uid", "none"));

// The test can fail: the same run ended by SIGKILL leaves the grader's files (and, in the
// namespaces tier, its mounts) behind.
TEST_F(StoppedGraderEndToEnd, ARunKilledWithoutItsHandlersLeavesThingsBehind) {
  int status = stop(one_student_args("namespaces"), hanging, SIGKILL);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_NE(leftovers(run_ / "tmp"), "") << "nothing to clean up: the test above shows nothing";
}

}  // namespace
}  // namespace uirgrade
