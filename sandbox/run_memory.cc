// The resident memory of one run (see run_memory.h): one pass over /proc, reading each process's
// status file (its real uid, parent and VmRSS; the owner of /proc/PID itself changes when a process
// makes itself non-dumpable, so it is not used), then the run's members summed.
#include "sandbox/run_memory.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace uirgrade {
namespace {

struct ProcessFacts {
  pid_t parent = 0;
  uid_t uid = 0;
  uint64_t resident_bytes = 0;
};

// The number after `key` in a status file's text, or 0.
unsigned long field(const char* status, const char* key) {
  const char* at = std::strstr(status, key);
  return at ? std::strtoul(at + std::strlen(key), nullptr, 10) : 0;
}

std::map<pid_t, ProcessFacts> every_process() {
  std::map<pid_t, ProcessFacts> processes;
  DIR* proc = opendir("/proc");
  if (!proc) return processes;
  char buffer[4096];
  while (dirent* entry = readdir(proc)) {
    if (!std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) continue;
    int fd = openat(dirfd(proc), (std::string(entry->d_name) + "/status").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) continue;
    buffer[n] = '\0';
    ProcessFacts facts;
    facts.parent = static_cast<pid_t>(field(buffer, "\nPPid:\t"));
    facts.uid = static_cast<uid_t>(field(buffer, "\nUid:\t"));
    facts.resident_bytes = static_cast<uint64_t>(field(buffer, "\nVmRSS:\t")) * 1024;  // "VmRSS:\t  1234 kB"
    processes[static_cast<pid_t>(std::atol(entry->d_name))] = facts;
  }
  closedir(proc);
  return processes;
}

bool descends_from(pid_t pid, pid_t leader, const std::map<pid_t, ProcessFacts>& processes) {
  for (int depth = 0; pid > 1 && depth < 100'000; depth++) {  // the depth bounds a cycle of reused pids
    if (pid == leader) return true;
    auto it = processes.find(pid);
    if (it == processes.end()) return false;
    pid = it->second.parent;
  }
  return false;
}

}  // namespace

uint64_t run_resident_bytes(pid_t leader, std::optional<uid_t> uid) {
  const std::map<pid_t, ProcessFacts> processes = every_process();
  uint64_t total = 0;
  for (const auto& [pid, facts] : processes) {
    bool member = uid ? facts.uid == *uid : getpgid(pid) == leader || descends_from(pid, leader, processes);
    if (member) total += facts.resident_bytes;
  }
  return total;
}

}  // namespace uirgrade
