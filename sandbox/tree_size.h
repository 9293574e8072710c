// How much a directory tree holds (the measured working-directory cap of a run that no size-limited
// tmpfs contains): entries and allocated bytes, counted without recursion and without following
// symbolic links, one directory open at a time, so that a 30,000-deep tree is measured like any other.
#pragma once

#include <sys/types.h>

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace uirgrade {

struct TreeSize {
  uint64_t entries = 0;  // files, directories, links, ... below the top (the top itself not counted)
  uint64_t bytes = 0;    // allocated on disk (st_blocks), so a sparse file counts what it uses
  bool complete = true;  // false: stopped early (over a bound) or the tree moved under the walk
};

/// The names in the open directory `dir_fd` (without . and ..), read through a duplicate of it so
/// that `dir_fd` stays open for *at calls (the duplicate shares its offset: list each fd once);
/// empty when it cannot be listed.
std::vector<std::string> directory_entries(int dir_fd);

/// Which directory an open fd is: its device and inode, which a rename does not change.
struct DirIdentity {
  dev_t dev = 0;
  ino_t ino = 0;
  auto operator<=>(const DirIdentity&) const = default;
};
std::optional<DirIdentity> identity_of(int fd);

/// Goes up from the open directory `fd`, which it closes, to its parent: the parent open when it is
/// still the directory `expected`, -1 when the tree moved under the walk (a student renaming
/// directories while it runs). A walk that climbs this way can be cut short, never led elsewhere.
int open_parent_if(int fd, DirIdentity expected);

/// Measures the tree below `path`, stopping as soon as it holds more than `max_entries` entries or
/// `max_bytes` bytes (then the figures are lower bounds and `complete` is false).
TreeSize measure_tree(const std::string& path, uint64_t max_entries, uint64_t max_bytes);

}  // namespace uirgrade
