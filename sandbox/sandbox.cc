// Borrowed uids, killing by uid, and bubblewrap, for the process runner (process.cc).
//
// Uids come from a range that no account uses (inside this user namespace's uid and gid maps, so
// that a Docker userns-remap container works too). Graders in different containers on one host share
// the kernel's uids but not each other's lock files, so each grader draws its own window of the
// range at random (the range is two billion ids wide where the maps allow it), and a uid that owns a
// process it did not start is skipped, never killed: it may be another grader's student. A uid is held by an flock on a file named after
// it in a root-only directory: flock dies with the grader, so a crashed grader frees its uids, and
// two grader processes (ctest runs tests in parallel) never share one. The helpers that must act
// as another uid fork a child that changes identity with raw syscalls (in the child of a threaded
// program only async-signal-safe calls are allowed, and glibc's setuid wrappers are not), so the
// grader itself never changes identity.
#include "sandbox/sandbox.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <deque>
#include <fstream>
#include <mutex>
#include <string_view>

#include <fmt/format.h>

namespace uirgrade {
namespace {

constexpr const char* kLockDirectory = "/tmp/uirgrade-uid-locks";
constexpr uint64_t kPreferredFirstId = 1'600'000'000;  // far above any account
constexpr uint64_t kWideRange = uint64_t{1} << 31;      // up to 3.75e9: below (uid_t)-1 and overflow ids
constexpr uint64_t kIdCount = 4096;                      // one grader's window: more than any --jobs

// Borrowed uids are [first, first + count).
struct BorrowedRange {
  uint64_t first;
  uint64_t count;
};

// How many ids from 0 up the map file (/proc/self/uid_map or gid_map) maps; 0 when unreadable.
uint64_t ids_mapped_from_zero(const char* map_path) {
  std::ifstream map(map_path);
  uint64_t inside = 0, outside = 0, count = 0;
  while (map >> inside >> outside >> count)
    if (inside == 0) return count;
  return 0;
}

// The range uids are borrowed from: two billion ids from the preferred first one when the maps reach
// that far, else the top of a smaller map (a remapped container maps 65536 ids, a uid space of its
// own), below 65534 (nobody) and 65535.
std::optional<BorrowedRange> borrowed_range(std::string* error) {
  uint64_t mapped = std::min(ids_mapped_from_zero("/proc/self/uid_map"), ids_mapped_from_zero("/proc/self/gid_map"));
  if (mapped >= kPreferredFirstId + kWideRange) return BorrowedRange{kPreferredFirstId, kWideRange};
  if (mapped >= kPreferredFirstId + kIdCount) return BorrowedRange{kPreferredFirstId, mapped - kPreferredFirstId};
  if (mapped >= 3 * kIdCount) return BorrowedRange{mapped - kIdCount - 2, kIdCount};
  *error = fmt::format("only {} uids are mapped in this user namespace: too few to borrow {} for students",
                       mapped, kIdCount);
  return std::nullopt;
}

// This grader's window of `range`: kIdCount ids from a random place, so that two graders that
// cannot see each other's locks (two containers) pick the same uid only by a chance of about
// 2 * kIdCount / range.count (4e-6 in the wide range).
uint64_t random_window_start(const BorrowedRange& range) {
  uint64_t draw = 0;
  if (getrandom(&draw, sizeof draw, 0) != static_cast<ssize_t>(sizeof draw))
    draw = static_cast<uint64_t>(getpid()) * 0x9e3779b97f4a7c15ULL ^ static_cast<uint64_t>(time(nullptr));
  return range.first + draw % (range.count - kIdCount + 1);
}

// The lock directory must be ours and private: a student (another uid) could otherwise hold locks.
bool lock_directory_ready(std::string* error) {
  if (mkdir(kLockDirectory, 0700) != 0 && errno != EEXIST) {
    *error = fmt::format("cannot create {}: {}", kLockDirectory, strerror(errno));
    return false;
  }
  struct stat info {};
  if (lstat(kLockDirectory, &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != geteuid() ||
      (info.st_mode & 077) != 0) {
    *error = fmt::format("{} is not a directory private to uid {}: remove it", kLockDirectory, geteuid());
    return false;
  }
  return true;
}

// Takes the identity uid/gid with `extra_group` as its only supplementary group (or none), in a
// forked child only.
bool become(uid_t uid, gid_t gid, std::optional<gid_t> extra_group = std::nullopt) {
  gid_t group = extra_group.value_or(0);
  return syscall(SYS_setgroups, extra_group ? 1 : 0, &group) == 0 && syscall(SYS_setresgid, gid, gid, gid) == 0 &&
         syscall(SYS_setresuid, uid, uid, uid) == 0;
}

// Waits for a forked helper and returns its exit code (-1 if it did not exit normally).
int wait_for_helper(pid_t helper) {
  int status = 0;
  while (waitpid(helper, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

bool running_as_root() { return geteuid() == 0; }

namespace {

// How many uids one claim locks and checks at once: finding whether a uid owns a process reads
// every process's /proc status (some 3 ms on a loaded machine, once the largest cost of a test),
// and one pass answers for the whole batch.
constexpr size_t kClaimBatch = 16;

// Uids locked by this grader and found to own no process, handed out oldest first. None of them
// can gain a process while it waits here: only a process of that uid, or root, can make one, and
// every grader takes the uid's lock before it starts anything as that uid.
struct ClaimedUids {
  std::mutex mutex;
  std::deque<std::pair<uid_t, int>> ready;  // (uid, its lock file's descriptor)
};

// Locks up to kClaimBatch free uids after the cursor and keeps those that own no process. A uid
// that owns processes is skipped and left alone: they may be another grader's students (another
// container sees none of our locks) or left by a grader of ours that crashed; either way this grader
// did not start them (unless weakened to kill them). False with *error when none is free.
bool claim_batch(uint64_t first_id, std::atomic<uint64_t>& cursor, ClaimedUids& claimed,
                 const SandboxWeakenings& weakened, std::string* error) {
  for (uint64_t attempt = 0; attempt < kIdCount && claimed.ready.empty();) {
    std::vector<std::pair<uid_t, int>> locked;
    for (; attempt < kIdCount && locked.size() < kClaimBatch; attempt++) {
      uint64_t id = first_id + cursor.fetch_add(1) % kIdCount;
      std::string lock_path = fmt::format("{}/{}", kLockDirectory, id);
      int fd = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
      if (fd < 0) {
        *error = fmt::format("cannot open {}: {}", lock_path, strerror(errno));
        for (const auto& [uid, lock_fd] : locked) close(lock_fd);
        return false;
      }
      if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        locked.emplace_back(static_cast<uid_t>(id), fd);
      else
        close(fd);
    }
    std::vector<uid_t> ids;
    for (const auto& [uid, fd] : locked) ids.push_back(uid);
    std::vector<uid_t> free = without_processes(ids);
    for (const auto& [uid, fd] : locked) {
      if (std::find(free.begin(), free.end(), uid) != free.end()) {
        claimed.ready.emplace_back(uid, fd);
        continue;
      }
      if (weakened.kill_busy_uids) kill_every_process_of(uid);
      close(fd);
    }
  }
  if (!claimed.ready.empty()) return true;
  *error = fmt::format("all {} student uids of this grader's window are in use", kIdCount);
  return false;
}

// The range, this grader's window of it, and the claims made from it: drawn once per grader process.
struct Borrowing {
  Borrowing() : range(borrowed_range(&error)), window_first(range ? random_window_start(*range) : 0) {}
  std::string error;
  std::optional<BorrowedRange> range;
  uint64_t window_first;
  std::atomic<uint64_t> cursor{0};
  ClaimedUids claimed;
};

Borrowing& borrowing() {
  static Borrowing state;
  return state;
}

}  // namespace

std::string borrowed_uids_description() {
  const Borrowing& state = borrowing();
  if (!state.range) return state.error;
  return fmt::format("uids {}-{} (a window drawn at random from {}-{})", state.window_first,
                     state.window_first + kIdCount - 1, state.range->first, state.range->first + state.range->count - 1);
}

uid_t UidLease::next_candidate_for_tests() {
  Borrowing& state = borrowing();
  std::lock_guard lock(state.claimed.mutex);
  for (const auto& [uid, fd] : state.claimed.ready) close(fd);  // so that the next claim searches
  state.claimed.ready.clear();
  return static_cast<uid_t>(state.window_first + state.cursor.load() % kIdCount);
}

std::optional<UidLease> UidLease::claim(std::string* error, const SandboxWeakenings& weakened) {
  Borrowing& state = borrowing();
  if (!state.range) {
    *error = state.error;
    return std::nullopt;
  }
  if (!lock_directory_ready(error)) return std::nullopt;
  // Each search starts after the last claim, so that a uid is reused as late as possible.
  std::lock_guard lock(state.claimed.mutex);
  if (state.claimed.ready.empty() && !claim_batch(state.window_first, state.cursor, state.claimed, weakened, error))
    return std::nullopt;
  auto [uid, fd] = state.claimed.ready.front();
  state.claimed.ready.pop_front();
  return UidLease(uid, fd);
}

UidLease::UidLease(UidLease&& other) noexcept : uid_(other.uid_), lock_fd_(other.lock_fd_) {
  other.lock_fd_ = -1;
}

UidLease::~UidLease() {
  if (lock_fd_ >= 0) close(lock_fd_);  // releases the flock
}

namespace {

// Calls visit(pid, real uid) for every process now, zombies included. The real uid comes from
// /proc/<pid>/status: the owner of /proc/<pid> is root for a process that made itself
// non-dumpable (PR_SET_DUMPABLE), which a student could do to hide.
template <class Visit>
void for_each_process(Visit visit) {
  DIR* proc = opendir("/proc");
  if (!proc) return;
  char buffer[4096];
  while (dirent* entry = readdir(proc)) {
    if (!std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) continue;
    int fd = openat(dirfd(proc), (std::string(entry->d_name) + "/status").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) continue;
    buffer[n] = '\0';
    const char* uid_line = std::strstr(buffer, "\nUid:\t");
    if (uid_line) visit(static_cast<pid_t>(std::atol(entry->d_name)), static_cast<uid_t>(std::strtoul(uid_line + 6, nullptr, 10)));
  }
  closedir(proc);
}

}  // namespace

std::vector<pid_t> processes_owned_by(uid_t uid) {
  std::vector<pid_t> pids;
  for_each_process([&](pid_t pid, uid_t owner) {
    if (owner == uid) pids.push_back(pid);
  });
  return pids;
}

std::vector<uid_t> without_processes(const std::vector<uid_t>& uids) {
  std::vector<uid_t> owning;
  for_each_process([&](pid_t, uid_t owner) { owning.push_back(owner); });
  std::vector<uid_t> free;
  for (uid_t uid : uids)
    if (std::find(owning.begin(), owning.end(), uid) == owning.end()) free.push_back(uid);
  return free;
}

void kill_every_process_of(uid_t uid) {
  pid_t helper = fork();
  if (helper < 0) return;
  if (helper == 0) {
    // (kill(-1) returns 0 whenever any other process exists, allowed or not: no use as a count.)
    if (syscall(SYS_setresuid, uid, uid, uid) != 0) _exit(2);
    kill(-1, SIGKILL);
    _exit(0);
  }
  wait_for_helper(helper);
}

namespace {

// Asks the kernel, from a child that takes the identity uid/gid, whether access(path, mode) holds.
// Returns 0, the errno it failed with, or -1 when the identity could not be taken.
int access_as(const std::string& path, uid_t uid, gid_t gid, std::optional<gid_t> extra_group, int mode) {
  pid_t helper = fork();
  if (helper < 0) return -1;
  if (helper == 0) {
    if (!become(uid, gid, extra_group)) _exit(255);
    _exit(access(path.c_str(), mode) == 0 ? 0 : (errno & 0xff));
  }
  int code = wait_for_helper(helper);
  return code == 255 ? -1 : code;
}

bool check_access_as(const std::string& path, uid_t uid, gid_t gid, std::optional<gid_t> extra_group, int mode,
                     const char* what, std::string* error) {
  int code = access_as(path, uid, gid, extra_group, mode);
  if (code == 0) return true;
  if (code < 0)
    *error = fmt::format("could not take uid {} to check access to {}", uid, path);
  else
    *error = fmt::format("{} is not {} by uid {}, the unprivileged user students run as ({}): make it and its "
                         "directories world-{}",
                         path, what, uid, strerror(code), mode & X_OK ? "readable and -executable" : "readable");
  return false;
}

}  // namespace

bool can_read_and_execute_as(const std::string& path, uid_t uid, gid_t gid, std::string* error,
                             std::optional<gid_t> extra_group) {
  return check_access_as(path, uid, gid, extra_group, R_OK | X_OK, "readable and executable", error);
}

bool can_read_as(const std::string& path, uid_t uid, gid_t gid, std::string* error, std::optional<gid_t> extra_group) {
  struct stat info {};
  int mode = stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode) ? R_OK | X_OK : R_OK;
  return check_access_as(path, uid, gid, extra_group, mode, "readable", error);
}

std::string find_bwrap() {
  for (const char* path : {"/usr/bin/bwrap", "/bin/bwrap"})
    if (access(path, X_OK) == 0) return path;
  return "";
}

BwrapStatus probe_bwrap(const std::function<ProcessResult(const ProcessRequest&)>& run_in_bwrap) {
  ProcessRequest request;
  request.argv = {"/bin/true"};
  request.limits.wall_seconds = 20;  // bwrap starts slowly on a loaded machine
  ProcessResult result = run_in_bwrap(request);
  BwrapStatus status;
  if (!result.started) {
    status.why_not = result.internal_error;
  } else if (!result.exited || result.exit_code != 0) {
    std::string first_line = result.err.substr(0, result.err.find('\n'));
    status.why_not = fmt::format("`bwrap ... /bin/true` {} {}{}",
                                 result.exited ? "exited with" : "was killed by signal",
                                 result.exited ? result.exit_code : result.signal,
                                 first_line.empty() ? "" : ": " + first_line);
  } else {
    status.usable = true;
  }
  return status;
}

}  // namespace uirgrade
