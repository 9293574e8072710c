// A correct student compiler in C++: threads for its front end, its own file read from beside it
// (found through /proc/self/exe), and a child process, the native core that computes the language
// (core/uirc-core). Built with the sanitizers as well (cpp-sanitized/: the same file).
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

// The value of `key=value` in the student's own configuration file.
std::string setting(const std::filesystem::path& file, const std::string& key) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(key + "=", 0) == 0) return line.substr(key.size() + 1);
  throw std::runtime_error(file.string() + " has no " + key);
}

int compile(const std::string& command, const std::string& program, const std::string& core) {
  // The front end: the program's lines tokenised on threads of their own.
  std::ifstream in(program);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<size_t> counts(4, 0);
  std::vector<std::thread> workers;
  for (size_t w = 0; w < counts.size(); w++)
    workers.emplace_back([&, w] {
      for (size_t k = w; k < lines.size(); k += counts.size()) {
        std::istringstream words(lines[k]);
        for (std::string word; words >> word;) counts[w]++;
      }
    });
  for (std::thread& worker : workers) worker.join();

  std::vector<char*> argv = {const_cast<char*>(core.c_str()), const_cast<char*>(command.c_str()),
                             const_cast<char*>(program.c_str()), nullptr};
  int out[2];
  if (pipe(out) != 0) return 3;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (command == "render") posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addclose(&actions, out[1]);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, core.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    std::cerr << "the core does not start: " << core << "\n";
    return 3;
  }
  close(out[1]);
  char buffer[65536];
  ssize_t n;
  while ((n = read(out[0], buffer, sizeof buffer)) > 0) fwrite(buffer, 1, static_cast<size_t>(n), stdout);
  close(out[0]);
  fflush(stdout);
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}

}  // namespace

// `hog`, which no grader sends: memory held without end, for the memory-limit test.
[[noreturn]] void hog() {
  std::vector<std::vector<char>> held;
  for (;;) held.emplace_back(1 << 20, 1);
}

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "hog") hog();
  if (argc != 3 || (std::string(argv[1]) != "run" && std::string(argv[1]) != "render")) {
    std::cerr << "usage: student-uirc run|render PROG.uir\n";
    return 2;
  }
  const std::filesystem::path here = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  return compile(argv[1], argv[2], (here / setting(here / "uirc.conf", "core")).string());
}
