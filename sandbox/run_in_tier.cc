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
//
// run_in_tier, at the end of this file, is the run's steps in their order; each step is one function
// above it, and what a step makes that a later one needs is passed on in a small struct.
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

// What a run holds from its set-up to its end, in the order it is made, so destroyed in reverse:
// the cgroup before the run directory, the directory before its sandbox, the borrowed uid last.
struct RunResources {
  std::optional<UidLease> lease;
  std::optional<gid_t> group;  // the one supplementary group the program runs with
  // The namespaces tier: a pre-built sandbox when the request allows one (declared before the run
  // directory, so that it is reset after the directory is gone), else a bubblewrap of this run's
  // own, equally isolated, which is also the way when no sandbox can be built.
  std::optional<SandboxPool::Lease> sandbox;
  bool use_bwrap = false;
  std::optional<RunDirectory> workdir;
  std::optional<RunCgroup> cgroup;
};

// Identity: a borrowed uid when the grader is root (RLIMIT_NPROC is ignored for root), except
// in the none tier, which runs everything as the grader.
bool borrow_identity(const ProcessRequest& request, Tier tier, const SandboxWeakenings& weakened, RunResources& run,
                     std::string* error) {
  if (running_as_root() && tier != Tier::None) {
    std::optional<UidLease> lease = UidLease::claim(error, weakened);
    if (!lease) {
      *error = "no uid to run the student as: " + *error;
      return false;
    }
    run.lease.emplace(std::move(*lease));
  }
  // A class student's supplementary group is for the uid tier (its private copy); bwrap clears them.
  run.group = tier == Tier::Namespaces ? std::nullopt : request.extra_group;
  return true;
}

// Where the run happens: its sandbox (see RunResources), what the borrowed uid must be able to
// read there, and its run directory.
bool prepare_directory(const ProcessRequest& request, const std::string& executable, Tier tier, bool whole_run_limits,
                       SandboxPool* pool, AccessChecks* access_checks, RunResources& run, std::string* error) {
  WorkdirCap cap;
  if (whole_run_limits) cap = {request.limits.workdir_bytes, request.limits.workdir_files, workdir_on_tmpfs(tier)};
  if (tier == Tier::Namespaces && pool && run.lease && request.reuse_sandbox) {
    std::vector<std::string> paths = request.read_only_paths;
    if (!visible_in_minimal_root(executable, paths)) paths.push_back(executable);
    std::string ignored;
    if (std::optional<SandboxPool::Lease> sandbox = pool->acquire(paths, cap, &ignored))
      run.sandbox.emplace(std::move(*sandbox));
  }
  // In a pre-built sandbox the run directory is made in the sandbox's run parent: its tmpfs holds
  // the cap, or (it has none) the cap is measured, since a tmpfs mounted now would not be seen there.
  if (run.sandbox) cap.in_capped_parent = run.sandbox->run_parent_holds_cap();
  if (run.sandbox && !cap.in_capped_parent) cap.tmpfs_allowed = false;
  if (run.lease) {
    if (!borrowed_uid_may_use(executable, R_OK | X_OK, *run.lease, run.group, access_checks, error)) return false;
    for (const std::string& path : request.read_only_paths)
      if (!borrowed_uid_may_use(path, R_OK, *run.lease, run.group, access_checks, error)) return false;
  }
  run.use_bwrap = tier == Tier::Namespaces && !run.sandbox;
  std::optional<std::pair<uid_t, gid_t>> owner;
  if (run.lease) owner = std::pair(run.lease->uid(), run.lease->gid());
  std::optional<RunDirectory> workdir =
      RunDirectory::create(request.files, owner, cap, error, run.sandbox ? run.sandbox->run_parent() : "");
  if (!workdir) return false;
  run.workdir.emplace(std::move(*workdir));
  return true;
}

// The whole tree's memory and process count, where a cgroup can hold them (else rlimits, child_setup).
bool make_cgroup(const ProcessLimits& limits, bool whole_run_limits, RunResources& run, std::string* error) {
  const CgroupLayout& cgroups = cgroup_layout();
  if (!whole_run_limits || !cgroups.makes_cgroups()) return true;
  std::optional<RunCgroup> cgroup =
      RunCgroup::create(cgroups, limits.memory_bytes, limits.processes + (run.use_bwrap ? kBwrapProcesses : 0), error);
  if (!cgroup) return false;
  run.cgroup.emplace(std::move(*cgroup));
  return true;
}

