// The bubblewrap command line of the namespaces tier: new mount, PID, network, IPC and UTS
// namespaces over a minimal root that holds only what a compiled, shell or Python program needs
// (read-only /usr and system directories, a few files of /etc), the paths the run must see
// read-only, its working directory writable, a private /tmp, a minimal /dev and /proc. Nothing
// else of the host (suites, build directory, /root, /home, /work, /autograder, reports) exists in it.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace uirgrade {

struct BwrapRoot {
  std::string bwrap_path;                    // find_bwrap()
  std::string workdir;                       // bound read-write at the same path; the start directory
  std::vector<std::string> read_only_paths;  // bound read-only at the same paths (the submission, a kernel)
  /// When the grader is root, bwrap runs as root (no user namespace is needed) and the program is
  /// started through setpriv as this unprivileged uid (= gid), with no capabilities left.
  std::optional<uid_t> student_uid;
  uint64_t tmp_bytes = 64ull << 20;          // size of the private /tmp (a tmpfs)
  /// A /dev/mqueue of the sandbox's IPC namespace, through which its POSIX message queues can be
  /// listed and removed (a sandbox reused run after run, sandbox_pool.h, must forget them).
  bool mqueue = false;
  /// bwrap's --die-with-parent, which ties the sandbox to the grader *thread* that started it: right
  /// for one run, wrong for a sandbox that outlives that thread (sandbox_pool.cc ends its own).
  bool die_with_parent = true;
};

/// The arguments up to and including `--`; the program's path and arguments follow.
std::vector<std::string> bwrap_minimal_root(const BwrapRoot& root);

}  // namespace uirgrade
