// One run of an untrusted program in a tier (process.h's ProcessRunner::run): the identity it runs
// as, its limits, its run directory, its stdio, starting it, and leaving nothing of it behind.
#pragma once

#include <sys/types.h>

#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "sandbox/process.h"
#include "sandbox/sandbox_pool.h"

namespace uirgrade {

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

/// Runs `request` in `tier`: with the whole run's limits (cgroup, working-directory cap, process
/// count) when `whole_run_limits`, with the defences `weakened` names switched off (test seams,
/// sandbox/weakenings.h; none but in a test), in a pre-built sandbox of `pool` when there is one
/// (may be null), with `access_checks` (may be null) remembering which paths the borrowed uids could use.
ProcessResult run_in_tier(const ProcessRequest& request, Tier tier, bool whole_run_limits,
                          const SandboxWeakenings& weakened, SandboxPool* pool, AccessChecks* access_checks);

/// The working directory of a run in `tier` is a size-limited tmpfs where the grader can mount one;
/// the uid tier always measures instead, as in the container it stands for (no CAP_SYS_ADMIN).
bool workdir_on_tmpfs(Tier tier);

}  // namespace uirgrade
