// The resident memory of one run, measured from /proc while it runs, where no memory cgroup holds
// it (a default Docker container: no writable cgroup file system). No rlimit can stand in:
// RLIMIT_AS stops the JVM, ASan and GHC's runtime from starting (they reserve far more address
// space than they use), and RLIMIT_DATA stops ASan (its shadow is terabytes of writable mappings)
// and bounds each process, not the run. The runner asks every 100 ms and ends the run at its limit.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>

namespace uirgrade {

/// The summed resident memory (VmRSS) of the run's processes: every process of `uid` when the run
/// has a borrowed uid of its own (setsid does not escape it), else the process group `leader` and
/// every descendant of `leader`. Pages shared between processes count once for each: an upper
/// bound, on the safe side for a limit.
uint64_t run_resident_bytes(pid_t leader, std::optional<uid_t> uid);

}  // namespace uirgrade
