// The real CommandRunner: one untrusted program under limits (see grader/process.h).
//
// Approach (the one docs/subprocess-notes.md found to work with Boost.Process 1.74):
// Boost.Process only forks and execs; a ChildSetup handler (process_child.h) gives the child its
// own session, stdio, rlimits, identity and signal state. The parent never uses Boost's waiting
// (its wait_for is not thread-safe, terminate() leaves zombies, exit_code() mixes up signals):
// it polls the two output pipes and a pidfd until the deadline, notices the exit with
// waitid(WNOWAIT) (the process stays a zombie, so its pid and process group id cannot be reused),
// gives grandchildren a short grace to release the pipes, kills the whole group, and only then
// reaps with wait4 for the raw status and rusage. The grader is a child subreaper, so orphans of
// the group come back to it and are reaped too; escapees from the group (setsid) die with the PID
// namespace (bwrap) or by the borrowed uid (root). Every run has its own pipes (O_CLOEXEC), stdin
// memfd, run directory and uid, so run() needs no lock.
#include "sandbox/process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>

#include <boost/process.hpp>
#include <fmt/format.h>

#include "sandbox/bwrap_root.h"
#include "sandbox/cgroup.h"
#include "sandbox/leftovers.h"
#include "sandbox/process_child.h"
#include "sandbox/process_output.h"
#include "sandbox/process_workdir.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_pool.h"

namespace uirgrade {
namespace {

namespace bp = boost::process;
using Clock = std::chrono::steady_clock;

// After the program exits, how long a grandchild may keep the pipes open before it is killed.
constexpr auto kEofGrace = std::chrono::milliseconds(100);
// How often a running program's limits that nothing else watches are checked: the measured
// working-directory cap, and a v1 memory cgroup's kill of one process (which leaves the others).
constexpr auto kLimitCheckInterval = std::chrono::milliseconds(100);
// What bwrap adds to a run's process tree: itself and its init.
constexpr uint64_t kBwrapProcesses = 2;
// "Probably memory": killed with a peak RSS of at least this fraction of the address-space limit.
constexpr double kNearMemoryLimit = 0.75;

// A file descriptor closed when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(other.release()) {}
  ~Fd() { reset(); }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0) close(fd_);
    fd_ = fd;
  }

 private:
  int fd_;
};

// The executable a request names, resolved to an absolute path (a bare name is looked up in the
// student's PATH, /usr/bin:/bin), or "" with *error saying why it cannot be run.
std::string resolve_executable(const std::string& name, std::string* error) {
  std::string path = name;
  if (name.find('/') == std::string::npos) {
    path.clear();
    for (const char* dir : {"/usr/bin/", "/bin/"})
      if (path.empty() && access((dir + name).c_str(), X_OK) == 0) path = dir + name;
    if (path.empty()) {
      *error = fmt::format("`{}` is not in /usr/bin or /bin", name);
      return "";
    }
  }
  std::error_code ec;
  path = std::filesystem::absolute(path, ec).string();  // the child runs in its run directory
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) {
    *error = errno == ENOENT ? fmt::format("the executable {} is missing", path)
                             : fmt::format("cannot look at {}: {}", path, strerror(errno));
    return "";
  }
  if (!S_ISREG(info.st_mode) || access(path.c_str(), X_OK) != 0) {
    *error = fmt::format("{} is not an executable file", path);
    return "";
  }
  return path;
}

