// Pre-built sandboxes (see sandbox_pool.h).
//
// A sandbox is `bwrap <minimal root> -- /bin/sh -c 'echo ready && exec cat'`, started in its own
// session with its stdin a pipe whose other end only the grader holds: the holder (`cat`) waits on
// it, so the sandbox ends when the grader closes it or dies, and is killed (its process group:
// bwrap, its init and the holder) when thrown away. Its namespaces are opened through
// /proc/HOLDER/ns, its files reached (to reset them) through /proc/HOLDER/root.
//
// The run parent is a directory of the host bound read-write into the sandbox; each run's directory
// is made in it, one at a time. Where the runs' working directories are capped by a tmpfs, the run
// parent is that tmpfs, mounted once with the cap's size and file count: one run at a time holds
// it, and the reset finds it empty (a mount and an unmount per run cost some 3 ms).
#include "sandbox/sandbox_pool.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <spawn.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "sandbox/bwrap_root.h"
#include "sandbox/process_workdir.h"
#include "sandbox/sandbox.h"

extern char** environ;

namespace uirgrade {
namespace {

// Idle sandboxes kept beyond this many are thrown away, oldest first (grade class moves from one
// submission directory to the next; each needs sandboxes of its own).
constexpr size_t kMostIdle = 8;
// How long a new sandbox may take to say it is ready (bwrap starts slowly on a loaded machine).
constexpr auto kStartTimeout = std::chrono::seconds(20);
// How long after a run its last processes may take to be reaped by the sandbox's init.
constexpr auto kSettleTimeout = std::chrono::milliseconds(500);

constexpr std::array<const char*, 4> kChildNamespaceNames = {"ipc", "uts", "net", "mnt"};
constexpr std::array<int, 4> kChildNamespaceTypes = {CLONE_NEWIPC, CLONE_NEWUTS, CLONE_NEWNET, CLONE_NEWNS};

// The pids listed in /proc/PID/task/PID/children (its children, for a single-threaded process).
std::vector<pid_t> children_of(pid_t pid) {
  std::ifstream file(fmt::format("/proc/{}/task/{}/children", pid, pid));
  std::vector<pid_t> children;
  for (pid_t child = 0; file >> child;) children.push_back(child);
  return children;
}

// The last number of the NSpid line of /proc/PID/status: the pid inside its innermost namespace.
pid_t pid_inside_namespace(pid_t pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  for (std::string line; std::getline(status, line);)
    if (line.rfind("NSpid:", 0) == 0) return static_cast<pid_t>(std::atol(line.substr(line.find_last_of(" \t") + 1).c_str()));
  return -1;
}

bool same_namespace(int fd, const char* own_path) {
  struct stat theirs {}, ours {};
  return fstat(fd, &theirs) == 0 && stat(own_path, &ours) == 0 && theirs.st_ino == ours.st_ino &&
         theirs.st_dev == ours.st_dev;
}

bool exited(int pidfd) {
  pollfd fd{pidfd, POLLIN, 0};
  return poll(&fd, 1, 0) != 0;
}

union SemctlArgument {  // semctl's fourth argument, which callers must declare themselves
  int value;
  semid_ds* buffer;
  unsigned short* array;
  seminfo* info;
};

// Removes every System V IPC object of the caller's IPC namespace; true when none is left.
// Runs in a forked child of the threaded grader: system calls only.
bool remove_every_ipc_object() {
  for (int pass = 0; pass < 2; pass++) {  // the second pass finds nothing, unless a removal failed
    bool found = false;
    shm_info shm_usage{};
    int last = shmctl(0, SHM_INFO, reinterpret_cast<shmid_ds*>(&shm_usage));
    for (int index = 0; index <= last; index++) {
      shmid_ds segment{};
      int id = shmctl(index, SHM_STAT, &segment);
      if (id < 0) continue;
      found = true;
      shmctl(id, IPC_RMID, nullptr);
    }
    seminfo sem_usage{};
    SemctlArgument argument{};
    argument.info = &sem_usage;
    last = semctl(0, 0, SEM_INFO, argument);
    for (int index = 0; index <= last; index++) {
      semid_ds set{};
      argument.buffer = &set;
      int id = semctl(index, 0, SEM_STAT, argument);
      if (id < 0) continue;
      found = true;
      semctl(id, 0, IPC_RMID);
    }
    msginfo msg_usage{};
    last = msgctl(0, MSG_INFO, reinterpret_cast<msqid_ds*>(&msg_usage));
    for (int index = 0; index <= last; index++) {
      msqid_ds queue{};
      int id = msgctl(index, MSG_STAT, &queue);
      if (id < 0) continue;
      found = true;
      msgctl(id, IPC_RMID, nullptr);
    }
    if (!found) return true;
  }
  return false;
}

// The grader's own PID namespace, opened before any thread leaves it.
int own_pid_namespace() {
  static const int fd = open("/proc/self/ns/pid", O_RDONLY | O_CLOEXEC);
  return fd;
}

/// What the holder's shell prints on `fd` up to its first newline, or until it closes or kStartTimeout.
std::string first_line_said(int fd) {
  std::string said;
  const auto give_up = std::chrono::steady_clock::now() + kStartTimeout;
  while (said.find('\n') == std::string::npos && std::chrono::steady_clock::now() < give_up) {
    pollfd pfd{fd, POLLIN, 0};
    if (poll(&pfd, 1, 100) <= 0) continue;
    char buffer[512];
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    said.append(buffer, static_cast<size_t>(n));
  }
  return said;
}

}  // namespace

class PooledSandbox {
 public:
  static std::unique_ptr<PooledSandbox> build(const std::vector<std::string>& read_only_paths, const WorkdirCap& cap,
                                              std::string* error);
  ~PooledSandbox();