// The program's stdio: stdin from a memfd, stdout and stderr into pipes whose read ends the runner
// polls. The write ends and stdin are the child's: closed here once it has started.
struct RunStdio {
  Fd stdin_fd;
  Fd out_write;
  std::optional<OutputCapture> out;
  Fd err_write;
  std::optional<OutputCapture> err;
};

bool open_stdio(const ProcessRequest& request, RunStdio& stdio, std::string* error) {
  stdio.stdin_fd.reset(stdin_file(request.stdin_data, error).release());
  if (stdio.stdin_fd.get() < 0) return false;
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    *error = fmt::format("pipe2: {}", strerror(errno));
    return false;
  }
  stdio.out_write.reset(out_pipe[1]);
  stdio.out.emplace(out_pipe[0], request.limits.stdout_cap_bytes);
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    *error = fmt::format("pipe2: {}", strerror(errno));
    return false;
  }
  stdio.err_write.reset(err_pipe[1]);
  stdio.err.emplace(err_pipe[0], request.limits.stderr_cap_bytes);
  fcntl(stdio.out->fd(), F_SETFL, O_NONBLOCK);  // only our ends: the program's writes must block as usual
  fcntl(stdio.err->fd(), F_SETFL, O_NONBLOCK);
  return true;
}

// What the child does between fork and exec (process_child.h): its stdio, directory, namespaces,
// cgroups, rlimits, identity and syscall filter.
ChildSetup child_setup(const ProcessLimits& limits, const RunResources& run, const RunStdio& stdio,
                       bool whole_run_limits, const SandboxWeakenings& weakened) {
  // RLIMIT_NPROC is checked before the pids cgroup: where the cgroup holds the run, NPROC is only a
  // backstop above it, so that the cgroup (which can tell that its limit was reached) decides.
  const rlim_t nproc_budget =
      cgroup_layout().limits_processes() && run.cgroup ? 2 * limits.processes : limits.processes;
  ChildSetup setup;
  setup.stdin_fd = stdio.stdin_fd.get();
  setup.stdout_fd = stdio.out_write.get();
  setup.stderr_fd = stdio.err_write.get();
  setup.workdir = run.workdir->path().c_str();
  setup.parent_pid = run.sandbox ? 0 : getpid();
  setup.syscall_filter = !weakened.no_syscall_filter;
  if (run.sandbox) {
    setup.namespace_fds = run.sandbox->namespaces().joined_by_child;
    setup.namespace_types = run.sandbox->namespaces().child_types;
  }
  for (size_t i = 0; run.cgroup && i < run.cgroup->join_fds().size(); i++)
    setup.cgroup_fds.at(i) = run.cgroup->join_fds()[i];
  setup.add_limit(RLIMIT_CORE, 0, 0);
  setup.add_limit(RLIMIT_CPU, cpu_soft_limit(limits), cpu_soft_limit(limits) + 1);
  // Memory is what a program holds, not what it reserves: never RLIMIT_AS for a student (process.h).
  if (limits.address_space_bytes < RLIM_INFINITY)
    setup.add_limit(RLIMIT_AS, limits.address_space_bytes, limits.address_space_bytes);
  setup.add_limit(RLIMIT_FSIZE, limits.file_size_bytes, limits.file_size_bytes);
  setup.add_limit(RLIMIT_STACK, limits.stack_bytes, limits.stack_bytes);
  if (run.lease) {
    // As root, bwrap runs as root (it needs no user namespace then) and drops to the uid itself.
    setup.change_identity = !run.use_bwrap;
    setup.uid = run.lease->uid();
    setup.gid = run.lease->gid();
    setup.has_extra_group = run.group.has_value();
    setup.extra_group = run.group.value_or(0);
    if (whole_run_limits) setup.add_limit(RLIMIT_NPROC, nproc_budget, nproc_budget);
  } else if (!running_as_root() && whole_run_limits) {
    rlim_t nproc = processes_owned_by(getuid()).size() + nproc_budget;
    setup.add_limit(RLIMIT_NPROC, nproc, nproc);
  }
  return setup;
}

