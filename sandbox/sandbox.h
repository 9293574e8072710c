// What the process runner needs to isolate a student beyond rlimits: a borrowed unprivileged uid
// when the grader is root (RLIMIT_NPROC is ignored for root, so a fork bomb needs another uid), a
// way to kill everything that uid owns, and whether bubblewrap works here (sandbox/bwrap_root.h).
#pragma once

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sandbox/process.h"
#include "sandbox/weakenings.h"

namespace uirgrade {

/// True when the grader runs as root: students then run under a borrowed uid (UidLease).
bool running_as_root();

/// A uid (and the gid of the same number) that no account uses, borrowed for one run. Concurrent
/// runs, in this grader or another one on the machine, never share one: each holds an flock on
/// its own file in a root-only directory, released when the lease is destroyed. Graders that cannot
/// see each other's locks (in different containers on one host) draw their windows of uids at
/// random from a range of two billion, and never take, or kill, a uid that owns a process. Move-only.
class UidLease {
 public:
  /// Claims a free uid: one that no other lease holds and that owns no process. Uids are locked
  /// and checked in batches; the rest of a batch waits, locked, for the next claims. `weakened`:
  /// test seams (sandbox/weakenings.h), none but in a test.
  static std::optional<UidLease> claim(std::string* error, const SandboxWeakenings& weakened = {});
  UidLease(UidLease&& other) noexcept;
  UidLease& operator=(UidLease&&) = delete;
  UidLease(const UidLease&) = delete;
  ~UidLease();
  uid_t uid() const { return uid_; }
  gid_t gid() const { return static_cast<gid_t>(uid_); }

  /// Test-only: the uid the next claim tries first; uids claimed and waiting are released first.
  static uid_t next_candidate_for_tests();

 private:
  UidLease(uid_t uid, int lock_fd) : uid_(uid), lock_fd_(lock_fd) {}
  uid_t uid_;
  int lock_fd_;
};

/// Which uids this grader borrows, for the reports' sandbox line (or why it cannot borrow any).
std::string borrowed_uids_description();

/// The processes whose real uid is `uid` now, zombies included.
std::vector<pid_t> processes_owned_by(uid_t uid);
/// Those of `uids` that own no process now (one pass over /proc for all of them).
std::vector<uid_t> without_processes(const std::vector<uid_t>& uids);

/// Sends SIGKILL to every process owned by `uid`, from a child that becomes `uid` and calls
/// kill(-1), which the kernel makes atomic with fork: no child of theirs escapes it.
void kill_every_process_of(uid_t uid);

/// Whether `uid`/`gid` (with `extra_group` as its one supplementary group, or none) may read and
/// execute `path`, asked of the kernel from a child that takes that identity. On failure fills
/// *error with the reason.
bool can_read_and_execute_as(const std::string& path, uid_t uid, gid_t gid, std::string* error,
                             std::optional<gid_t> extra_group = std::nullopt);
/// The same for reading only (a directory: listing it and entering it).
bool can_read_as(const std::string& path, uid_t uid, gid_t gid, std::string* error,
                 std::optional<gid_t> extra_group = std::nullopt);

/// The path of bubblewrap (`bwrap`) in /usr/bin or /bin, or "" when it is not installed.
std::string find_bwrap();

/// Whether bubblewrap works here, found by running /bin/true in it through `run_in_bwrap` (the real
/// runner with bwrap forced, so the probe takes the very path a student will: as root, under a
/// borrowed uid). Docker's default seccomp profile blocks user namespaces, for example.
struct BwrapStatus {
  bool usable = false;
  std::string why_not;  // when unusable: what failed, for the grader's message
};
BwrapStatus probe_bwrap(const std::function<ProcessResult(const ProcessRequest&)>& run_in_bwrap);

}  // namespace uirgrade
