// Run directories (see process_workdir.h). Removal works on directory file descriptors (openat,
// unlinkat) and never follows a symbolic link, so a student who leaves `link -> /` behind gets only
// the link removed; each directory is made owner-writable before its entries are unlinked, since a
// student may have made it read-only (root needs no such help, an ordinary grader user does).
#include "sandbox/process_workdir.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "sandbox/tree_size.h"

namespace uirgrade {
namespace {

bool write_all(int fd, const std::string& content) {
  size_t written = 0;
  while (written < content.size()) {
    ssize_t n = write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<size_t>(n);
  }
  return true;
}

bool write_file(int dir_fd, const std::string& name, const std::string& content,
                std::optional<std::pair<uid_t, gid_t>> owner, std::string* error) {
  if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos) {
    *error = fmt::format("bad file name for a run directory: \"{}\" (plain names only)", name);
    return false;
  }
  int fd = openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  bool ok = fd >= 0 && write_all(fd, content) && (!owner || fchown(fd, owner->first, owner->second) == 0);
  if (!ok) *error = fmt::format("cannot write {} into the run directory: {}", name, strerror(errno));
  if (fd >= 0) close(fd);
  return ok;
}

// Copies the regular file `source` (`size` bytes) to a new file `destination`.
bool copy_file(const std::string& source, const std::string& destination, off_t size) {
  int in = open(source.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  int out = in < 0 ? -1 : open(destination.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  off_t copied = 0;
  while (out >= 0 && copied < size) {
    ssize_t n = copy_file_range(in, nullptr, out, nullptr, static_cast<size_t>(size - copied), 0);
    if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL)) {  // an older kernel: by hand
      char buffer[1 << 16];
      n = read(in, buffer, sizeof buffer);
      if (n > 0 && !write_all(out, std::string(buffer, static_cast<size_t>(n)))) n = -1;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    copied += n;
  }
  if (in >= 0) close(in);
  if (out >= 0) close(out);
  return out >= 0 && copied == size;
}

// Removes everything inside the open directory `top_fd`, depth first without recursion (a student
// can leave a tree deeper than any stack): one directory is open at a time, and going back up
// opens ".." and checks that it is the directory we came from.
bool remove_contents(int top_fd) {
  struct Level {
    std::string name;  // of the directory we are in, inside its parent
    DirIdentity parent;
    DirIdentity self;
  };
  std::vector<Level> path;
  std::set<DirIdentity> stuck;  // directories that could not be emptied: not entered again
  int fd = dup(top_fd);
  if (fd < 0) return false;
  bool all_removed = true;
  for (;;) {
    fchmod(fd, S_IRWXU);  // a read-only directory cannot lose entries
    std::string subdirectory;
    DirIdentity subdirectory_id;
    for (const std::string& name : directory_entries(fd)) {
      struct stat info {};
      if (fstatat(fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
      if (!S_ISDIR(info.st_mode)) {
        all_removed &= unlinkat(fd, name.c_str(), 0) == 0;
      } else if (unlinkat(fd, name.c_str(), AT_REMOVEDIR) != 0 && subdirectory.empty() &&
                 !stuck.contains(DirIdentity{info.st_dev, info.st_ino})) {
        subdirectory = name;  // not empty: go down into it
        subdirectory_id = {info.st_dev, info.st_ino};
      }
    }
    if (!subdirectory.empty()) {
      fchmodat(fd, subdirectory.c_str(), S_IRWXU, 0);  // so that it can be opened; it is no link
      int child = openat(fd, subdirectory.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      std::optional<DirIdentity> here = identity_of(fd);
      std::optional<DirIdentity> there = child >= 0 ? identity_of(child) : std::nullopt;
      if (here && there) {
        path.push_back({subdirectory, *here, *there});
        close(fd);
        fd = child;
        continue;
      }
      if (child >= 0) close(child);
      stuck.insert(subdirectory_id);  // cannot go down into it: leave it, go on with the rest
      all_removed = false;
      continue;
    }
    if (path.empty()) break;
    // This directory is empty (or holds what could not be removed): back up and remove it.
    Level level = path.back();
    path.pop_back();
    fd = open_parent_if(fd, level.parent);
    if (fd < 0) return false;  // the tree moved under us: stop rather than remove elsewhere
    if (unlinkat(fd, level.name.c_str(), AT_REMOVEDIR) != 0) {
      all_removed = false;
      stuck.insert(level.self);
    }
  }
  close(fd);
  return all_removed;
}

}  // namespace

std::optional<RunDirectory> RunDirectory::create(const std::vector<std::pair<std::string, std::string>>& files,
                                                 std::optional<std::pair<uid_t, gid_t>> owner,
                                                 const WorkdirCap& cap, std::string* error,
                                                 const std::string& parent) {
  std::error_code ec;
  std::filesystem::path temp = parent.empty() ? std::filesystem::temp_directory_path(ec) : std::filesystem::path(parent);
  if (ec) temp = "/tmp";
  std::string path = (temp / "uirgrade-run-XXXXXX").string();
  if (!mkdtemp(path.data())) {  // mode 0700
    *error = fmt::format("cannot create a run directory in {}: {}", temp.string(), strerror(errno));
    return std::nullopt;
  }
  RunDirectory directory(path, cap);  // from here on, removed on every early return
  // A tmpfs of the cap's size on the directory: the kernel stops the run's writes at the cap (and
  // the pages count in the run's memory cgroup). mode=0700 like mkdtemp's. In a capped parent the
  // parent's tmpfs does the same.
  if (cap.in_capped_parent)
    directory.on_tmpfs_ = true;
  else if (cap.tmpfs_allowed && (cap.bytes > 0 || cap.files > 0))
    directory.on_tmpfs_ = mount_capped_tmpfs(path, cap, 0700, 0);
  if (owner && chown(path.c_str(), owner->first, owner->second) != 0) {
    *error = fmt::format("cannot give {} to uid {}: {}", path, owner->first, strerror(errno));
    return std::nullopt;
  }
  int dir_fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) {
    *error = fmt::format("cannot open {}: {}", path, strerror(errno));
    return std::nullopt;
  }
  bool ok = true;
  for (const auto& [name, content] : files) {
    ok = write_file(dir_fd, name, content, owner, error);
    if (!ok) break;
  }
  close(dir_fd);
  if (!ok) return std::nullopt;
  return directory;
}

bool RunDirectory::take(const std::string& name, const std::string& destination, uint64_t max_bytes,
                        std::string* error) const {
  std::string source = path_ + "/" + name;
  struct stat info {};
  if (lstat(source.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_nlink != 1 ||
      static_cast<uint64_t>(info.st_size) > max_bytes) {
    *error = fmt::format("{} is not a regular file of at most {} bytes", source, max_bytes);
    return false;
  }
  // (No process of the run is left, so the file cannot change under us.) On the same file system
  // a rename moves the name only; out of a tmpfs the bytes are copied.
  bool moved = on_tmpfs_ ? copy_file(source, destination, info.st_size)
                         : rename(source.c_str(), destination.c_str()) == 0 &&
                               chown(destination.c_str(), geteuid(), getegid()) == 0;
  if (!moved || chmod(destination.c_str(), 0755) != 0) {
    *error = fmt::format("cannot move {} to {}: {}", source, destination, strerror(errno));
    return false;
  }
  return true;
}

bool RunDirectory::cap_reached() const {
  if (on_tmpfs_) {
    // Full: fewer than 16 pages or no inode left (a write that hit the cap took what was left).
    struct statvfs fs {};
    return statvfs(path_.c_str(), &fs) == 0 &&
           ((cap_.bytes > 0 && fs.f_bavail * fs.f_frsize < 16 * 4096) || (cap_.files > 0 && fs.f_favail == 0));
  }
  if (cap_.bytes == 0 && cap_.files == 0) return false;
  const uint64_t unbounded = ~uint64_t{0};
  TreeSize size = measure_tree(path_, cap_.files ? cap_.files : unbounded, cap_.bytes ? cap_.bytes : unbounded);
  return (cap_.files > 0 && size.entries > cap_.files) || (cap_.bytes > 0 && size.bytes > cap_.bytes);
}

RunDirectory::~RunDirectory() {
  if (path_.empty()) return;
  // A tmpfs goes with everything in it at once; no process of the run is left to hold it.
  if (on_tmpfs_ && !cap_.in_capped_parent && umount2(path_.c_str(), MNT_DETACH) == 0) {
    rmdir(path_.c_str());
    return;
  }
  remove_tree(path_);
}

bool can_mount_run_tmpfs() {
  static const bool possible = [] {
    std::string error;
    std::optional<RunDirectory> probe = RunDirectory::create({}, std::nullopt, {4096 * 16, 16, true}, &error);
    return probe && probe->on_tmpfs();
  }();
  return possible;
}

bool mount_capped_tmpfs(const std::string& path, const WorkdirCap& cap, mode_t mode, uint64_t fixed_entries) {
  std::string options = fmt::format("mode={:o}", mode);
  if (cap.bytes > 0) options += fmt::format(",size={}", cap.bytes);
  if (cap.files > 0) options += fmt::format(",nr_inodes={}", cap.files + fixed_entries + 1);  // + its own root
  return mount("uirgrade-run", path.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) == 0;
}

bool holds_nothing(const std::string& path) {
  struct statvfs fs {};
  return statvfs(path.c_str(), &fs) == 0 && fs.f_files - fs.f_ffree == 1 && fs.f_bfree == fs.f_blocks;
}

bool remove_tree(const std::string& path) {
  struct stat info {};
  if (lstat(path.c_str(), &info) != 0) return errno == ENOENT;
  if (!S_ISDIR(info.st_mode)) return unlink(path.c_str()) == 0;
  chmod(path.c_str(), S_IRWXU);
  int dir_fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir_fd < 0) return false;
  bool contents_removed = remove_contents(dir_fd);
  close(dir_fd);
  return contents_removed && rmdir(path.c_str()) == 0;
}

bool empty_directory(const std::string& path, const std::vector<std::string>& keep) {
  int dir_fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir_fd < 0) return false;
  bool emptied = true;
  for (const std::string& name : directory_entries(dir_fd))
    if (std::find(keep.begin(), keep.end(), name) == keep.end()) emptied &= remove_tree(path + "/" + name);
  close(dir_fd);
  return emptied;
}

}  // namespace uirgrade
