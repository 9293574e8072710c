// The real CommandRunner: one untrusted program under limits (see sandbox/process.h).
// This file holds the runner and the tiers' description; one run is sandbox/run_in_tier.cc, waiting
// for it sandbox/process_wait.cc, and what its status says sandbox/process_status.cc.
#include "sandbox/process.h"

#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "sandbox/bwrap_root.h"
#include "sandbox/cgroup.h"
#include "sandbox/run_in_tier.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_pool.h"

namespace uirgrade {
namespace {

// Whether bubblewrap works here: probed once per grader process, by running /bin/true the way a
// student would run (as root: bwrap as root, the program under a borrowed uid).
const BwrapStatus& bwrap_status() {
  static const BwrapStatus status = [] {
    if (find_bwrap().empty()) return BwrapStatus{false, "bwrap is not installed (no /usr/bin/bwrap)"};
    return probe_bwrap([](const ProcessRequest& request) {
      return run_in_tier(request, Tier::Namespaces, true, SandboxWeakenings{}, nullptr, nullptr);
    });
  }();
  return status;
}

// The none tier keeps to per-process rlimits, as it always did: it is for debugging a grader on
// one's own machine, and the weakened setting the hostile-student tests compare against.
bool has_whole_run_limits(Tier tier, bool per_process_limits_only) {
  return tier != Tier::None && !per_process_limits_only;
}

// The limits every run is under, with a student run's values, for the reports' sandbox line.
std::string limits_in_force(Tier tier, bool whole_run_limits) {
  const ProcessLimits student;
  std::string per_process =
      fmt::format("per process: CPU time (all threads: {:g} x the CPU limit), {} MiB files (rlimits)",
                  student.cpu_helper_threads, student.file_size_bytes >> 20);
  // Never an address-space limit: runtimes reserve far more than they use (process.h).
  const std::string measured = fmt::format(
      "{} MiB of memory, measured every 100 ms while it runs (no memory cgroup; no address-space limit)",
      student.memory_bytes >> 20);
  if (!whole_run_limits)
    return fmt::format("limits per process only: {}, {}",
                       tier == Tier::None ? measured : std::string("no memory limit"), per_process);
  const CgroupLayout& cgroups = cgroup_layout();
  std::string memory = cgroups.limits_memory()
                           ? fmt::format("{} MiB of memory (no address-space limit)", student.memory_bytes >> 20)
                           : measured;
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

ProcessRunner::ProcessRunner(Tier tier, SandboxReuse reuse) : ProcessRunner(tier, reuse, SandboxWeakenings{}) {}

ProcessRunner::ProcessRunner(Tier tier, const SandboxWeakenings& weakened)
    : ProcessRunner(tier, SandboxReuse::ResetBetweenRuns, weakened) {}

ProcessRunner::ProcessRunner(Tier tier, SandboxReuse reuse, const SandboxWeakenings& weakened)
    : tier_(tier), weakened_(weakened), checked_access_(std::make_unique<CheckedAccess>()) {
  // Joining a sandbox's namespaces takes root's capabilities; an unprivileged grader starts bwrap.
  if (reuse != SandboxReuse::Never && tier == Tier::Namespaces && running_as_root())
    pool_ = std::make_unique<SandboxPool>(!weakened_.no_reset_between_runs);
}

ProcessRunner::~ProcessRunner() = default;

ProcessResult ProcessRunner::run(const ProcessRequest& request) {
  return run_in_tier(request, tier_, has_whole_run_limits(tier_, weakened_.per_process_limits_only), weakened_,
                     pool_.get(), checked_access_.get());
}

size_t ProcessRunner::sandboxes_built() const { return pool_ ? pool_->sandboxes_built() : 0; }

std::string ProcessRunner::isolation() const {
  std::string identity = running_as_root() ? "a borrowed unprivileged uid per run (" + borrowed_uids_description() + ")"
                                           : fmt::format("the grader's uid {}", getuid());
  std::string limits = limits_in_force(tier_, has_whole_run_limits(tier_, weakened_.per_process_limits_only));
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
