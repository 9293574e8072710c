// How a run ended, from its wait status and rusage (see process_status.h).
#include "sandbox/process_status.h"

#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <string>

namespace uirgrade {
namespace {

// "Probably memory": killed with a peak RSS of at least this fraction of the memory limit.
constexpr double kNearMemoryLimit = 0.75;

double seconds_of(const timeval& time) { return static_cast<double>(time.tv_sec) + time.tv_usec / 1e6; }

bool says_out_of_memory(const std::string& err) {
  for (const char* phrase : {"std::bad_alloc", "Cannot allocate memory", "out of memory"})
    if (err.find(phrase) != std::string::npos) return true;
  return false;
}

}  // namespace

rlim_t cpu_soft_limit(const ProcessLimits& limits) {
  return static_cast<rlim_t>(std::max(1.0, std::ceil(limits.cpu_seconds * std::max(1.0, limits.cpu_helper_threads))));
}

uint64_t own_resident_bytes() {
  unsigned long size_pages = 0, resident_pages = 0;
  FILE* statm = fopen("/proc/self/statm", "re");
  if (!statm) return 0;
  int fields = fscanf(statm, "%lu %lu", &size_pages, &resident_pages);
  fclose(statm);
  return fields == 2 ? static_cast<uint64_t>(resident_pages) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
}

void record_status(int status, const rusage& usage, const ProcessLimits& limits, bool through_bwrap,
                   uint64_t inherited_rss, ProcessResult* result) {
  if (WIFEXITED(status)) {
    result->exited = true;
    result->exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result->signal = WTERMSIG(status);
  }
  // bwrap reports a student killed by signal N as exit 128+N (it cannot die of the signal itself).
  if (through_bwrap && result->exited && result->exit_code > 128 && result->exit_code < 128 + NSIG) {
    result->exited = false;
    result->signal = result->exit_code - 128;
    result->exit_code = -1;
  }
  result->cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  result->peak_rss_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;
  result->cpu_limit = !result->timed_out &&
                      (result->signal == SIGXCPU ||
                       (result->signal == SIGKILL && result->cpu_seconds >= cpu_soft_limit(limits)));
  bool finite_memory = limits.memory_bytes < RLIM_INFINITY;
  bool killed_like_memory = result->signal == SIGKILL || result->signal == SIGSEGV || result->signal == SIGABRT;
  bool near_memory_limit = finite_memory && result->peak_rss_bytes > inherited_rss &&
                           result->peak_rss_bytes >= kNearMemoryLimit * static_cast<double>(limits.memory_bytes);
  bool failed = result->signal != 0 || result->exit_code != 0;
  result->probably_memory = !result->timed_out && !result->cpu_limit &&
                            ((killed_like_memory && near_memory_limit) || (failed && says_out_of_memory(result->err)));
}

}  // namespace uirgrade
