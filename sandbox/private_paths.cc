// The walk is the grader's (as root); the questions are asked in one forked child that takes the
// uid and calls access() on each path collected beforehand, so the child allocates nothing
// (it is the child of a threaded program) and a tree of thousands of files costs one fork.
#include "sandbox/private_paths.h"

#include <dirent.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace uirgrade {
namespace {

// More than the suites and a build directory hold; beyond it the walk stops (and says so).
constexpr size_t kMaxEntries = 200'000;

struct Candidate {
  std::string path;
  int mode;      // R_OK or W_OK (with X_OK for a directory)
  size_t guarded;  // index into the GuardedPath list
  std::string top;  // what to make private
};

// The nearest existing directory that holds `path` (itself when it exists).
std::string nearest_existing(std::string path) {
  struct stat info {};
  while (!path.empty() && lstat(path.c_str(), &info) != 0) {
    size_t slash = path.find_last_of('/');
    path = slash == 0 ? "/" : slash == std::string::npos ? "." : path.substr(0, slash);
  }
  return path;
}

void add_candidates(const std::string& top, size_t index, bool whole_tree, std::vector<Candidate>& out) {
  struct stat info {};
  if (lstat(top.c_str(), &info) != 0) {  // not written yet: its directory must not be writable
    std::string parent = nearest_existing(top);
    out.push_back({parent, W_OK | X_OK, index, parent});
    return;
  }
  std::vector<std::string> pending = {top};
  while (!pending.empty() && out.size() < kMaxEntries) {
    std::string path = std::move(pending.back());
    pending.pop_back();
    if (lstat(path.c_str(), &info) != 0 || S_ISLNK(info.st_mode)) continue;
    bool directory = S_ISDIR(info.st_mode);
    out.push_back({path, R_OK, index, top});
    out.push_back({path, directory ? W_OK | X_OK : W_OK, index, top});
    if (!directory || !whole_tree) continue;
    if (DIR* dir = opendir(path.c_str())) {
      while (dirent* entry = readdir(dir)) {
        std::string name = entry->d_name;
        if (name != "." && name != "..") pending.push_back(path + "/" + name);
      }
      closedir(dir);
    }
  }
}

}  // namespace

std::optional<Exposure> find_exposed_path(const std::vector<GuardedPath>& guarded, uid_t uid, gid_t gid) {
  std::vector<Candidate> candidates;
  for (size_t k = 0; k < guarded.size(); k++) add_candidates(guarded[k].path, k, guarded[k].whole_tree, candidates);
  int answer[2];
  if (pipe(answer) != 0) return Exposure{guarded.empty() ? "" : guarded[0].path, "check", "", ""};
  pid_t child = fork();
  if (child == 0) {
    close(answer[0]);
    if (syscall(SYS_setgroups, 0, nullptr) != 0 || syscall(SYS_setresgid, gid, gid, gid) != 0 ||
        syscall(SYS_setresuid, uid, uid, uid) != 0)
      _exit(1);
    int64_t first = -1;
    for (size_t k = 0; k < candidates.size() && first < 0; k++)
      if (access(candidates[k].path.c_str(), candidates[k].mode) == 0) first = static_cast<int64_t>(k);
    ssize_t written = write(answer[1], &first, sizeof first);
    _exit(written == sizeof first ? 0 : 1);
  }
  close(answer[1]);
  int64_t first = -2;
  ssize_t got = child > 0 ? read(answer[0], &first, sizeof first) : -1;
  close(answer[0]);
  int status = 0;
  if (child > 0) waitpid(child, &status, 0);
  if (got != sizeof first || first < -1)  // the check itself failed: refuse rather than trust
    return Exposure{guarded.empty() ? "" : guarded[0].path, "check", guarded.empty() ? "" : guarded[0].what,
                    guarded.empty() ? "" : guarded[0].path};
  if (first < 0) return std::nullopt;
  const Candidate& found = candidates[static_cast<size_t>(first)];
  return Exposure{found.path, found.mode & W_OK ? "write" : "read", guarded[found.guarded].what, found.top,
                  guarded[found.guarded].whole_tree};
}

std::string exposure_message(const Exposure& exposure, uid_t uid) {
  if (exposure.access == "check")
    return fmt::format("could not check, as uid {}, that {} is private to the grader", uid, exposure.path);
  return fmt::format("the student uid {} could {} {} ({}): with --sandbox uid students see the whole file "
                     "system, so run `{} {}` before grading (or grade where namespaces work)",
                     uid, exposure.access, exposure.path, exposure.what,
                     exposure.whole_tree ? "chmod -R go-rwx" : "chmod go-rw", exposure.top);
}

}  // namespace uirgrade
