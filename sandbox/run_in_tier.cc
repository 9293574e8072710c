// One run of an untrusted program in a tier (see run_in_tier.h).
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
#include "sandbox/run_in_tier.h"

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
#include "sandbox/fd.h"
#include "sandbox/leftovers.h"
#include "sandbox/process_child.h"
#include "sandbox/process_output.h"
#include "sandbox/process_status.h"
#include "sandbox/process_wait.h"
#include "sandbox/process_workdir.h"
#include "sandbox/run_memory.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_pool.h"
#include "sandbox/stop_signal.h"

namespace uirgrade {
namespace {

namespace bp = boost::process;

// What bwrap adds to a run's process tree: itself and its init.
constexpr uint64_t kBwrapProcesses = 2;

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

// A run the grader's stop killed or kept from starting.
ProcessResult stopped_run() {
  ProcessResult result = internal_error(describe_stop());
  result.stopped = true;
  return result;
}


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


}  // namespace

bool workdir_on_tmpfs(Tier tier) { return tier != Tier::Uid && can_mount_run_tmpfs(); }

ProcessResult run_in_tier(const ProcessRequest& request, Tier tier, bool whole_run_limits,
                          const SandboxWeakenings& weakened, SandboxPool* pool, AccessChecks* access_checks) {
  if (stop_requested()) return stopped_run();  // no new run once the grader is stopping
  if (request.argv.empty()) return internal_error("empty command line");
  std::string error;
  std::string executable = resolve_executable(request.argv[0], &error);
  if (executable.empty()) return internal_error(error);

  // Identity: a borrowed uid when the grader is root (RLIMIT_NPROC is ignored for root), except
  // in the none tier, which runs everything as the grader.
  const bool borrow_uid = running_as_root() && tier != Tier::None;
  std::optional<UidLease> lease = borrow_uid ? UidLease::claim(&error, weakened) : std::nullopt;
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
  setup.syscall_filter = !weakened.no_syscall_filter;
  if (sandbox) {
    setup.namespace_fds = sandbox->namespaces().joined_by_child;
    setup.namespace_types = sandbox->namespaces().child_types;
  }
  for (size_t i = 0; cgroup && i < cgroup->join_fds().size(); i++) setup.cgroup_fds.at(i) = cgroup->join_fds()[i];
  setup.add_limit(RLIMIT_CORE, 0, 0);
  setup.add_limit(RLIMIT_CPU, cpu_soft_limit(limits), cpu_soft_limit(limits) + 1);
  // Memory is what a program holds, not what it reserves: never RLIMIT_AS for a student (process.h).
  if (limits.address_space_bytes < RLIM_INFINITY)
    setup.add_limit(RLIMIT_AS, limits.address_space_bytes, limits.address_space_bytes);
  setup.add_limit(RLIMIT_FSIZE, limits.file_size_bytes, limits.file_size_bytes);
  setup.add_limit(RLIMIT_STACK, limits.stack_bytes, limits.stack_bytes);
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
      std::min(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.wall_seconds)),
               limits.not_after.value_or(Clock::time_point::max()));
  // A v1 memory cgroup kills one process at its limit and leaves the rest (v2's oom.group kills
  // all): the run ends there. A measured working directory is watched the same way, and so is the
  // run's resident memory where no memory cgroup holds it (the none tier too: a debugging grader
  // runs students that could fill the machine).
  const bool memory_measured = !(cgroup && cgroups.limits_memory()) && (whole_run_limits || tier == Tier::None) &&
                               limits.memory_bytes < RLIM_INFINITY;
  const std::optional<uid_t> run_uid = lease ? std::optional<uid_t>(lease->uid()) : std::nullopt;
  uint64_t measured_peak = 0;
  bool measured_over = false;
  auto memory_over = [&] {
    if (!memory_measured) return false;
    measured_peak = std::max(measured_peak, run_resident_bytes(pid, run_uid));
    return measured_over = measured_peak > limits.memory_bytes;
  };
  std::function<bool()> limit_reached;
  if (cgroup || memory_measured || (whole_run_limits && !workdir->on_tmpfs()))
    limit_reached = [&] { return (cgroup && cgroup->memory_limit_hit()) || memory_over() || workdir->cap_reached(); };
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
  // Without an IPC namespace, what the uid made outlives it; so do its files in /tmp and its
  // POSIX message queues (files of an mqueue mount).
  if (lease && tier == Tier::Uid && !weakened.keep_leftovers) {
    remove_ipc_objects_of(lease->uid());
    remove_entries_owned_by(lease->uid(), places_a_uid_can_leave_things());
  }

  if (watched.stopped) return stopped_run();  // cleaned up above like any run; its outcome says nothing

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
  if (memory_measured) {
    result.peak_rss_bytes = std::max(result.peak_rss_bytes, measured_peak);
    result.memory_limit = measured_over;
    if (measured_over) result.probably_memory = result.cpu_limit = false;
  }
  result.workdir_limit = workdir_full;
  // bwrap's own failures (not the student's) are exit 1 with its message on stderr.
  if (use_bwrap && result.exited && result.exit_code == 1 && result.err.rfind("bwrap: ", 0) == 0)
    return internal_error("bubblewrap failed: " + result.err.substr(0, result.err.find('\n')));
  if (!took) return internal_error(take_error);
  return result;
}

}  // namespace uirgrade
