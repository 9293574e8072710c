// The sandbox's test seams. A security test shows an attack working against a deliberately weakened
// setting before it shows the real setting blocking it; each switch here turns off one defence for
// that. The grader and the CLI never set one: a test gives them to a runner through its test-only
// constructor (ProcessRunner(Tier, const SandboxWeakenings&), process.h), which hands them on to
// every run (run_in_tier.h) and every uid it claims, or to one claim (UidLease::claim, sandbox.h).
//
// Why one struct held by the runner rather than a field in each type a switch acts on (the request,
// the uid lease, the runner's constructor, as before issue 37): a reader of those types then reads
// only what the grader uses, and every weakening of the sandbox is listed in this one place.
#pragma once

namespace uirgrade {

struct SandboxWeakenings {
  /// No syscall filter (sandbox/syscall_filter.h), to show the channels it closes: a borrowed uid's
  /// keyring, message queues, the network of the uid tier.
  bool no_syscall_filter = false;
  /// The uid tier does not remove what the borrowed uid left outside its working directory
  /// (sandbox/leftovers.h), to show the channels it closes.
  bool keep_leftovers = false;
  /// No cgroup, no memory measured, no working-directory cap and no process limit, only the
  /// per-process rlimits (CPU, file size), to show what the whole-run limits stop.
  bool per_process_limits_only = false;
  /// A pre-built sandbox (sandbox/sandbox_pool.h) is not reset between runs, to show what passes
  /// from one run to the next without the reset.
  bool no_reset_between_runs = false;
  /// A claim kills the processes of a busy uid, as it once did (another grader's students among
  /// them), instead of skipping the uid.
  bool kill_busy_uids = false;
};

}  // namespace uirgrade
