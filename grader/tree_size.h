// How much a directory tree holds (the measured working-directory cap of a run that no size-limited
// tmpfs contains): entries and allocated bytes, counted without recursion and without following
// symbolic links, one directory open at a time, so that a 30,000-deep tree is measured like any other.
#pragma once

#include <cstdint>
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

/// Measures the tree below `path`, stopping as soon as it holds more than `max_entries` entries or
/// `max_bytes` bytes (then the figures are lower bounds and `complete` is false).
TreeSize measure_tree(const std::string& path, uint64_t max_entries, uint64_t max_bytes);

}  // namespace uirgrade