  bool alive() const { return bwrap_pidfd_ >= 0 && !exited(bwrap_pidfd_); }
  bool empty_of_processes() const;
  /// Back to as it was built (see sandbox_pool.h), or false: then it must be thrown away.
  bool reset() const;

  std::vector<std::string> read_only_paths;  // sorted: with the cap, the pool's key
  WorkdirCap cap;
  std::string run_parent;
  bool run_parent_holds_cap = false;  // a tmpfs of the cap's size, mounted by build()
  SandboxNamespaces namespaces;

 private:
  PooledSandbox() = default;
  // start(), in the order it does them: bubblewrap holding an idle process (the holder) inside the
  // sandbox, found, and the holder's namespaces opened for the runs to join.
  bool start(std::string* error);
  void note_paths_bound_in_tmp();
  bool spawn_holder(std::vector<std::string>& args, const std::string& bwrap_path, int* ready_fd, std::string* error);
  bool find_holder(std::string* error);
  bool open_namespaces(std::string* error);
  bool reset_namespace_state() const;

  pid_t bwrap_pid_ = -1;
  int bwrap_pidfd_ = -1;
  int holder_stdin_ = -1;  // the write end of the holder's stdin: closing it ends the sandbox
  pid_t holder_pid_ = -1;
  pid_t holder_pid_inside_ = -1;
  std::string root_;  // the sandbox's root as the grader reaches it: /proc/HOLDER/root
  // The entries of the sandbox's /tmp that lead to a bound host path (the run parent, often a
  // read-only path): made by bubblewrap, the student's to read only, and never to be removed.
  std::vector<std::string> bound_in_tmp_;
};

std::unique_ptr<PooledSandbox> PooledSandbox::build(const std::vector<std::string>& read_only_paths,
                                                    const WorkdirCap& cap, std::string* error) {
  std::unique_ptr<PooledSandbox> sandbox(new PooledSandbox());
  sandbox->read_only_paths = read_only_paths;
  sandbox->cap = cap;
  std::error_code ec;
  std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
  if (ec) temp = "/tmp";
  std::string parent = (temp / "uirgrade-sandbox-XXXXXX").string();
  if (!mkdtemp(parent.data())) {
    *error = fmt::format("cannot create a sandbox directory in {}: {}", temp.string(), strerror(errno));
    return nullptr;
  }
  sandbox->run_parent = parent;
  // Search only: a student reaches its own run directory by name, never lists the others'.
  if (chmod(parent.c_str(), 0711) != 0) {
    *error = fmt::format("cannot make {} private: {}", parent, strerror(errno));
    return nullptr;
  }
  if (cap.tmpfs_allowed && (cap.bytes > 0 || cap.files > 0)) {
    if (!mount_capped_tmpfs(parent, cap, 0711, 1)) {
      *error = fmt::format("cannot mount a tmpfs on {}: {}", parent, strerror(errno));
      return nullptr;
    }
    sandbox->run_parent_holds_cap = true;
  }
  if (!sandbox->start(error)) return nullptr;
  return sandbox;
}

bool PooledSandbox::start(std::string* error) {
  BwrapRoot root;
  root.bwrap_path = find_bwrap();
  root.workdir = run_parent;
  root.read_only_paths = read_only_paths;
  root.mqueue = true;  // so that the queues a run makes can be listed and removed
  root.die_with_parent = false;  // it ends when the holder's stdin closes: with the pool or the grader
  std::vector<std::string> args = bwrap_minimal_root(root);
  note_paths_bound_in_tmp();
  for (const char* word : {"/bin/sh", "-c", "echo ready && exec cat"}) args.push_back(word);
  int ready_fd = -1;
  if (!spawn_holder(args, root.bwrap_path, &ready_fd, error)) return false;
  std::string said = first_line_said(ready_fd);
  close(ready_fd);
  if (said != "ready\n") {
    std::string first_line = said.substr(0, said.find('\n'));
    *error = fmt::format("bubblewrap did not start a sandbox{}", first_line.empty() ? "" : ": " + first_line);
    return false;
  }
  return find_holder(error) && open_namespaces(error);
}

void PooledSandbox::note_paths_bound_in_tmp() {
  std::vector<std::string> bound = read_only_paths;
  bound.push_back(run_parent);
  for (const std::string& path : bound)
    if (path.rfind("/tmp/", 0) == 0) bound_in_tmp_.push_back(path.substr(5, path.find('/', 5) - 5));
}

bool PooledSandbox::spawn_holder(std::vector<std::string>& args, const std::string& bwrap_path, int* ready_fd,
                                 std::string* error) {
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  char path_variable[] = "PATH=/usr/bin:/bin";
  char* environment[] = {path_variable, nullptr};

  int stdin_pipe[2], ready_pipe[2];
  if (pipe2(stdin_pipe, O_CLOEXEC) != 0) {
    *error = fmt::format("pipe2: {}", strerror(errno));
    return false;
  }
  holder_stdin_ = stdin_pipe[1];
  if (pipe2(ready_pipe, O_CLOEXEC) != 0) {
    close(stdin_pipe[0]);
    *error = fmt::format("pipe2: {}", strerror(errno));
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, stdin_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, ready_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, ready_pipe[1], 2);  // bwrap's own complaints
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &all);
  // Its own session and process group, killed as one when the sandbox is thrown away.
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  int spawned = posix_spawn(&bwrap_pid_, argv[0], &actions, &attributes, argv.data(), environment);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(stdin_pipe[0]);
  close(ready_pipe[1]);
  if (spawned != 0) {
    bwrap_pid_ = -1;
    close(ready_pipe[0]);
    *error = fmt::format("cannot start {}: {}", bwrap_path, strerror(spawned));
    return false;
  }
  bwrap_pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, bwrap_pid_, 0));
  *ready_fd = ready_pipe[0];
  return true;
}

