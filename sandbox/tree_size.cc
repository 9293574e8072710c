// The walk (see tree_size.h) keeps, for each level it has gone down, the names of the subdirectories
// still to visit there; it goes back up by opening ".." and checking that it is the directory it
// came from, so a student renaming directories during the walk can only cut it short.
#include "sandbox/tree_size.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace uirgrade {
namespace {

struct Level {
  std::vector<std::string> subdirectories;  // still to visit
  DirIdentity self;
};

// Counts the entries of the open directory `dir_fd` into *size and returns its subdirectories.
std::vector<std::string> count_entries(int dir_fd, TreeSize* size) {
  std::vector<std::string> subdirectories;
  for (std::string& name : directory_entries(dir_fd)) {
    struct stat info {};
    if (fstatat(dir_fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
    size->entries++;
    size->bytes += static_cast<uint64_t>(info.st_blocks) * 512;
    if (S_ISDIR(info.st_mode)) subdirectories.push_back(std::move(name));
  }
  return subdirectories;
}

}  // namespace

std::optional<DirIdentity> identity_of(int fd) {
  struct stat info {};
  if (fstat(fd, &info) != 0) return std::nullopt;
  return DirIdentity{info.st_dev, info.st_ino};
}

int open_parent_if(int fd, DirIdentity expected) {
  int parent = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  close(fd);
  if (parent >= 0 && identity_of(parent) == expected) return parent;
  if (parent >= 0) close(parent);
  return -1;
}

std::vector<std::string> directory_entries(int dir_fd) {
  std::vector<std::string> names;
  int list_fd = dup(dir_fd);
  DIR* dir = list_fd >= 0 ? fdopendir(list_fd) : nullptr;
  if (!dir) {
    if (list_fd >= 0) close(list_fd);
    return names;
  }
  while (dirent* entry = readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(dir);
  return names;
}

TreeSize measure_tree(const std::string& path, uint64_t max_entries, uint64_t max_bytes) {
  TreeSize size;
  int fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  std::optional<DirIdentity> top = fd >= 0 ? identity_of(fd) : std::nullopt;
  if (!top) {
    if (fd >= 0) close(fd);
    size.complete = false;
    return size;
  }
  std::vector<Level> levels{{count_entries(fd, &size), *top}};
  auto over = [&] { return size.entries > max_entries || size.bytes > max_bytes; };
  while (!levels.empty() && !over()) {
    Level& level = levels.back();
    if (!level.subdirectories.empty()) {
      std::string name = std::move(level.subdirectories.back());
      level.subdirectories.pop_back();
      int child = openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      std::optional<DirIdentity> self = child >= 0 ? identity_of(child) : std::nullopt;
      if (!self) {
        if (child >= 0) close(child);
        continue;  // gone, or unreadable: its entries were counted in its parent
      }
      levels.push_back({count_entries(child, &size), *self});
      close(fd);
      fd = child;
      continue;
    }
    levels.pop_back();
    if (levels.empty()) break;
    fd = open_parent_if(fd, levels.back().self);
    if (fd < 0) {
      size.complete = false;  // the tree moved under us
      break;
    }
  }
  if (fd >= 0) close(fd);
  if (over()) size.complete = false;
  return size;
}

}  // namespace uirgrade