// A memfd holding `data`, positioned at its start: the program's stdin.
Fd stdin_file(const std::string& data, std::string* error) {
  Fd fd(memfd_create("uirgrade-stdin", MFD_CLOEXEC));
  size_t written = 0;
  while (fd.get() >= 0 && written < data.size()) {
    ssize_t n = write(fd.get(), data.data() + written, data.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  if (fd.get() < 0 || written != data.size() || lseek(fd.get(), 0, SEEK_SET) != 0) {
    *error = fmt::format("cannot make the stdin file: {}", strerror(errno));
    return Fd();
  }
  return fd;
}

// The grader's resident memory now, from /proc/self/statm (0 if unreadable).
uint64_t own_resident_bytes() {
  unsigned long size_pages = 0, resident_pages = 0;
  FILE* statm = fopen("/proc/self/statm", "re");
  if (!statm) return 0;
  int fields = fscanf(statm, "%lu %lu", &size_pages, &resident_pages);
  fclose(statm);
  return fields == 2 ? static_cast<uint64_t>(resident_pages) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
}

bool main_process_exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

// Reaps every child of ours in process group `pgid` (its members were all killed): orphans of the
// group come back to the grader, a subreaper. Their CPU times are summed into *usage and their
// peak RSS is the largest: bubblewrap exits without reaping its init, whose usage is the student's.
// The group id cannot name a new group before the loop ends: its last member is reaped just
// before ECHILD, and pids are allocated cyclically.
void reap_process_group(pid_t pgid, rusage* usage) {
  for (;;) {
    rusage orphan{};
    if (wait4(-pgid, nullptr, 0, &orphan) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    timeradd(&usage->ru_utime, &orphan.ru_utime, &usage->ru_utime);
    timeradd(&usage->ru_stime, &orphan.ru_stime, &usage->ru_stime);
    usage->ru_maxrss = std::max(usage->ru_maxrss, orphan.ru_maxrss);
  }
}

// Reaps the killed processes of `uid` that left the process group (setsid) and came back to the
// grader as orphans; waits (up to 2 s) until no process of that uid is left at all.
void reap_processes_of(uid_t uid) {
  const auto give_up = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < give_up) {
    bool any_left = false;
    for (pid_t pid : processes_owned_by(uid)) {
      any_left = true;
      siginfo_t ignored{};
      waitid(P_PID, pid, &ignored, WEXITED | WNOHANG);  // ECHILD when not (yet) ours
    }
    if (!any_left) return;
    usleep(1000);
  }
}

// Rlimits are whole seconds of CPU: the soft limit (SIGXCPU) at the request's limit rounded up, the
// hard one (SIGKILL) a second later, for a program that catches SIGXCPU.
rlim_t cpu_soft_limit(const ProcessLimits& limits) {
  return static_cast<rlim_t>(std::max(1.0, std::ceil(limits.cpu_seconds)));
}

double seconds_of(const timeval& time) { return static_cast<double>(time.tv_sec) + time.tv_usec / 1e6; }

bool says_out_of_memory(const std::string& err) {
  for (const char* phrase : {"std::bad_alloc", "Cannot allocate memory", "out of memory"})
    if (err.find(phrase) != std::string::npos) return true;
  return false;
}

// The verdict-relevant facts that follow from the raw wait status and rusage.
// `inherited_rss` is the grader's resident memory when it forked the program: a peak no larger
// says nothing about the program (see run_isolated).
void record_status(int status, const rusage& usage, const ProcessLimits& limits, bool through_bwrap,
                   uint64_t inherited_rss, ProcessResult* result) {
  if (WIFEXITED(status)) {
    result->exited = true;
    result->exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result->signal = WTERMSIG(status);
  }
  // bwrap reports a student killed by signal N as exit 128+N (it cannot die of the signal itself).
  if (through_bwrap && result->exited && result->exit_code > 128 && result->exit_code < 128 + NSIG) {
    result->exited = false;
    result->signal = result->exit_code - 128;
    result->exit_code = -1;
  }
  result->cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  result->peak_rss_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;
  result->cpu_limit = !result->timed_out &&
                      (result->signal == SIGXCPU ||
                       (result->signal == SIGKILL && result->cpu_seconds >= cpu_soft_limit(limits)));
  bool finite_memory = limits.address_space_bytes < RLIM_INFINITY;
  bool killed_like_memory = result->signal == SIGKILL || result->signal == SIGSEGV || result->signal == SIGABRT;
  bool near_memory_limit = finite_memory && result->peak_rss_bytes > inherited_rss &&
                           result->peak_rss_bytes >= kNearMemoryLimit * static_cast<double>(limits.address_space_bytes);
  bool failed = result->signal != 0 || result->exit_code != 0;
  result->probably_memory = !result->timed_out && !result->cpu_limit &&
                            ((killed_like_memory && near_memory_limit) || (failed && says_out_of_memory(result->err)));
}

struct Watched {
  std::optional<Clock::time_point> exited_at;  // nullopt: stopped at the deadline or at a limit
  bool at_limit = false;                       // `limit_reached` said so before it exited
};

// Waits until the program exits (and its pipes close, or kEofGrace passes), the deadline passes or
// `limit_reached` (asked every kLimitCheckInterval; may be empty) says so, capturing its output meanwhile.
Watched watch(pid_t pid, int pidfd, Clock::time_point deadline, const std::function<bool()>& limit_reached,
              OutputCapture& out, OutputCapture& err) {
  std::optional<Clock::time_point> exited_at;
  Clock::time_point next_check = Clock::now() + kLimitCheckInterval;
  for (;;) {
    Clock::time_point now = Clock::now();
    if (!exited_at && now >= deadline) return {};
    if (!exited_at && limit_reached && now >= next_check) {
      if (limit_reached()) return {std::nullopt, true};
      next_check = now + kLimitCheckInterval;
    }
    if (exited_at && ((!out.open() && !err.open()) || now >= *exited_at + kEofGrace)) return {exited_at, false};
    Clock::time_point wake = exited_at ? *exited_at + kEofGrace : deadline;
    if (!exited_at && limit_reached) wake = std::min(wake, next_check);
    if (pidfd < 0 && !exited_at) wake = std::min(wake, now + std::chrono::milliseconds(10));  // no pidfd: poll
    std::array<pollfd, 3> fds{};
    nfds_t count = 0;
    for (OutputCapture* capture : {&out, &err})
      if (capture->open()) fds[count++] = {capture->fd(), POLLIN, 0};
    if (pidfd >= 0 && !exited_at) fds[count++] = {pidfd, POLLIN, 0};
    auto wait_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(wake - now).count();
    timespec timeout{static_cast<time_t>(wait_ns / 1'000'000'000), static_cast<long>(wait_ns % 1'000'000'000)};
    if (ppoll(fds.data(), count, &timeout, nullptr) < 0 && errno != EINTR) usleep(1000);  // not seen: no spin
    out.drain();
    err.drain();
    if (!exited_at && main_process_exited(pid)) exited_at = Clock::now();
  }
}

// Whether `path` is inside the minimal root already: the system's directories, or a path given.
bool visible_in_minimal_root(const std::string& path, const std::vector<std::string>& read_only_paths) {
  auto under = [&](const std::string& dir) { return path.rfind(dir + "/", 0) == 0 || path == dir; };
  for (const char* system : {"/usr", "/bin", "/sbin", "/lib", "/lib64"})
    if (under(system)) return true;
  return std::any_of(read_only_paths.begin(), read_only_paths.end(), under);
}

ProcessResult internal_error(std::string message) {
  ProcessResult result;
  result.internal_error = std::move(message);
  return result;
}

// The paths a borrowed uid was found able to use (with the mode asked and the one supplementary
// group it had). Every borrowed uid stands in the same relation to a path that none of them owns
// (gid = uid, no other group), so the check made for one run serves the later ones: it forks a child
// per path, some 2 ms each on a loaded machine, for every test. Only a success is kept. The check
// is the grader's diagnosis, not a defence: a path made unreadable later still fails at exec.
class AccessChecks {
 public:
  bool passed(const std::string& path, int mode, std::optional<gid_t> group) const {
    std::lock_guard lock(mutex_);
    return passed_.contains({path, mode, group});
  }
  void add(const std::string& path, int mode, std::optional<gid_t> group) {
    std::lock_guard lock(mutex_);
    passed_.insert({path, mode, group});
  }

 private:
  mutable std::mutex mutex_;
  std::set<std::tuple<std::string, int, std::optional<gid_t>>> passed_;
};

ProcessResult run_in_tier(const ProcessRequest& request, Tier tier, bool whole_run_limits, SandboxPool* pool,
                          AccessChecks* access_checks);

// Whether bubblewrap works here: probed once per grader process, by running /bin/true the way a
// student would run (as root: bwrap as root, the program under a borrowed uid).
const BwrapStatus& bwrap_status() {
  static const BwrapStatus status = [] {
    if (find_bwrap().empty()) return BwrapStatus{false, "bwrap is not installed (no /usr/bin/bwrap)"};
    return probe_bwrap(
        [](const ProcessRequest& request) { return run_in_tier(request, Tier::Namespaces, true, nullptr, nullptr); });
  }();
  return status;
}

// The none tier keeps to per-process rlimits, as it always did: it is for debugging a grader on
// one's own machine, and the weakened setting the hostile-student tests compare against.
bool has_whole_run_limits(Tier tier, bool per_process_limits_only) {
  return tier != Tier::None && !per_process_limits_only;
}

// The working directory of a run in `tier` is a size-limited tmpfs where the grader can mount one;
// the uid tier always measures instead, as in the container it stands for (no CAP_SYS_ADMIN).
bool workdir_on_tmpfs(Tier tier) { return tier != Tier::Uid && can_mount_run_tmpfs(); }

// The limits every run is under, with a student run's values, for the reports' sandbox line.
std::string limits_in_force(Tier tier, bool whole_run_limits) {
  const ProcessLimits student;
  std::string per_process = fmt::format("per process: CPU time, {} MiB files (rlimits)", student.file_size_bytes >> 20);
  if (!whole_run_limits)
    return fmt::format("limits per process only: {} MiB of address space, {}", student.address_space_bytes >> 20,
                       per_process);
  const CgroupLayout& cgroups = cgroup_layout();
  std::string memory = cgroups.limits_memory()
                           ? fmt::format("{} MiB of memory", student.memory_bytes >> 20)
                           : fmt::format("{} MiB of address space per process (RLIMIT_AS)", student.address_space_bytes >> 20);
  std::string processes = cgroups.limits_processes()
                              ? fmt::format("{} processes", student.processes)
                              : running_as_root() && tier != Tier::None
                                    ? fmt::format("{} processes of the borrowed uid (RLIMIT_NPROC)", student.processes)
                                    : std::string("processes unlimited");
  std::string how = cgroups.description().empty() ? "no cgroup" : cgroups.description();
  return fmt::format("limits for each run's whole process tree: {}, {} ({}); working directory {} MiB and {} files "
                     "({}); {}",
                     memory, processes, how, student.workdir_bytes >> 20, student.workdir_files,
                     workdir_on_tmpfs(tier) ? "a tmpfs" : "measured while it runs", per_process);
}

}  // namespace

struct ProcessRunner::CheckedAccess : AccessChecks {};

ProcessRunner::ProcessRunner(Tier tier, bool weakened_per_process_limits_only, SandboxReuse reuse)
    : tier_(tier),
      per_process_limits_only_(weakened_per_process_limits_only),
      checked_access_(std::make_unique<CheckedAccess>()) {
  // Joining a sandbox's namespaces takes root's capabilities; an unprivileged grader starts bwrap.
  if (reuse != SandboxReuse::Never && tier == Tier::Namespaces && running_as_root())
    pool_ = std::make_unique<SandboxPool>(reuse == SandboxReuse::ResetBetweenRuns);
}

ProcessRunner::~ProcessRunner() = default;

ProcessResult ProcessRunner::run(const ProcessRequest& request) {
  return run_in_tier(request, tier_, has_whole_run_limits(tier_, per_process_limits_only_), pool_.get(),
                     checked_access_.get());
}

size_t ProcessRunner::sandboxes_built() const { return pool_ ? pool_->sandboxes_built() : 0; }

std::string ProcessRunner::isolation() const {
  std::string identity = running_as_root() ? "a borrowed unprivileged uid per run"
                                           : fmt::format("the grader's uid {}", getuid());
  std::string limits = limits_in_force(tier_, has_whole_run_limits(tier_, per_process_limits_only_));
  switch (tier_) {
    case Tier::Namespaces:
      return fmt::format("namespaces (bubblewrap: mount, pid, net, ipc and uts namespaces, minimal root{}), {}, {}",
                         pool_ ? "; one at a time per sandbox, reset between runs" : "", identity, limits);
    case Tier::Uid:
      return fmt::format("uid (no namespaces: {}, private working directory), {}", identity, limits);
    case Tier::None:
      return fmt::format("none (the grader's uid {}), {}. {}", getuid(), limits, unisolated_warning());
  }
  return "";
}

namespace {

// Whether uid/gid (with `group`) may use `path` as `mode` says (R_OK, with X_OK for the
// executable), asked of the kernel unless `checks` already found it could; *error says why not.
bool borrowed_uid_may_use(const std::string& path, int mode, const UidLease& lease, std::optional<gid_t> group,
                          AccessChecks* checks, std::string* error) {
  if (checks && checks->passed(path, mode, group)) return true;
  bool may = mode & X_OK ? can_read_and_execute_as(path, lease.uid(), lease.gid(), error, group)
                         : can_read_as(path, lease.uid(), lease.gid(), error, group);
  if (may && checks) checks->add(path, mode, group);
  return may;
}

ProcessResult run_in_tier(const ProcessRequest& request, Tier tier, bool whole_run_limits, SandboxPool* pool,
                          AccessChecks* access_checks) {
  if (request.argv.empty()) return internal_error("empty command line");
  std::string error;
  std::string executable = resolve_executable(request.argv[0], &error);
  if (executable.empty()) return internal_error(error);

  // Identity: a borrowed uid when the grader is root (RLIMIT_NPROC is ignored for root), except
  // in the none tier, which runs everything as the grader.
  const bool borrow_uid = running_as_root() && tier != Tier::None;
  std::optional<UidLease> lease = borrow_uid ? UidLease::claim(&error) : std::nullopt;
  if (borrow_uid && !lease) return internal_error("no uid to run the student as: " + error);
  // A class student's supplementary group is for the uid tier (its private copy); bwrap clears them.
  const std::optional<gid_t> group = tier == Tier::Namespaces ? std::nullopt : request.extra_group;
  const ProcessLimits& limits = request.limits;
  WorkdirCap cap;
  if (whole_run_limits) cap = {limits.workdir_bytes, limits.workdir_files, workdir_on_tmpfs(tier)};
  // The namespaces tier: a pre-built sandbox when the request allows one (declared before the run
  // directory, so that it is reset after the directory is gone), else a bubblewrap of this run's
  // own, equally isolated, which is also the way when no sandbox can be built.
  std::optional<SandboxPool::Lease> sandbox = [&]() -> std::optional<SandboxPool::Lease> {
    if (tier != Tier::Namespaces || !pool || !lease || !request.reuse_sandbox) return std::nullopt;
    std::vector<std::string> paths = request.read_only_paths;
    if (!visible_in_minimal_root(executable, paths)) paths.push_back(executable);
    std::string ignored;
    return pool->acquire(paths, cap, &ignored);
  }();
  // In a pre-built sandbox the run directory is made in the sandbox's run parent: its tmpfs holds
  // the cap, or (it has none) the cap is measured, since a tmpfs mounted now would not be seen there.
  if (sandbox) cap.in_capped_parent = sandbox->run_parent_holds_cap();
  if (sandbox && !cap.in_capped_parent) cap.tmpfs_allowed = false;
  if (lease) {
    if (!borrowed_uid_may_use(executable, R_OK | X_OK, *lease, group, access_checks, &error))
      return internal_error(error);
    for (const std::string& path : request.read_only_paths)
      if (!borrowed_uid_may_use(path, R_OK, *lease, group, access_checks, &error)) return internal_error(error);
  }
  const bool use_bwrap = tier == Tier::Namespaces && !sandbox;
  std::optional<std::pair<uid_t, gid_t>> owner;
  if (lease) owner = std::pair(lease->uid(), lease->gid());
  std::optional<RunDirectory> workdir =
      RunDirectory::create(request.files, owner, cap, &error, sandbox ? sandbox->run_parent() : "");
  if (!workdir) return internal_error(error);
  // The whole tree's memory and process count, where a cgroup can hold them (else rlimits below).
  const CgroupLayout& cgroups = cgroup_layout();
  const bool use_cgroup = whole_run_limits && cgroups.makes_cgroups();
  std::optional<RunCgroup> cgroup =
      use_cgroup ? RunCgroup::create(cgroups, limits.memory_bytes,
                                     limits.processes + (use_bwrap ? kBwrapProcesses : 0), &error)
                 : std::nullopt;
  if (use_cgroup && !cgroup) return internal_error(error);
  Fd stdin_fd = stdin_file(request.stdin_data, &error);
  if (stdin_fd.get() < 0) return internal_error(error);
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return internal_error(fmt::format("pipe2: {}", strerror(errno)));
  Fd out_write(out_pipe[1]);
  OutputCapture out(out_pipe[0], request.limits.stdout_cap_bytes);
  if (pipe2(err_pipe, O_CLOEXEC) != 0) return internal_error(fmt::format("pipe2: {}", strerror(errno)));
  Fd err_write(err_pipe[1]);
  OutputCapture err(err_pipe[0], request.limits.stderr_cap_bytes);
  fcntl(out.fd(), F_SETFL, O_NONBLOCK);  // only our ends: the program's writes must block as usual
  fcntl(err.fd(), F_SETFL, O_NONBLOCK);

  // RLIMIT_NPROC is checked before the pids cgroup: where the cgroup holds the run, NPROC is only a
  // backstop above it, so that the cgroup (which can tell that its limit was reached) decides.
  const rlim_t nproc_budget = cgroups.limits_processes() && cgroup ? 2 * limits.processes : limits.processes;
  ChildSetup setup;
  setup.stdin_fd = stdin_fd.get();
  setup.stdout_fd = out_write.get();
  setup.stderr_fd = err_write.get();
  setup.workdir = workdir->path().c_str();
  setup.parent_pid = sandbox ? 0 : getpid();
  setup.syscall_filter = !request.weakened_no_syscall_filter;
  if (sandbox) {
    setup.namespace_fds = sandbox->namespaces().joined_by_child;
    setup.namespace_types = sandbox->namespaces().child_types;
  }
  for (size_t i = 0; cgroup && i < cgroup->join_fds().size(); i++) setup.cgroup_fds.at(i) = cgroup->join_fds()[i];
  setup.add_limit(RLIMIT_CORE, 0, 0);
  setup.add_limit(RLIMIT_CPU, cpu_soft_limit(limits), cpu_soft_limit(limits) + 1);
  setup.add_limit(RLIMIT_AS, limits.address_space_bytes, limits.address_space_bytes);
  setup.add_limit(RLIMIT_FSIZE, limits.file_size_bytes, limits.file_size_bytes);
  if (lease) {
    // As root, bwrap runs as root (it needs no user namespace then) and drops to the uid itself.
    setup.change_identity = !use_bwrap;
    setup.uid = lease->uid();
    setup.gid = lease->gid();
    setup.has_extra_group = group.has_value();
    setup.extra_group = group.value_or(0);
    if (whole_run_limits) setup.add_limit(RLIMIT_NPROC, nproc_budget, nproc_budget);
  } else if (!running_as_root() && whole_run_limits) {
    rlim_t nproc = processes_owned_by(getuid()).size() + nproc_budget;
    setup.add_limit(RLIMIT_NPROC, nproc, nproc);
  }

  std::vector<std::string> args;
  if (use_bwrap) {
    BwrapRoot root;
    root.bwrap_path = find_bwrap();
    root.workdir = workdir->path();
    root.read_only_paths = request.read_only_paths;
    if (!visible_in_minimal_root(executable, request.read_only_paths)) root.read_only_paths.push_back(executable);
    if (lease) root.student_uid = lease->uid();
    args = bwrap_minimal_root(root);
  }
  args.push_back(executable);
  args.insert(args.end(), request.argv.begin() + 1, request.argv.end());
  std::string program = args.front();
  args.erase(args.begin());
  bp::environment environment;
  environment["PATH"] = "/usr/bin:/bin";
  environment["LC_ALL"] = "C";
  environment["TZ"] = "UTC";
  environment["HOME"] = workdir->path();
  environment["TMPDIR"] = workdir->path();  // under bwrap the rest of the file system is read-only

  // Without bwrap the program's peak RSS starts at the grader's own (see below).
  const uint64_t inherited_rss = use_bwrap ? 0 : own_resident_bytes();
  const Clock::time_point start = Clock::now();
  std::error_code spawn_error;
  std::optional<PidNamespaceForChildren> in_sandbox;  // the fork lands in the sandbox's PID namespace
  if (sandbox && !in_sandbox.emplace(sandbox->namespaces().pid).joined())
    return internal_error(fmt::format("cannot join the sandbox's PID namespace: {}", strerror(errno)));
  bp::child child(bp::exe = program, bp::args = args, environment, setup, spawn_error);
  in_sandbox.reset();
  if (spawn_error) return internal_error(fmt::format("cannot start {}: {}", program, spawn_error.message()));
  const pid_t pid = child.id();
  child.detach();  // the runner reaps it; Boost must not touch it again
  out_write.reset();  // the child holds its own copies; EOF comes when every writer is gone
  err_write.reset();
  stdin_fd.reset();

  Fd pidfd(static_cast<int>(syscall(SYS_pidfd_open, pid, 0)));
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.wall_seconds));
  // A v1 memory cgroup kills one process at its limit and leaves the rest (v2's oom.group kills
  // all): the run ends there. A measured working directory is watched the same way.
  std::function<bool()> limit_reached;
  if (cgroup || (whole_run_limits && !workdir->on_tmpfs()))
    limit_reached = [&] { return (cgroup && cgroup->memory_limit_hit()) || workdir->cap_reached(); };
  const Watched watched = watch(pid, pidfd.get(), deadline, limit_reached, out, err);
  const std::optional<Clock::time_point>& exited_at = watched.exited_at;
  const Clock::time_point end = exited_at.value_or(Clock::now());

  // Nothing of the run may outlive it: its cgroup and group first, then (if root) everything of its uid.
  // Every process of the run was born in its cgroups and cannot leave them: emptied, nothing is left.
  const bool cgroups_emptied = cgroup && cgroup->kill_all();
  killpg(pid, SIGKILL);
  if (!exited_at) {  // keep what a killed program had already written
    const Clock::time_point drain_until = Clock::now() + kEofGrace;
    while ((out.open() || err.open()) && Clock::now() < drain_until) {
      std::array<pollfd, 2> fds{{{out.fd(), POLLIN, 0}, {err.fd(), POLLIN, 0}}};
      poll(fds.data(), fds.size(), 10);
      out.drain();
      err.drain();
    }
  }
  int status = 0;
  rusage usage{}, orphans{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  reap_process_group(pid, &orphans);
  // The peak RSS of a process forked from the grader starts at the grader's own (the kernel keeps
  // the high-water mark across exec); bwrap's init is forked from bwrap, so under bwrap the peak
  // of that init and the student it reaped is the student's own.
  usage.ru_maxrss = use_bwrap && orphans.ru_maxrss > 0 ? orphans.ru_maxrss : std::max(usage.ru_maxrss, orphans.ru_maxrss);
  timeradd(&usage.ru_utime, &orphans.ru_utime, &usage.ru_utime);
  timeradd(&usage.ru_stime, &orphans.ru_stime, &usage.ru_stime);
  // Measured now: the uid tier's clean-up below removes what the uid owns in /tmp, this directory too.
  const bool workdir_full = whole_run_limits && workdir->cap_reached();
  // Left the group (setsid): in a pre-built sandbox every process of the run is in its PID namespace,
  // and without one in the cgroups (if any) that were just emptied, else found by its uid in /proc.
  if (lease && (sandbox ? !sandbox->empty_of_processes()
                        : !cgroups_emptied && !processes_owned_by(lease->uid()).empty())) {
    kill_every_process_of(lease->uid());
    reap_processes_of(lease->uid());
  }
  std::string take_error;
  bool took = true;
  for (const auto& [name, destination] : request.take_files)
    if (took && WIFEXITED(status) && WEXITSTATUS(status) == 0)
      took = workdir->take(name, destination, request.limits.file_size_bytes, &take_error);
  // Without an IPC namespace, what the uid made outlives it; so do its files in /tmp.
  if (lease && tier == Tier::Uid) {
    remove_ipc_objects_of(lease->uid());
    remove_entries_owned_by(lease->uid(), world_writable_directories());
  }

  ProcessResult result;
  result.started = true;
  result.timed_out = !exited_at && !watched.at_limit;
  result.wall_seconds = std::chrono::duration<double>(end - start).count();
  result.out = std::move(out.text);
  result.err = std::move(err.text);
  result.stdout_truncated = out.truncated;
  result.stderr_truncated = err.truncated;
  record_status(status, usage, limits, use_bwrap, inherited_rss, &result);
  if (cgroup) {
    result.memory_limit = cgroup->memory_limit_hit();
    result.process_limit = cgroup->process_limit_hit();
    if (cgroups.limits_memory()) result.peak_rss_bytes = cgroup->peak_memory_bytes();
    if (result.memory_limit) result.probably_memory = result.cpu_limit = false;
  }
  result.workdir_limit = workdir_full;
  // bwrap's own failures (not the student's) are exit 1 with its message on stderr.
  if (use_bwrap && result.exited && result.exit_code == 1 && result.err.rfind("bwrap: ", 0) == 0)
    return internal_error("bubblewrap failed: " + result.err.substr(0, result.err.find('\n')));
  if (!took) return internal_error(take_error);
  return result;
}

}  // namespace

std::unique_ptr<ProcessRunner> make_process_runner(Sandbox sandbox, std::string* error) {
  // Orphans of a student's process group come back to the grader, which reaps them (process.cc).
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  // Whatever the grader writes (reports, kept cases, its temporary files) is its own: a student
  // under a borrowed uid must not read it. What students need is made readable on purpose.
  if (running_as_root()) umask(077);
  bool usable = false;
  std::string why_not;
  if (sandbox == Sandbox::Auto || sandbox == Sandbox::Namespaces) {
    usable = bwrap_status().usable;
    why_not = bwrap_status().why_not;
  }
  TierChoice choice = choose_tier(sandbox, usable, why_not, running_as_root());
  if (!choice.tier) {
    *error = choice.error;
    return nullptr;
  }
  return std::make_unique<ProcessRunner>(*choice.tier);
}

}  // namespace uirgrade