// The command that starts the program: bubblewrap's minimal root around it, or the program alone.
std::vector<std::string> command_line(const ProcessRequest& request, const std::string& executable,
                                      const RunResources& run) {
  std::vector<std::string> args;
  if (run.use_bwrap) {
    BwrapRoot root;
    root.bwrap_path = find_bwrap();
    root.workdir = run.workdir->path();
    root.read_only_paths = request.read_only_paths;
    if (!visible_in_minimal_root(executable, request.read_only_paths)) root.read_only_paths.push_back(executable);
    if (run.lease) root.student_uid = run.lease->uid();
    args = bwrap_minimal_root(root);
  }
  args.push_back(executable);
  args.insert(args.end(), request.argv.begin() + 1, request.argv.end());
  return args;
}

// A started program: its pid (a zombie once it exits, until reap_run), the pidfd it is watched by,
// when it started, and the peak RSS it inherited from the grader.
struct Started {
  pid_t pid = -1;
  Fd pidfd;
  Clock::time_point start;
  uint64_t inherited_rss = 0;
};

bool start_program(std::vector<std::string> args, ChildSetup& setup, const RunResources& run, RunStdio& stdio,
                   Started& started, std::string* error) {
  std::string program = args.front();
  args.erase(args.begin());
  bp::environment environment;
  environment["PATH"] = "/usr/bin:/bin";
  environment["LC_ALL"] = "C";
  environment["TZ"] = "UTC";
  environment["HOME"] = run.workdir->path();
  environment["TMPDIR"] = run.workdir->path();  // under bwrap the rest of the file system is read-only

  // Without bwrap the program's peak RSS starts at the grader's own (see reap_run).
  started.inherited_rss = run.use_bwrap ? 0 : own_resident_bytes();
  started.start = Clock::now();
  std::error_code spawn_error;
  std::optional<PidNamespaceForChildren> in_sandbox;  // the fork lands in the sandbox's PID namespace
  if (run.sandbox && !in_sandbox.emplace(run.sandbox->namespaces().pid).joined()) {
    *error = fmt::format("cannot join the sandbox's PID namespace: {}", strerror(errno));
    return false;
  }
  bp::child child(bp::exe = program, bp::args = args, environment, setup, spawn_error);
  in_sandbox.reset();
  if (spawn_error) {
    *error = fmt::format("cannot start {}: {}", program, spawn_error.message());
    return false;
  }
  started.pid = child.id();
  child.detach();  // the runner reaps it; Boost must not touch it again
  stdio.out_write.reset();  // the child holds its own copies; EOF comes when every writer is gone
  stdio.err_write.reset();
  stdio.stdin_fd.reset();
  started.pidfd.reset(static_cast<int>(syscall(SYS_pidfd_open, started.pid, 0)));
  return true;
}

// How the watch ended, when, and the run's resident memory where it was measured.
struct RunWatch {
  Watched watched;
  Clock::time_point end;
  bool memory_measured = false;
  uint64_t measured_peak = 0;
  bool measured_over = false;
};

RunWatch watch_run(const ProcessLimits& limits, Tier tier, bool whole_run_limits, const RunResources& run,
                   const Started& started, RunStdio& stdio) {
  const auto wall = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.wall_seconds));
  const Clock::time_point deadline = std::min(started.start + wall, limits.not_after.value_or(Clock::time_point::max()));
  // A v1 memory cgroup kills one process at its limit and leaves the rest (v2's oom.group kills
  // all): the run ends there. A measured working directory is watched the same way, and so is the
  // run's resident memory where no memory cgroup holds it (the none tier too: a debugging grader
  // runs students that could fill the machine).
  RunWatch run_watch;
  run_watch.memory_measured = !(run.cgroup && cgroup_layout().limits_memory()) &&
                              (whole_run_limits || tier == Tier::None) && limits.memory_bytes < RLIM_INFINITY;
  const std::optional<uid_t> run_uid = run.lease ? std::optional<uid_t>(run.lease->uid()) : std::nullopt;
  auto memory_over = [&] {
    if (!run_watch.memory_measured) return false;
    run_watch.measured_peak = std::max(run_watch.measured_peak, run_resident_bytes(started.pid, run_uid));
    return run_watch.measured_over = run_watch.measured_peak > limits.memory_bytes;
  };
  std::function<bool()> limit_reached;
  if (run.cgroup || run_watch.memory_measured || (whole_run_limits && !run.workdir->on_tmpfs()))
    limit_reached = [&] {
      return (run.cgroup && run.cgroup->memory_limit_hit()) || memory_over() || run.workdir->cap_reached();
    };
  run_watch.watched = watch(started.pid, started.pidfd.get(), deadline, limit_reached, *stdio.out, *stdio.err);
  run_watch.end = run_watch.watched.exited_at.value_or(Clock::now());
  return run_watch;
}

