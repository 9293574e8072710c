// Pre-built namespace sandboxes, reused run after run (the namespaces tier when the grader is root).
// Starting bubblewrap costs many times a student's run, so a sandbox (bwrap's minimal root with a
// set of read-only paths, its own mount, PID, network, IPC and UTS namespaces, held open by an idle
// process) is built once and each run joins it with setns (process_child.h). One run at a time
// uses a sandbox; between runs it is reset to as it was built, so that nothing passes from one run
// to the next: no process left in it, /tmp, /dev/mqueue and the run parent emptied, no System V IPC object, and the
// PID counter wound back (a run must not learn how many processes the one before it started).
// A sandbox that cannot be reset is thrown away.
#pragma once

#include <sys/types.h>

#include <array>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sandbox/process_workdir.h"

namespace uirgrade {

class PooledSandbox;

/// The namespaces a run joins, as open file descriptors of /proc/PID/ns/* with their setns types.
struct SandboxNamespaces {
  /// Joined by the child itself before exec: IPC, UTS, network, then mount (which must come last:
  /// it changes the root the child sees).
  std::array<int, 4> joined_by_child{-1, -1, -1, -1};
  std::array<int, 4> child_types{};
  /// A PID namespace applies to the children of the caller only: the spawning thread joins it for
  /// the fork (PidNamespaceForChildren).
  int pid = -1;
};

class SandboxPool {
 public:
  /// `reset_between_runs` false is for tests only: it shows what the reset keeps from passing.
  explicit SandboxPool(bool reset_between_runs = true);
  ~SandboxPool();  // kills every sandbox
  SandboxPool(const SandboxPool&) = delete;
  SandboxPool& operator=(const SandboxPool&) = delete;

  /// One sandbox for one run. Destroying it (after every process of the run is gone and the run
  /// directory is removed) resets the sandbox and gives it back, or throws it away.
  class Lease {
   public:
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    /// Where the run directory goes: bound read-write in the sandbox at the same path.
    const std::string& run_parent() const;
    const SandboxNamespaces& namespaces() const;
    /// Whether no process is left in the sandbox but its own two (bubblewrap's init and the holder).
    bool empty_of_processes() const;
    /// Whether the run parent is a tmpfs of the cap the sandbox was acquired with (the run
    /// directory is then made in it, with no mount of its own; the reset checks it is empty).
    bool run_parent_holds_cap() const;

   private:
    friend class SandboxPool;
    Lease(SandboxPool* pool, std::unique_ptr<PooledSandbox> sandbox);
    SandboxPool* pool_;
    std::unique_ptr<PooledSandbox> sandbox_;
  };

  /// A sandbox whose only host paths beside the system's are `read_only_paths` (bound read-only at
  /// the same place) and the run parent, a tmpfs of `cap` where the cap asks for one: an idle one
  /// if there is, else a new one. Fills *error when none can be built.
  std::optional<Lease> acquire(const std::vector<std::string>& read_only_paths, const WorkdirCap& cap,
                               std::string* error);

  /// How many sandboxes were built so far (for tests and the bench).
  size_t sandboxes_built() const;

 private:
  void give_back(std::unique_ptr<PooledSandbox> sandbox);

  const bool reset_between_runs_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<PooledSandbox>> idle_;  // oldest first
  size_t built_ = 0;
};

/// Sets the calling thread's PID namespace for its children to `pid_namespace_fd` for as long as
/// it lives, then back to the grader's own. Only children forked by this thread meanwhile land in it.
class PidNamespaceForChildren {
 public:
  explicit PidNamespaceForChildren(int pid_namespace_fd);
  ~PidNamespaceForChildren();
  PidNamespaceForChildren(const PidNamespaceForChildren&) = delete;
  PidNamespaceForChildren& operator=(const PidNamespaceForChildren&) = delete;
  bool joined() const { return joined_; }

 private:
  bool joined_ = false;
};

}  // namespace uirgrade
