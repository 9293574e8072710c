// End-to-end `grade class`: a class of ten built from the oracle, its catalogued mutants
// (uir-mutant) and the misbehaving students of grader/testdata/students, plus a missing
// and a non-executable submission. The run is killed for real (SIGKILL) once a few students are
// saved, rerun, and must reuse exactly those; then the gradebook's rows and the report are checked.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include <gtest/gtest.h>

#include "base/csv.h"
#include "grader/shell_testing.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;
using Rows = std::vector<std::vector<std::string>>;

const std::string kBinaryDir = UIRGRADE_BINARY_DIR;

void write_student(const fs::path& dir, const std::string& id, const std::string& script, mode_t mode = 0755) {
  fs::create_directories(dir / id);
  std::ofstream(dir / id / "student-uirc") << script;
  chmod((dir / id / "student-uirc").c_str(), mode);
}

/// A student that runs `binary` (copied into its folder: the sandbox shows the student its own
/// folder, not the build tree) with `flags`.
void write_wrapped(const fs::path& dir, const std::string& id, const std::string& binary, const std::string& flags = "") {
  fs::create_directories(dir / id);
  fs::copy_file(binary, dir / id / "prog", fs::copy_options::overwrite_existing);
  write_student(dir, id, "#!/bin/sh\nexec \"$(dirname \"$0\")/prog\" " + flags + " \"$@\"\n");
}

/// Starts `grade class ...` with stderr to `log`; returns its pid.
pid_t start_grade(const std::vector<std::string>& args, const fs::path& log) {
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    std::vector<char*> argv;
    std::string grade = kBinaryDir + "/grade";
    argv.push_back(grade.data());
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::map<std::string, fs::file_time_type> saved_states(const fs::path& out) {
  std::map<std::string, fs::file_time_type> saved;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out / "state", ec))
    if (entry.path().extension() == ".json") saved[entry.path().stem().string()] = entry.last_write_time();
  return saved;
}

using uirgrade::slurp;