// The run's processes killed and reaped: its wait status and resource usage, its orphans' added.
struct Reaped {
  int status = 0;
  rusage usage{};
  bool cgroups_emptied = false;  // and so every process of the run is gone
};

// Nothing of the run may outlive it: its cgroup and group first, then (if root) everything of its
// uid (kill_what_left_the_group).
Reaped reap_run(const Started& started, bool exited, RunResources& run, RunStdio& stdio) {
  Reaped reaped;
  // Every process of the run was born in its cgroups and cannot leave them: emptied, nothing is left.
  reaped.cgroups_emptied = run.cgroup && run.cgroup->kill_all();
  killpg(started.pid, SIGKILL);
  if (!exited) {  // keep what a killed program had already written
    const Clock::time_point drain_until = Clock::now() + kEofGrace;
    while ((stdio.out->open() || stdio.err->open()) && Clock::now() < drain_until) {
      std::array<pollfd, 2> fds{{{stdio.out->fd(), POLLIN, 0}, {stdio.err->fd(), POLLIN, 0}}};
      poll(fds.data(), fds.size(), 10);
      stdio.out->drain();
      stdio.err->drain();
    }
  }
  rusage orphans{};
  while (wait4(started.pid, &reaped.status, 0, &reaped.usage) < 0 && errno == EINTR) {
  }
  reap_process_group(started.pid, &orphans);
  // The peak RSS of a process forked from the grader starts at the grader's own (the kernel keeps
  // the high-water mark across exec); bwrap's init is forked from bwrap, so under bwrap the peak
  // of that init and the student it reaped is the student's own.
  rusage& usage = reaped.usage;
  usage.ru_maxrss =
      run.use_bwrap && orphans.ru_maxrss > 0 ? orphans.ru_maxrss : std::max(usage.ru_maxrss, orphans.ru_maxrss);
  timeradd(&usage.ru_utime, &orphans.ru_utime, &usage.ru_utime);
  timeradd(&usage.ru_stime, &orphans.ru_stime, &usage.ru_stime);
  return reaped;
}

// Left the group (setsid): in a pre-built sandbox every process of the run is in its PID namespace,
// and without one in the cgroups (if any) that were just emptied, else found by its uid in /proc.
void kill_what_left_the_group(const RunResources& run, bool cgroups_emptied) {
  if (run.lease && (run.sandbox ? !run.sandbox->empty_of_processes()
                                : !cgroups_emptied && !processes_owned_by(run.lease->uid()).empty())) {
    kill_every_process_of(run.lease->uid());
    reap_processes_of(run.lease->uid());
  }
}

// The files the grader takes from a run that exited 0 (the C compiler's output); false with
// *error when one cannot be taken.
bool take_files(const ProcessRequest& request, const RunDirectory& workdir, int status, std::string* error) {
  bool took = true;
  for (const auto& [name, destination] : request.take_files)
    if (took && WIFEXITED(status) && WEXITSTATUS(status) == 0)
      took = workdir.take(name, destination, request.limits.file_size_bytes, error);
  return took;
}

// Without an IPC namespace, what the uid made outlives it; so do its files in /tmp and its
// POSIX message queues (files of an mqueue mount).
void remove_what_the_uid_left(const RunResources& run, Tier tier, const SandboxWeakenings& weakened) {
  if (run.lease && tier == Tier::Uid && !weakened.keep_leftovers) {
    remove_ipc_objects_of(run.lease->uid());
    remove_entries_owned_by(run.lease->uid(), places_a_uid_can_leave_things());
  }
}

