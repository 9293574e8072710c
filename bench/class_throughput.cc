// Throughput of `grade class` against one `grade` run per student (issue 14). Run by hand:
//   build/bench_class_throughput [STUDENTS] [JOBS] [SANDBOX] [same|distinct]
//   (defaults: 50, every core, auto, same)
// Makes a class of STUDENTS copies of the oracle CLI (each folder's student-uirc is the uir-oracle
// binary), then, in the same run and with the same week 3 tests, seed, jobs and sandbox, grades
// them once with `grade class` and then as STUDENTS sequential `grade` runs (the shell loop a
// class needed before; each prints a progress line on stderr). Prints students per minute for each and the ratio (target: >= 1.5x).
// Every student must score 100% in both, or the figures mean nothing and the bench says so.
// `same` copies render identical C, which grade class's compile cache (keyed by the C text) then
// compiles once for the whole class; real students' C differs. `distinct` makes each student a
// two-line wrapper that appends a comment naming the student to the oracle's C, so every student's
// kernels are compiled as a real class's would be (both sides pay the wrapper's shell start).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "base/csv.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

const std::string kGrade = UIRGRADE_BINARY_DIR "/grade";
const std::string kOracle = UIRGRADE_BINARY_DIR "/uir-oracle";
const std::string kSeed = "1";

/// Runs `grade ARGS` with stdout and stderr to `log`; its exit code (-1: it did not exit).
int run_grade(const std::vector<std::string>& args, const fs::path& log) {
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) _exit(126);
    std::vector<char*> argv = {const_cast<char*>(kGrade.c_str())};
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

[[noreturn]] void fail(const std::string& message, const fs::path& log) {
  std::fprintf(stderr, "bench_class_throughput: %s (log: %s)\n%s\n", message.c_str(), log.c_str(),
               read_file(log).substr(0, 4000).c_str());
  std::exit(1);
}

/// How many gradebook rows score 100%.
int full_marks(const fs::path& gradebook) {
  auto parsed = uirgrade::parse_csv(read_file(gradebook));
  auto* rows = std::get_if<std::vector<std::vector<std::string>>>(&parsed);
  if (!rows || rows->empty()) return 0;
  size_t percent = 0;
  while (percent < rows->front().size() && rows->front()[percent] != "percent") ++percent;
  int full = 0;
  for (size_t r = 1; r < rows->size(); ++r) full += percent < (*rows)[r].size() && (*rows)[r][percent] == "100.0";
  return full;
}

double load_average() {
  double load = 0;
  return getloadavg(&load, 1) == 1 ? load : -1;
}

}  // namespace

int main(int argc, char** argv) {
  const int students = argc > 1 ? std::atoi(argv[1]) : 50;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::string jobs = argc > 2 ? argv[2] : std::to_string(cores);
  const std::string sandbox = argc > 3 ? argv[3] : "auto";
  const std::string renders = argc > 4 ? argv[4] : "same";
  if (students < 1 || (renders != "same" && renders != "distinct")) {
    std::fprintf(stderr, "usage: bench_class_throughput [STUDENTS] [JOBS] [SANDBOX] [same|distinct]\n");
    return 2;
  }

  // World-readable: when the grader is root, students run under a borrowed uid.
  fs::path dir = fs::temp_directory_path() / fmt::format("uirgrade-bench-class-{}", getpid());
  fs::path subs = dir / "subs", sequential = dir / "sequential", class_out = dir / "class";
  fs::create_directories(subs);
  fs::create_directories(sequential);
  for (int s = 0; s < students; ++s) {
    fs::path folder = subs / fmt::format("s{:03}", s);
    fs::create_directories(folder);
    if (renders == "same") {
      fs::copy_file(kOracle, folder / "student-uirc");
      continue;
    }
    fs::copy_file(kOracle, folder / "uir-oracle");
    std::ofstream(folder / "student-uirc") << fmt::format(
        "#!/bin/sh\n\"$(dirname \"$0\")/uir-oracle\" \"$@\" || exit $?\n"
        "if [ \"$1\" = render ]; then echo '/* s{:03} */'; fi\n", s);
    fs::permissions(folder / "student-uirc", fs::perms::owner_all, fs::perm_options::add);
  }
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    fs::permissions(entry.path(), fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
  fs::permissions(dir, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
  const std::vector<std::string> shared = {"--week", "3", "--seed", kSeed, "-j", jobs, "--sandbox", sandbox};

  std::printf("class of %d copies of uir-oracle (%s renders), week 3, seed %s, -j %s, --sandbox %s (load %.1f)\n",
              students, renders.c_str(), kSeed.c_str(), jobs.c_str(), sandbox.c_str(), load_average());
  std::fflush(stdout);

  auto start = std::chrono::steady_clock::now();
  std::vector<std::string> class_args = {"class"};
  class_args.insert(class_args.end(), shared.begin(), shared.end());
  for (const std::string& arg : {subs.string(), std::string("--out"), class_out.string()}) class_args.push_back(arg);
  const fs::path class_log = dir / "class.log";
  if (int code = run_grade(class_args, class_log); code != 0) fail(fmt::format("grade class exited {}", code), class_log);
  const double class_seconds = seconds_since(start);
  if (int full = full_marks(class_out / "gradebook.csv"); full != students)
    fail(fmt::format("{} of {} students scored 100% in grade class", full, students), class_log);
  std::printf("one `grade class` run:       %8.1f s  %6.2f students/minute (load %.1f)\n", class_seconds,
              60 * students / class_seconds, load_average());
  std::fflush(stdout);
  start = std::chrono::steady_clock::now();
  for (int s = 0; s < students; ++s) {
    std::string id = fmt::format("s{:03}", s);
    std::vector<std::string> args = shared;
    for (const std::string& arg : {(subs / id / "student-uirc").string(), std::string("--format"),
                                   std::string("json"), std::string("--output"), (sequential / (id + ".json")).string()})
      args.push_back(arg);
    fs::path log = sequential / (id + ".log");
    if (int code = run_grade(args, log); code != 0) fail(fmt::format("grade {} exited {}", id, code), log);
    std::fprintf(stderr, "  grade %s: done at %.1f s\n", id.c_str(), seconds_since(start));
  }
  const double sequential_seconds = seconds_since(start);
  std::printf("%d sequential `grade` runs: %8.1f s  %6.2f students/minute (load %.1f)\n", students,
              sequential_seconds, 60 * students / sequential_seconds, load_average());
  std::printf("grade class is %.2fx the throughput of sequential grade runs (target >= 1.5x)\n",
              sequential_seconds / class_seconds);
  fs::remove_all(dir);
  return 0;
}
