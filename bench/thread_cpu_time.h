// The clock of the benchmarks: CPU time of the calling thread, not wall time, because the machine is
// shared and a run that other work preempts would otherwise look slower than it is.
#pragma once

#include <time.h>

inline double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}