bool PooledSandbox::find_holder(std::string* error) {
  // bwrap -> its init (pid 1 inside) -> the holder (cat): the holder is in the sandbox's every namespace.
  std::vector<pid_t> init = children_of(bwrap_pid_);
  std::vector<pid_t> holder = init.size() == 1 ? children_of(init[0]) : std::vector<pid_t>{};
  if (holder.size() != 1) {
    *error = "cannot find the process that holds the sandbox (/proc/PID/task/PID/children)";
    return false;
  }
  holder_pid_ = holder[0];
  holder_pid_inside_ = pid_inside_namespace(holder_pid_);
  root_ = fmt::format("/proc/{}/root", holder_pid_);
  return true;
}

bool PooledSandbox::open_namespaces(std::string* error) {
  for (size_t k = 0; k < kChildNamespaceNames.size(); k++) {
    std::string own = fmt::format("/proc/self/ns/{}", kChildNamespaceNames[k]);
    int fd = open(fmt::format("/proc/{}/ns/{}", holder_pid_, kChildNamespaceNames[k]).c_str(), O_RDONLY | O_CLOEXEC);
    namespaces.joined_by_child[k] = fd;
    namespaces.child_types[k] = kChildNamespaceTypes[k];
    if (fd < 0 || same_namespace(fd, own.c_str())) {
      *error = fmt::format("the sandbox has no {} namespace of its own", kChildNamespaceNames[k]);
      return false;
    }
  }
  namespaces.pid = open(fmt::format("/proc/{}/ns/pid", holder_pid_).c_str(), O_RDONLY | O_CLOEXEC);
  if (namespaces.pid < 0 || same_namespace(namespaces.pid, "/proc/self/ns/pid") || holder_pid_inside_ <= 0 ||
      bwrap_pidfd_ < 0) {
    *error = "the sandbox has no pid namespace of its own";
    return false;
  }
  return true;
}

