// The fresh working directory of one student run (process.cc): created private under the temporary
// directory, filled with the request's files, owned by the student's uid when the grader borrows
// one, and removed afterwards whatever the program did to it (read-only directories included).
// Its size and file count are capped: by a tmpfs of that size mounted on it where the grader may
// mount (root with CAP_SYS_ADMIN), else by measuring it while the program runs (tree_size.h).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace uirgrade {

/// How much a run's working directory may hold (0: no cap of that kind).
struct WorkdirCap {
  uint64_t bytes = 0;
  uint64_t files = 0;  // entries of any kind, directories included
  /// false: never a tmpfs, always measured (the uid tier of a container, which cannot mount).
  bool tmpfs_allowed = true;
  /// The directory's parent is a tmpfs of this cap that holds nothing else (a pre-built sandbox's
  /// run parent, sandbox_pool.h): the directory is made in it, with no tmpfs of its own.
  bool in_capped_parent = false;
  bool operator==(const WorkdirCap&) const = default;
};

class RunDirectory {
 public:
  /// Creates the directory in `parent` (default: the temporary directory) and writes `files` (plain
  /// names, no '/') into it; when `owner` is set, the directory and files are given to that
  /// uid/gid. Fills *error on failure.
  static std::optional<RunDirectory> create(const std::vector<std::pair<std::string, std::string>>& files,
                                            std::optional<std::pair<uid_t, gid_t>> owner, const WorkdirCap& cap,
                                            std::string* error, const std::string& parent = "");
  RunDirectory(RunDirectory&& other) noexcept
      : path_(std::move(other.path_)), cap_(other.cap_), on_tmpfs_(other.on_tmpfs_) {
    other.path_.clear();
  }
  RunDirectory& operator=(RunDirectory&&) = delete;
  RunDirectory(const RunDirectory&) = delete;
  /// Removes the directory and everything in it (call it once no process of the run is left).
  ~RunDirectory();
  const std::string& path() const { return path_; }
  /// Whether a size-limited tmpfs holds the directory (else its cap is measured).
  bool on_tmpfs() const { return on_tmpfs_; }
  /// Whether what the run wrote has reached the cap: the tmpfs is full, or (measured) the tree
  /// holds more than the cap. Cheap for a small tree; a measured walk stops at the cap.
  bool cap_reached() const;
  /// Moves the regular file `name` (no link, one name only, at most `max_bytes`) to `destination`,
  /// owned by the grader and mode 0755 (the compiler's output). Fills *error on failure.
  bool take(const std::string& name, const std::string& destination, uint64_t max_bytes, std::string* error) const;

 private:
  RunDirectory(std::string path, const WorkdirCap& cap) : path_(std::move(path)), cap_(cap) {}
  std::string path_;
  WorkdirCap cap_;
  bool on_tmpfs_ = false;
};

/// Whether this grader may mount a tmpfs on a run directory (probed once, by doing it).
bool can_mount_run_tmpfs();

/// Mounts a tmpfs on `path` holding at most `cap`'s bytes and `cap.files` entries besides
/// `fixed_entries` of its own (directories the grader makes in it), root mode `mode`. False with
/// errno set when the grader may not mount.
bool mount_capped_tmpfs(const std::string& path, const WorkdirCap& cap, mode_t mode, uint64_t fixed_entries);

/// Whether the file system mounted at `path` holds nothing but its root directory: no other
/// inode and no block in use (statvfs). A tmpfs emptied between runs is checked so.
bool holds_nothing(const std::string& path);

/// Removes `path` and everything below it without following symbolic links, first making each
/// directory writable by its owner. Returns false if anything is left.
bool remove_tree(const std::string& path);
/// The same for what is inside the directory `path` except the entries named in `keep` (mount
/// points or their parents: removing one reached from another mount namespace would detach what
/// is mounted there). The directory itself stays as it was. True when nothing else is left in it.
bool empty_directory(const std::string& path, const std::vector<std::string>& keep = {});

}  // namespace uirgrade
