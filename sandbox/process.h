// Running one untrusted program under limits. The grader's logic talks to the CommandRunner
// interface only, so it is tested with a fake; the real runner (process.cc, Boost.Process) is
// tested against misbehaving programs (grader/testdata/students/).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sandbox/sandbox_tier.h"
#include "sandbox/weakenings.h"

namespace uirgrade {

class SandboxPool;

struct ProcessLimits {
  double wall_seconds = 10.0;
  /// An end besides wall_seconds (a student's time budget, --student-budget): the run is stopped
  /// there as at its wall-clock limit, however far its limits were widened (a counted run).
  std::optional<std::chrono::steady_clock::time_point> not_after;
  /// The CPU time of one process, all its threads together, in units of one busy thread: the
  /// RLIMIT_CPU is this times cpu_helper_threads (process_status.h), so that a runtime's garbage
  /// collector and JIT threads, busy beside the program on a many-core machine, do not stop a run the
  /// wall clock lets finish. The wall clock is what a student's run costs; the CPU limit stops a
  /// process that keeps more than that many cores busy for its whole wall time.
  double cpu_seconds = 10.0;
  double cpu_helper_threads = 4.0;
  /// RLIMIT_AS, only for a program the grader knows (the C compiler, valgrind): never set for a
  /// student's, since runtimes reserve far more address space than they use (the JVM's class space
  /// and heap, ASan's shadow, GHC's heap, Go's arenas) and would not start. memory_bytes bounds memory.
  uint64_t address_space_bytes = std::numeric_limits<uint64_t>::max();
  uint64_t stdout_cap_bytes = 1ull << 20;     // captured; the rest is drained and dropped
  uint64_t stderr_cap_bytes = 1ull << 20;
  uint64_t file_size_bytes = 64ull << 20;     // RLIMIT_FSIZE for files it writes
  /// RLIMIT_STACK: Linux's default, set rather than inherited, so that a program that needs more
  /// (an alloc kept on the C stack, spec §4) fails alike wherever it is graded, whatever
  /// `ulimit -s` the machine or CI runner gives the grader.
  uint64_t stack_bytes = 8ull << 20;
  /// The memory of the whole process tree of the run: held by a memory cgroup where one can be made
  /// (sandbox/cgroup.h), else measured while it runs (its processes' resident memory, every 100 ms,
  /// sandbox/run_memory.h) and the run ended at the limit. No rlimit: every one that bounds memory
  /// stops some runtime from starting (run_memory.h says which).
  uint64_t memory_bytes = 2ull << 30;
  /// Processes and threads of the run (a cgroup's pids, or the borrowed uid's RLIMIT_NPROC: both
  /// count threads). A JDK 17 with a thread pool of one thread per core and a parallel stream holds
  /// 23 threads on 2 cores, 41 on 8, 186 on 64 and 322 on 128 (its GC and JIT threads grow with the
  /// cores): 512 leaves room for that and a child process.
  uint64_t processes = 512;
  /// What its working directory may hold (sandbox/process_workdir.h).
  uint64_t workdir_bytes = 256ull << 20;
  uint64_t workdir_files = 10'000;
};

struct ProcessRequest {
  std::vector<std::string> argv;  // argv[0] is the executable's path; no shell is involved
  std::string stdin_data;         // what the program reads on stdin (the runner puts it in a file)
  /// Files written into the program's fresh working directory before it starts, as (name, content):
  /// e.g. ("prog.uir", text), so that argv can say `run prog.uir`. The directory is removed afterwards.
  std::vector<std::pair<std::string, std::string>> files;
  ProcessLimits limits;
  /// Host paths the program needs to read (the submission's directory, a compiled kernel): in the
  /// namespaces tier the only ones it sees beside the system's, bound read-only at the same place.
  std::vector<std::string> read_only_paths;
  /// Files the program leaves in its working directory that the grader takes, as (name, absolute
  /// destination), moved there after a run that exited 0 (the C compiler's output): regular files
  /// only, then owned by the grader and read-only to others.
  std::vector<std::pair<std::string, std::string>> take_files;
  /// Uid tier only: the one supplementary group the program runs with, the group of a class
  /// student's private submission copy (sandbox/submission.h); unset: no supplementary group.
  std::optional<gid_t> extra_group;
  /// The same read-only paths come again and again (the submission, for each test): in the
  /// namespaces tier a pre-built sandbox with them may serve the run (sandbox/sandbox_pool.h),
  /// reset between runs, instead of a bubblewrap started for this run alone.
  bool reuse_sandbox = false;
};

struct ProcessResult {
  bool started = false;      // false: internal error (spawn or sandbox failed): never the student's fault
  std::string internal_error;
  /// The grader was asked to stop (sandbox/stop_signal.h): the run was killed, or never started;
  /// with started false and internal_error saying so. Nothing about the student.
  bool stopped = false;
  bool exited = false;       // exited normally: exit_code is set
  int exit_code = -1;
  int signal = 0;            // killed by this signal (0: none)
  bool timed_out = false;    // killed at the wall-clock deadline
  bool cpu_limit = false;    // SIGXCPU / CPU time at the limit
  bool probably_memory = false;  // a guess (rlimits cannot tell for sure): say "probably"
  bool memory_limit = false;     // certain: the kernel killed it for the whole run's memory limit
  bool process_limit = false;    // a fork or clone failed at the whole run's process limit
  bool workdir_limit = false;    // its working directory reached its cap (then it was stopped)
  bool stdout_truncated = false;
  bool stderr_truncated = false;
  std::string out;
  std::string err;
  double wall_seconds = 0;
  double cpu_seconds = 0;
  uint64_t peak_rss_bytes = 0;  // the whole tree's peak where a memory cgroup measured it
};

class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  /// Runs one process to completion. Safe to call from many threads at once.
  virtual ProcessResult run(const ProcessRequest& request) = 0;
  /// What every run is isolated by, for the first line of the reports ("" when nothing is known).
  virtual std::string isolation() const { return ""; }
};