PooledSandbox::~PooledSandbox() {
  if (holder_stdin_ >= 0) close(holder_stdin_);
  if (bwrap_pid_ > 0) {
    killpg(bwrap_pid_, SIGKILL);  // bwrap, its init and the holder; the rest dies with the PID namespace
    while (waitpid(bwrap_pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  for (int fd : namespaces.joined_by_child)
    if (fd >= 0) close(fd);
  if (namespaces.pid >= 0) close(namespaces.pid);
  if (bwrap_pidfd_ >= 0) close(bwrap_pidfd_);
  if (run_parent_holds_cap) umount2(run_parent.c_str(), MNT_DETACH);
  if (!run_parent.empty()) remove_tree(run_parent);
}

bool PooledSandbox::empty_of_processes() const {
  DIR* proc = opendir((root_ + "/proc").c_str());
  if (!proc) return false;
  bool empty = true;
  while (dirent* entry = readdir(proc)) {
    if (!std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) continue;
    pid_t pid = static_cast<pid_t>(std::atol(entry->d_name));
    if (pid != 1 && pid != holder_pid_inside_) empty = false;
  }
  closedir(proc);
  return empty;
}

bool PooledSandbox::reset() const {
  if (!alive()) return false;
  const auto give_up = std::chrono::steady_clock::now() + kSettleTimeout;
  while (!empty_of_processes()) {  // killed orphans wait for the sandbox's init to reap them
    if (std::chrono::steady_clock::now() >= give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (!empty_directory(run_parent)) return false;
  // A removed directory's inode is freed with its last reference, which an exiting process of the
  // run may drop a moment later (seen: one inode, gone within a millisecond or two).
  while (run_parent_holds_cap && !holds_nothing(run_parent)) {
    if (std::chrono::steady_clock::now() >= give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return empty_directory(root_ + "/tmp", bound_in_tmp_) &&
         empty_directory(root_ + "/dev/mqueue") && reset_namespace_state();
}

// Removes the IPC objects and winds the PID counter back to the holder's pid, from a child forked
// into the sandbox's PID namespace (ns_last_pid is that of the writer's namespace) that joins its
// IPC namespace.
bool PooledSandbox::reset_namespace_state() const {
  char last_pid[16];
  int length = snprintf(last_pid, sizeof last_pid, "%d", holder_pid_inside_);
  pid_t helper;
  {
    PidNamespaceForChildren in_sandbox(namespaces.pid);
    if (!in_sandbox.joined()) return false;
    helper = fork();
    if (helper == 0) {
      if (setns(namespaces.joined_by_child[0], CLONE_NEWIPC) != 0 || !remove_every_ipc_object()) _exit(1);
      int fd = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
      _exit(fd >= 0 && write(fd, last_pid, static_cast<size_t>(length)) == length ? 0 : 1);
    }
  }
  if (helper < 0) return false;
  int status = 0;
  while (waitpid(helper, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

SandboxPool::SandboxPool(bool reset_between_runs) : reset_between_runs_(reset_between_runs) {}
SandboxPool::~SandboxPool() = default;

std::optional<SandboxPool::Lease> SandboxPool::acquire(const std::vector<std::string>& read_only_paths,
                                                       const WorkdirCap& cap, std::string* error) {
  std::vector<std::string> key = read_only_paths;
  std::sort(key.begin(), key.end());
  key.erase(std::unique(key.begin(), key.end()), key.end());
  std::vector<std::unique_ptr<PooledSandbox>> dead;  // destroyed after the lock is released
  {
    std::lock_guard lock(mutex_);
    for (auto it = idle_.rbegin(); it != idle_.rend(); ++it) {
      if ((*it)->read_only_paths != key || (*it)->cap != cap) continue;
      std::unique_ptr<PooledSandbox> sandbox = std::move(*it);
      idle_.erase(std::next(it).base());
      if (sandbox->alive()) return Lease(this, std::move(sandbox));
      dead.push_back(std::move(sandbox));
      break;  // the others of this key are older: build afresh rather than look further
    }
  }
  std::unique_ptr<PooledSandbox> sandbox = PooledSandbox::build(key, cap, error);
  if (!sandbox) return std::nullopt;
  std::lock_guard lock(mutex_);
  built_++;
  return Lease(this, std::move(sandbox));
}

size_t SandboxPool::sandboxes_built() const {
  std::lock_guard lock(mutex_);
  return built_;
}

void SandboxPool::give_back(std::unique_ptr<PooledSandbox> sandbox) {
  bool reusable = reset_between_runs_ ? sandbox->reset() : sandbox->alive() && empty_directory(sandbox->run_parent);
  if (!reusable) return;  // thrown away (destroyed here)
  std::vector<std::unique_ptr<PooledSandbox>> evicted;
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(sandbox));
  while (idle_.size() > kMostIdle) {
    evicted.push_back(std::move(idle_.front()));
    idle_.erase(idle_.begin());
  }
}

SandboxPool::Lease::Lease(SandboxPool* pool, std::unique_ptr<PooledSandbox> sandbox)
    : pool_(pool), sandbox_(std::move(sandbox)) {}
SandboxPool::Lease::Lease(Lease&& other) noexcept : pool_(other.pool_), sandbox_(std::move(other.sandbox_)) {}
SandboxPool::Lease::~Lease() {
  if (sandbox_) pool_->give_back(std::move(sandbox_));
}
const std::string& SandboxPool::Lease::run_parent() const { return sandbox_->run_parent; }
const SandboxNamespaces& SandboxPool::Lease::namespaces() const { return sandbox_->namespaces; }
bool SandboxPool::Lease::empty_of_processes() const { return sandbox_->empty_of_processes(); }
bool SandboxPool::Lease::run_parent_holds_cap() const { return sandbox_->run_parent_holds_cap; }


PidNamespaceForChildren::PidNamespaceForChildren(int pid_namespace_fd) {
  joined_ = own_pid_namespace() >= 0 && setns(pid_namespace_fd, CLONE_NEWPID) == 0;
}

PidNamespaceForChildren::~PidNamespaceForChildren() {
  if (joined_ && setns(own_pid_namespace(), CLONE_NEWPID) != 0) {
    // Every later child of this thread would start in a student's sandbox: stop here.
    std::perror("uirgrade: cannot leave a sandbox's PID namespace");
    std::abort();
  }
}

}  // namespace uirgrade
