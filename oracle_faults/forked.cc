#include "oracle_faults/forked.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <algorithm>
#include <map>
#include <stdexcept>

#include "oracle_faults/schemata.h"

namespace oracle_faults {
namespace {

// The child's slot in the parent's shared progress array (one int32 per fault, mmap'd before fork).
int32_t* g_progress = nullptr;

struct Record {
  int32_t unit;
  int32_t verdict;
  int32_t test;
};

[[noreturn]] void child(size_t fault, int id, size_t first_unit, size_t units, const ForkLimits& limits,
                        const std::function<UnitResult(size_t, size_t)>& work, int out, int32_t* progress) {
  g_progress = progress;
  int devnull = open("/dev/null", O_WRONLY);  // a failed assert under a fault prints; nobody reads it
  if (devnull >= 0) dup2(devnull, 2);
  rlimit memory{static_cast<rlim_t>(limits.memory_mb) << 20, static_cast<rlim_t>(limits.memory_mb) << 20};
  setrlimit(RLIMIT_AS, &memory);
  schemata::g_active = id;
  for (size_t u = first_unit; u < units; ++u) {
    alarm(static_cast<unsigned>(limits.seconds_per_unit));
    *g_progress = -1;
    UnitResult result = work(fault, u);
    Record r{static_cast<int32_t>(u), result.verdict, result.test};
    if (write(out, &r, sizeof r) != sizeof r) _exit(3);
  }
  _exit(0);
}

struct Running {
  size_t fault;      // index into ids
  size_t next_unit;  // the unit the child is working on (its records advance it)
  int pipe_in;
};

}  // namespace

void report_progress(int test) {
  if (g_progress) *g_progress = test;
}

std::vector<std::vector<UnitResult>> run_per_fault(const std::vector<int>& ids, size_t units, const ForkLimits& limits,
                                                   const std::function<UnitResult(size_t, size_t)>& work) {
  std::vector<std::vector<UnitResult>> results(ids.size(), std::vector<UnitResult>(units));
  size_t progress_bytes = std::max<size_t>(1, ids.size()) * sizeof(int32_t);
  void* shared = mmap(nullptr, progress_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) throw std::runtime_error(std::string("mmap: ") + std::strerror(errno));
  auto* progress = static_cast<int32_t*>(shared);
  std::map<pid_t, Running> running;
  auto start = [&](size_t fault, size_t first_unit) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid == 0) {
      close(fds[0]);
      child(fault, ids[fault], first_unit, units, limits, work, fds[1], progress + fault);
    }
    close(fds[1]);
    running[pid] = {fault, first_unit, fds[0]};
  };
  size_t next_fault = 0;
  while (next_fault < ids.size() || !running.empty()) {
    while (running.size() < static_cast<size_t>(limits.jobs) && next_fault < ids.size()) start(next_fault++, 0);
    int status = 0;
    pid_t pid = wait(&status);
    if (pid < 0) throw std::runtime_error(std::string("wait: ") + std::strerror(errno));
    auto it = running.find(pid);
    if (it == running.end()) continue;
    Running r = it->second;
    running.erase(it);
    // A child writes a dozen bytes a unit: all of it fits in the pipe, so it never waits on us.
    Record rec;
    while (read(r.pipe_in, &rec, sizeof rec) == sizeof rec) {
      results[r.fault][rec.unit].verdict = rec.verdict;
      results[r.fault][rec.unit].test = rec.test;
      r.next_unit = rec.unit + 1;
    }
    close(r.pipe_in);
    bool finished = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!finished && r.next_unit < units) {
      UnitResult& died = results[r.fault][r.next_unit];
      died.stopped = true;
      died.timed_out = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
      died.how = WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exit " + std::to_string(WEXITSTATUS(status));
      died.test = progress[r.fault];
      if (r.next_unit + 1 < units) start(r.fault, r.next_unit + 1);
    }
  }
  munmap(shared, progress_bytes);
  return results;
}

}  // namespace oracle_faults