/// The real runner (process.cc): Boost.Process, rlimits, process groups, and the tier's isolation
/// (sandbox/sandbox_tier.h) for every process it starts, student, C compiler and kernel alike.
/// In the namespaces tier as root it keeps pre-built sandboxes for the requests that allow it.
enum class SandboxReuse {
  ResetBetweenRuns,  // the grader's way
  Never,             // a bubblewrap for every run (a bench's baseline)
};
class ProcessRunner : public CommandRunner {
 public:
  explicit ProcessRunner(Tier tier, SandboxReuse reuse = SandboxReuse::ResetBetweenRuns);
  /// Test-only: a runner with the defences `weakened` names switched off (sandbox/weakenings.h),
  /// to show an attack working before the real runner blocks it. Never made by the grader or the CLI.
  ProcessRunner(Tier tier, const SandboxWeakenings& weakened);
  ~ProcessRunner() override;
  ProcessResult run(const ProcessRequest& request) override;
  std::string isolation() const override;
  Tier tier() const { return tier_; }
  /// How many sandboxes were built for reuse so far (0 without a pool).
  size_t sandboxes_built() const;

 private:
  ProcessRunner(Tier tier, SandboxReuse reuse, const SandboxWeakenings& weakened);
  struct CheckedAccess;  // what a borrowed uid was found able to read (process.cc)
  Tier tier_;
  SandboxWeakenings weakened_;  // test seams (sandbox/weakenings.h): none but in a test
  std::unique_ptr<SandboxPool> pool_;
  std::unique_ptr<CheckedAccess> checked_access_;
};

/// The runner of the tier `sandbox` asks for (probing bubblewrap once per grader process), or
/// nullptr with *error saying why no such tier is possible here.
std::unique_ptr<ProcessRunner> make_process_runner(Sandbox sandbox, std::string* error);

}  // namespace uirgrade
