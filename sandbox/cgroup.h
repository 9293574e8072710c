// Limits for the whole process tree of one run (student, C compiler or kernel): memory and process
// count held by a control group made for the run, and every process of it killed at the end, setsid
// escapees included. cgroup v2 is used where the grader's cgroup can delegate the controller; else
// the v1 `memory` and `pids` hierarchies; a v2 cgroup without controllers still gives `cgroup.kill`.
// Where no cgroup can be made (not root, a read-only /sys/fs/cgroup), there is none: the runner
// measures the run's memory while it runs (run_memory.h) and limits processes by RLIMIT_NPROC of the
// borrowed uid.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace uirgrade {

/// Where a run's cgroups are made: for each job, the directory whose children they become ("" when
/// that job cannot be done by a cgroup here).
struct CgroupLayout {
  std::string v2_dir;       // a cgroup2 directory we may create children in (cgroup.kill)
  bool v2_memory = false;   // v2_dir's children get memory.max (the controller is delegated)
  bool v2_pids = false;     // ... and pids.max
  std::string v1_memory_dir;  // used for memory when !v2_memory
  std::string v1_pids_dir;    // used for processes when !v2_pids

  bool limits_memory() const { return v2_memory || !v1_memory_dir.empty(); }
  bool limits_processes() const { return v2_pids || !v1_pids_dir.empty(); }
  bool kills_atomically() const { return !v2_dir.empty(); }
  /// Whether a run gets any cgroup here (for its limits or only for cgroup.kill).
  bool makes_cgroups() const { return limits_memory() || limits_processes() || kills_atomically(); }
  /// What the layout does, for the reports' sandbox line ("" when it does nothing).
  std::string description() const;
};

/// The layout of this grader process (its own cgroups, from /proc/self/cgroup and mountinfo, each
/// checked by making and removing a child), probed once.
const CgroupLayout& cgroup_layout();

/// The cgroups of one run, removed by the destructor (after kill_all). Move-only.
class RunCgroup {
 public:
  /// Makes the run's cgroups under `layout` with these limits (0: no limit of that kind). nullopt
  /// with *error when the layout has nothing to make or a cgroup cannot be made.
  static std::optional<RunCgroup> create(const CgroupLayout& layout, uint64_t memory_bytes, uint64_t processes,
                                         std::string* error);
  RunCgroup(RunCgroup&& other) noexcept;
  RunCgroup& operator=(RunCgroup&&) = delete;
  RunCgroup(const RunCgroup&) = delete;
  ~RunCgroup();

  /// Open `cgroup.procs` files (O_CLOEXEC): the child writes "0" into each before exec to join.
  const std::vector<int>& join_fds() const { return join_fds_; }
  /// Kills every process in the run's cgroups (v2 cgroup.kill, else SIGKILL to each listed until
  /// none is left) and waits (up to 2 s) until they have all exited. True when the cgroups are empty.
  bool kill_all();
  /// The most memory the whole tree held at once (0 when no memory cgroup).
  uint64_t peak_memory_bytes() const;
  /// Whether the kernel killed a process of the run for its memory limit.
  bool memory_limit_hit() const;
  /// Whether a fork or clone of the run failed because of its process limit.
  bool process_limit_hit() const;

 private:
  RunCgroup() = default;
  std::string memory_dir_, pids_dir_, kill_dir_;  // the run's own cgroups ("" when not made)
  bool memory_v2_ = false;  // memory.max etc. (v2) or memory.limit_in_bytes etc. (v1)
  std::vector<int> join_fds_;
};

/// The number after `key ` on its own line of a flat-keyed cgroup file (memory.events, pids.events,
/// memory.oom_control): 0 when absent.
uint64_t cgroup_keyed_value(const std::string& text, const std::string& key);

/// The directory of this process's cgroup in a hierarchy mounted at `mount_point` with mount root
/// `mount_root`, given the path /proc/self/cgroup names for it; "" when it lies outside the mount.
std::string cgroup_directory(const std::string& mount_point, const std::string& mount_root,
                             const std::string& cgroup_path);

}  // namespace uirgrade