TEST(ClassIntegration, TenStudentsKilledHalfwayResumeAndFillTheGradebook) {
  fs::path dir = fs::temp_directory_path() / ("uirgrade-class-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::path subs = dir / "subs", out = dir / "out";
  std::string oracle = kBinaryDir + "/uir-oracle", mutant = kBinaryDir + "/uir-mutant";
  std::string students = kBinaryDir + "/students/";
  write_wrapped(subs, "ann", oracle);
  write_wrapped(subs, "bob", mutant, "loads-never-move");
  write_wrapped(subs, "cy", mutant, "subset-scope");
  write_wrapped(subs, "dan", students + "student_segfault");
  write_wrapped(subs, "eve", students + "student_print_garbage");
  write_wrapped(subs, "fay", students + "student_exit_seven");
  write_wrapped(subs, "gus", students + "student_sleep_forever");
  write_wrapped(subs, "hal", students + "student_echo_stdin");
  fs::create_directories(subs / "ivy");  // handed in nothing
  write_student(subs, "jon", "#!/bin/sh\nexit 0\n", 0644);
  // Students run as another uid when the grader is root: every folder readable and searchable,
  // every file readable, whatever the umask (a root grader's process runner sets 077 for the
  // process, so an earlier in-process test in the same binary leaves it so).
  fs::permissions(dir, fs::perms::all);
  const fs::perms read = fs::perms::others_read | fs::perms::group_read | fs::perms::owner_read;
  const fs::perms search = fs::perms::others_exec | fs::perms::group_exec | fs::perms::owner_exec;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    fs::permissions(entry.path(), entry.is_directory() ? read | search : read, fs::perm_options::add);
  std::vector<std::string> args = {"class", "--week", "3", subs.string(), "--out", out.string(), "-j", "2",
                                   "--student-budget", "15", "--only", "week3/[ab]*", "--only", "week3/conv1d",
                                   "--only", "week3/sib*"};  // a set the 15 s budget holds on a busy machine

  // Killed once four students are saved (the two that cannot be graded are saved first).
  pid_t first = start_grade(args, dir / "first.log");
  auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (saved_states(out).size() < 4 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  kill(first, SIGKILL);
  wait_exit(first);
  std::map<std::string, fs::file_time_type> before = saved_states(out);
  ASSERT_GE(before.size(), 4u) << slurp(dir / "first.log");
  ASSERT_LT(before.size(), 10u) << "the run finished before it could be killed halfway";
  EXPECT_FALSE(fs::exists(out / "gradebook.csv"));

  pid_t second = start_grade(args, dir / "second.log");
  EXPECT_EQ(wait_exit(second), 0) << slurp(dir / "second.log");
  std::string log = slurp(dir / "second.log");
  for (const auto& [id, time] : before) {
    EXPECT_NE(log.find("reused " + id + ":"), std::string::npos) << id << "\n" << log;
    EXPECT_EQ(saved_states(out)[id], time) << id << " was saved again";
  }
  EXPECT_EQ(saved_states(out).size(), 10u);

  Rows rows = std::get<Rows>(uirgrade::parse_csv(slurp(out / "gradebook.csv")));
  ASSERT_EQ(rows.size(), 11u);
  std::map<std::string, std::map<std::string, std::string>> gradebook;
  for (size_t r = 1; r < rows.size(); ++r)
    for (size_t c = 0; c < rows[0].size(); ++c) gradebook[rows[r][0]][rows[0][c]] = rows[r][c];
  const std::string max = gradebook["ann"]["max"];
  EXPECT_EQ(gradebook["ann"]["score"], max);  // the oracle itself
  EXPECT_EQ(gradebook["ann"]["percent"], "100.0");
  for (const char* id : {"bob", "cy"}) {  // each catalogued bug loses points, but not all
    EXPECT_LT(std::stod(gradebook[id]["score"]), std::stod(max)) << id;
    EXPECT_GT(std::stod(gradebook[id]["score"]), 0) << id;
  }
  EXPECT_NE(gradebook["bob"]["wrong-buffer"], "0");  // the accumulator never accumulates
  EXPECT_EQ(gradebook["dan"]["score"], "0");
  const std::string tests = gradebook["ann"]["pass"];  // the oracle passes every test
  EXPECT_EQ(gradebook["dan"]["crash"], tests);
  EXPECT_EQ(gradebook["eve"]["score"], "0");
  EXPECT_EQ(gradebook["fay"]["score"], "0");
  EXPECT_EQ(gradebook["gus"]["score"], "0");
  // Every test a time-out or, once the budget is spent, not run.
  EXPECT_EQ(std::stoi(gradebook["gus"]["timeout"]) + std::stoi(gradebook["gus"]["not-run"]), std::stoi(tests));
  EXPECT_NE(gradebook["gus"]["not-run"], "0");
  EXPECT_NE(gradebook["gus"]["reason"].find("time budget of 15 s ran out"), std::string::npos);
  EXPECT_EQ(gradebook["ivy"]["status"], "missing");
  EXPECT_EQ(gradebook["ivy"]["score"], "0");
  EXPECT_EQ(gradebook["ivy"]["max"], max);
  EXPECT_NE(gradebook["ivy"]["reason"].find("no student-uirc"), std::string::npos);
  EXPECT_EQ(gradebook["jon"]["status"], "not-executable");
  EXPECT_EQ(gradebook["jon"]["score"], "0");

  std::string html = slurp(out / "class.html");
  EXPECT_NE(html.find("<svg id=\"histogram\""), std::string::npos);
  EXPECT_NE(html.find("<h1>Week 3: 10 students</h1>"), std::string::npos);
  // Tests that share an `# about:` line are one cause: bob's accumulator and conv1d both say "the
  // load rule" in suites/week3, so they are counted under one summary, not two.
  size_t load_rule = html.find("</b>: spec §5.3, the load rule: a load moves into the loop that stores into its version — ");
  ASSERT_NE(load_rule, std::string::npos) << html;
  std::string cause = html.substr(load_rule, html.find("</details>", load_rule) - load_rule);
  EXPECT_NE(cause.find("week3/accumulator ("), std::string::npos) << cause;
  EXPECT_NE(cause.find("week3/conv1d ("), std::string::npos) << cause;
  EXPECT_NE(cause.find("bob"), std::string::npos) << cause;
  EXPECT_TRUE(fs::exists(out / "students/gus.json"));
  EXPECT_TRUE(fs::exists(out / "students/gus.txt"));
  if (!HasFailure()) fs::remove_all(dir);
}

// The uid tier shows no student a private view of the file system: a class whose submissions
// another uid can read (student B reading A's folder) is refused before anyone is graded.
TEST(ClassIntegration, TheUidTierRefusesSubmissionsThatAnotherUidCanRead) {
  if (geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
  fs::path dir = fs::temp_directory_path() / ("uirgrade-class-uid-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::path subs = dir / "subs";
  write_wrapped(subs, "ann", kBinaryDir + "/uir-oracle");
  const fs::perms open_to_all = fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec;
  fs::permissions(dir, open_to_all);  // whatever the umask: the submissions' own mode decides
  fs::permissions(subs, open_to_all);
  std::vector<std::string> args = {"class", "--week", "3", subs.string(), "--out", (dir / "out").string(),
                                   "--sandbox", "uid", "--only", "week3/acc*"};
  EXPECT_EQ(wait_exit(start_grade(args, dir / "open.log")), 2);
  std::string log = slurp(dir / "open.log");
  EXPECT_NE(log.find("(the submissions)"), std::string::npos) << log;
  EXPECT_NE(log.find("chmod -R go-rwx " + subs.string()), std::string::npos) << log;
  EXPECT_FALSE(fs::exists(dir / "out/state")) << "a student was graded";

  // Private submissions pass that check (the grader's own paths may still be refused here).
  fs::permissions(subs, fs::perms::owner_all);
  int code = wait_exit(start_grade(args, dir / "private.log"));
  log = slurp(dir / "private.log");
  EXPECT_EQ(log.find("(the submissions)"), std::string::npos) << log;
  if (code == 0) {
    EXPECT_NE(log.find("graded ann: "), std::string::npos) << log;
  }
  if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
