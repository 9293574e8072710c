// What a run's raw wait status and resource usage say: how it ended, its CPU time and peak memory,
// and whether a limit (CPU, probably memory) stopped it.
#pragma once

#include <sys/resource.h>

#include <cstdint>

#include "sandbox/process.h"

namespace uirgrade {

/// Rlimits are whole seconds of CPU: the soft limit (SIGXCPU) at the request's cpu_seconds times its
/// cpu_helper_threads (at least 1) rounded up, the hard one (SIGKILL) a second later, for a program
/// that catches SIGXCPU.
rlim_t cpu_soft_limit(const ProcessLimits& limits);

/// The grader's resident memory now, from /proc/self/statm (0 if unreadable).
uint64_t own_resident_bytes();

/// The verdict-relevant facts that follow from the raw wait status and rusage.
/// `inherited_rss` is the grader's resident memory when it forked the program: a peak no larger
/// says nothing about the program (see run_in_tier).
void record_status(int status, const rusage& usage, const ProcessLimits& limits, bool through_bwrap,
                   uint64_t inherited_rss, ProcessResult* result);

}  // namespace uirgrade
