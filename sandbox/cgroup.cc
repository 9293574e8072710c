// Run cgroups (see cgroup.h). Each run's cgroups are children of the grader's own cgroups, so that
// whatever limits the grader itself runs under (a CI job's, a container's) still hold above them.
// A run joins by its first process writing "0" into each cgroup.procs before exec (process_child.h):
// its descendants are born inside and cannot leave (moving out needs write access to another
// cgroup, which the borrowed uid does not have).
#include "sandbox/cgroup.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include <fmt/format.h>

namespace uirgrade {
namespace {

using Clock = std::chrono::steady_clock;

// A cgroup file's text, or "" when it cannot be read (the controller or the file is not there).
std::string read_cgroup_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

bool write_text(const std::string& path, const std::string& text) {
  int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  return ok;
}

bool has_word(const std::string& list, char separator, const std::string& word) {
  std::stringstream words(list);
  std::string item;
  while (std::getline(words, item, separator))
    if (item == word) return true;
  return false;
}

// Whether a child cgroup can be made (and removed) in `dir`: root on a writable hierarchy.
bool can_make_children(const std::string& dir) {
  if (dir.empty()) return false;
  std::string probe = fmt::format("{}/uirgrade-probe-{}", dir, getpid());
  if (mkdir(probe.c_str(), 0755) != 0) return false;
  return rmdir(probe.c_str()) == 0;
}

struct Mount {
  std::string root, point, type, super_options;
};

std::vector<Mount> cgroup_mounts() {
  std::vector<Mount> mounts;
  std::ifstream mountinfo("/proc/self/mountinfo");
  std::string line;
  while (std::getline(mountinfo, line)) {
    // id parent major:minor root mount-point options [optional fields] - type source super-options
    std::istringstream fields(line);
    std::string id, parent, device, root, point, options, word;
    fields >> id >> parent >> device >> root >> point >> options;
    while (fields >> word && word != "-") {
    }
    Mount mount{root, point, "", ""};
    std::string source;
    fields >> mount.type >> source >> mount.super_options;
    if (mount.type == "cgroup" || mount.type == "cgroup2") mounts.push_back(mount);
  }
  return mounts;
}

// The directory of our cgroup for v1 `controller`, or for v2 when controller is "".
std::string own_cgroup_directory(const std::vector<Mount>& mounts, const std::string& controller) {
  std::ifstream membership("/proc/self/cgroup");
  std::string line;
  while (std::getline(membership, line)) {
    // hierarchy-id:controller-list:path
    size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    std::string controllers = line.substr(first + 1, second - first - 1);
    std::string path = line.substr(second + 1);
    bool wanted = controller.empty() ? line.rfind("0::", 0) == 0 : has_word(controllers, ',', controller);
    if (!wanted) continue;
    for (const Mount& mount : mounts) {
      bool matches = controller.empty() ? mount.type == "cgroup2"
                                        : mount.type == "cgroup" && has_word(mount.super_options, ',', controller);
      if (matches) return cgroup_directory(mount.point, mount.root, path);
    }
  }
  return "";
}

// Whether `controller` is (or can be made) available to the children of the v2 cgroup `dir`.
bool v2_delegates(const std::string& dir, const std::string& controller) {
  if (has_word(read_cgroup_file(dir + "/cgroup.subtree_control"), ' ', controller)) return true;
  if (!has_word(read_cgroup_file(dir + "/cgroup.controllers"), ' ', controller)) return false;
  // Refused (EBUSY) while the grader's own cgroup holds processes, unless it is the root.
  return write_text(dir + "/cgroup.subtree_control", "+" + controller);
}

CgroupLayout probe_layout() {
  CgroupLayout layout;
  std::vector<Mount> mounts = cgroup_mounts();
  std::string v2 = own_cgroup_directory(mounts, "");
  if (can_make_children(v2) && access((v2 + "/cgroup.kill").c_str(), F_OK) == 0) {
    layout.v2_dir = v2;
    layout.v2_memory = v2_delegates(v2, "memory");
    layout.v2_pids = v2_delegates(v2, "pids");
  }
  if (!layout.v2_memory) {
    std::string memory = own_cgroup_directory(mounts, "memory");
    if (can_make_children(memory)) layout.v1_memory_dir = memory;
  }
  if (!layout.v2_pids) {
    std::string pids = own_cgroup_directory(mounts, "pids");
    if (can_make_children(pids)) layout.v1_pids_dir = pids;
  }
  return layout;
}

std::vector<pid_t> listed_processes(const std::string& dir) {
  std::vector<pid_t> pids;
  std::ifstream procs(dir + "/cgroup.procs");
  pid_t pid = 0;
  while (procs >> pid) pids.push_back(pid);
  return pids;
}

uint64_t read_number(const std::string& path) {
  std::ifstream in(path);
  uint64_t value = 0;
  in >> value;
  return value;
}

// Makes the child cgroup `name` of `parent` and opens its cgroup.procs; "" on failure.
std::string make_child(const std::string& parent, const std::string& name, std::vector<int>* join_fds,
                       std::string* error) {
  std::string dir = parent + "/" + name;
  if (mkdir(dir.c_str(), 0755) != 0) {
    *error = fmt::format("cannot make the cgroup {}: {}", dir, strerror(errno));
    return "";
  }
  int fd = open((dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = fmt::format("cannot open {}/cgroup.procs: {}", dir, strerror(errno));
    rmdir(dir.c_str());
    return "";
  }
  join_fds->push_back(fd);
  return dir;
}

bool set_limit(const std::string& dir, const char* file, uint64_t value, std::string* error) {
  if (write_text(dir + "/" + file, std::to_string(value))) return true;
  *error = fmt::format("cannot write {}/{}: {}", dir, file, strerror(errno));
  return false;
}

}  // namespace

std::string CgroupLayout::description() const {
  std::vector<std::string> parts;
  auto version = [](bool v2) { return v2 ? "v2" : "v1"; };
  if (limits_memory()) parts.push_back(fmt::format("memory by cgroup {}", version(v2_memory)));
  if (limits_processes()) parts.push_back(fmt::format("processes by cgroup {}", version(v2_pids)));
  if (kills_atomically()) parts.push_back("killed at once by cgroup.kill");
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

const CgroupLayout& cgroup_layout() {
  static const CgroupLayout layout = probe_layout();
  return layout;
}

std::string cgroup_directory(const std::string& mount_point, const std::string& mount_root,
                             const std::string& cgroup_path) {
  std::string relative = cgroup_path;
  if (mount_root != "/") {
    if (cgroup_path != mount_root && cgroup_path.rfind(mount_root + "/", 0) != 0) return "";
    relative = cgroup_path.substr(mount_root.size());
  }
  if (relative == "/") relative.clear();
  return mount_point + relative;
}

uint64_t cgroup_keyed_value(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  std::string name;
  uint64_t value = 0;
  while (lines >> name >> value)
    if (name == key) return value;
  return 0;
}

std::optional<RunCgroup> RunCgroup::create(const CgroupLayout& layout, uint64_t memory_bytes, uint64_t processes,
                                           std::string* error) {
  if (!layout.makes_cgroups()) {
    *error = "no cgroup can be made here";
    return std::nullopt;
  }
  static std::atomic<uint64_t> counter{0};
  const std::string name = fmt::format("uirgrade-{}-{}", getpid(), counter++);
  RunCgroup run;  // from here on, what is made is removed on every early return
  run.memory_v2_ = layout.v2_memory;
  if (!layout.v2_dir.empty() && (run.kill_dir_ = make_child(layout.v2_dir, name, &run.join_fds_, error)).empty())
    return std::nullopt;
  if (layout.v2_memory) run.memory_dir_ = run.kill_dir_;
  if (layout.v2_pids) run.pids_dir_ = run.kill_dir_;
  if (!layout.v2_memory && !layout.v1_memory_dir.empty() &&
      (run.memory_dir_ = make_child(layout.v1_memory_dir, name, &run.join_fds_, error)).empty())
    return std::nullopt;
  if (!layout.v2_pids && !layout.v1_pids_dir.empty() &&
      (run.pids_dir_ = make_child(layout.v1_pids_dir, name, &run.join_fds_, error)).empty())
    return std::nullopt;

  if (memory_bytes > 0 && !run.memory_dir_.empty()) {
    if (!set_limit(run.memory_dir_, run.memory_v2_ ? "memory.max" : "memory.limit_in_bytes", memory_bytes, error))
      return std::nullopt;
    // No swap beyond the limit (the files are absent without swap accounting), and in v2 one
    // process killed for memory takes the whole tree with it.
    std::string ignored;
    if (run.memory_v2_) {
      set_limit(run.memory_dir_, "memory.swap.max", 0, &ignored);
      set_limit(run.memory_dir_, "memory.oom.group", 1, &ignored);
    } else {
      set_limit(run.memory_dir_, "memory.memsw.limit_in_bytes", memory_bytes, &ignored);
    }
  }
  if (processes > 0 && !run.pids_dir_.empty() && !set_limit(run.pids_dir_, "pids.max", processes, error))
    return std::nullopt;
  return run;
}

RunCgroup::RunCgroup(RunCgroup&& other) noexcept
    : memory_dir_(std::move(other.memory_dir_)),
      pids_dir_(std::move(other.pids_dir_)),
      kill_dir_(std::move(other.kill_dir_)),
      memory_v2_(other.memory_v2_),
      join_fds_(std::move(other.join_fds_)) {
  other.memory_dir_.clear();
  other.pids_dir_.clear();
  other.kill_dir_.clear();
  other.join_fds_.clear();
}

bool RunCgroup::kill_all() {
  std::vector<std::string> dirs;
  for (const std::string* dir : {&kill_dir_, &memory_dir_, &pids_dir_})
    if (!dir->empty() && std::find(dirs.begin(), dirs.end(), *dir) == dirs.end()) dirs.push_back(*dir);
  if (!kill_dir_.empty()) write_text(kill_dir_ + "/cgroup.kill", "1");
  // Without cgroup.kill: a process with SIGKILL pending forks no more, so killing whatever is
  // listed until nothing is converges (the process limit bounds each round).
  const auto give_up = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < give_up) {
    bool any = false;
    for (const std::string& dir : dirs)
      for (pid_t pid : listed_processes(dir)) {
        any = true;
        kill(pid, SIGKILL);
      }
    if (!any) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

uint64_t RunCgroup::peak_memory_bytes() const {
  if (memory_dir_.empty()) return 0;
  return read_number(memory_dir_ + (memory_v2_ ? "/memory.peak" : "/memory.max_usage_in_bytes"));
}

bool RunCgroup::memory_limit_hit() const {
  if (memory_dir_.empty()) return false;
  std::string events =
      read_cgroup_file(memory_dir_ + (memory_v2_ ? "/memory.events" : "/memory.oom_control"));
  return cgroup_keyed_value(events, "oom_kill") > 0;
}

bool RunCgroup::process_limit_hit() const {
  return !pids_dir_.empty() && cgroup_keyed_value(read_cgroup_file(pids_dir_ + "/pids.events"), "max") > 0;
}

RunCgroup::~RunCgroup() {
  for (int fd : join_fds_) close(fd);
  for (const std::string* dir : {&kill_dir_, &memory_dir_, &pids_dir_}) {
    if (dir->empty() || (dir != &kill_dir_ && *dir == kill_dir_)) continue;
    // An exited process leaves its cgroups at once, but the kernel may still be tearing one down.
    for (int attempt = 0; attempt < 100 && rmdir(dir->c_str()) != 0 && errno == EBUSY; attempt++)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace uirgrade