// The facts of a finished run (process.h): how it ended, what it printed, what it used and which of
// the whole run's limits it reached.
ProcessResult result_of(const RunWatch& run_watch, const Started& started, const Reaped& reaped, RunStdio& stdio,
                        const RunResources& run, const ProcessLimits& limits, bool workdir_full) {
  ProcessResult result;
  result.started = true;
  result.timed_out = !run_watch.watched.exited_at && !run_watch.watched.at_limit;
  result.wall_seconds = std::chrono::duration<double>(run_watch.end - started.start).count();
  result.out = std::move(stdio.out->text);
  result.err = std::move(stdio.err->text);
  result.stdout_truncated = stdio.out->truncated;
  result.stderr_truncated = stdio.err->truncated;
  record_status(reaped.status, reaped.usage, limits, run.use_bwrap, started.inherited_rss, &result);
  if (run.cgroup) {
    result.memory_limit = run.cgroup->memory_limit_hit();
    result.process_limit = run.cgroup->process_limit_hit();
    if (cgroup_layout().limits_memory()) result.peak_rss_bytes = run.cgroup->peak_memory_bytes();
    if (result.memory_limit) result.probably_memory = result.cpu_limit = false;
  }
  if (run_watch.memory_measured) {
    result.peak_rss_bytes = std::max(result.peak_rss_bytes, run_watch.measured_peak);
    result.memory_limit = run_watch.measured_over;
    if (run_watch.measured_over) result.probably_memory = result.cpu_limit = false;
  }
  result.workdir_limit = workdir_full;
  return result;
}

}  // namespace

bool workdir_on_tmpfs(Tier tier) { return tier != Tier::Uid && can_mount_run_tmpfs(); }

ProcessResult run_in_tier(const ProcessRequest& request, Tier tier, bool whole_run_limits,
                          const SandboxWeakenings& weakened, SandboxPool* pool, AccessChecks* access_checks) {
  if (stop_requested()) return stopped_run();  // no new run once the grader is stopping
  if (request.argv.empty()) return internal_error("empty command line");
  std::string error;
  const std::string executable = resolve_executable(request.argv[0], &error);
  if (executable.empty()) return internal_error(error);

  RunResources run;
  if (!borrow_identity(request, tier, weakened, run, &error) ||
      !prepare_directory(request, executable, tier, whole_run_limits, pool, access_checks, run, &error) ||
      !make_cgroup(request.limits, whole_run_limits, run, &error))
    return internal_error(error);
  RunStdio stdio;
  if (!open_stdio(request, stdio, &error)) return internal_error(error);
  ChildSetup setup = child_setup(request.limits, run, stdio, whole_run_limits, weakened);
  Started started;
  if (!start_program(command_line(request, executable, run), setup, run, stdio, started, &error))
    return internal_error(error);
  const RunWatch run_watch = watch_run(request.limits, tier, whole_run_limits, run, started, stdio);

  const Reaped reaped = reap_run(started, run_watch.watched.exited_at.has_value(), run, stdio);
  // Measured now: the uid tier's clean-up below removes what the uid owns in /tmp, this directory too.
  const bool workdir_full = whole_run_limits && run.workdir->cap_reached();
  kill_what_left_the_group(run, reaped.cgroups_emptied);
  std::string take_error;
  const bool took = take_files(request, *run.workdir, reaped.status, &take_error);
  remove_what_the_uid_left(run, tier, weakened);
  if (run_watch.watched.stopped) return stopped_run();  // cleaned up above like any run; its outcome says nothing

  ProcessResult result = result_of(run_watch, started, reaped, stdio, run, request.limits, workdir_full);
  // bwrap's own failures (not the student's) are exit 1 with its message on stderr.
  if (run.use_bwrap && result.exited && result.exit_code == 1 && result.err.rfind("bwrap: ", 0) == 0)
    return internal_error("bubblewrap failed: " + result.err.substr(0, result.err.find('\n')));
  if (!took) return internal_error(take_error);
  return result;
}

}  // namespace uirgrade
