// Run directories (see process_workdir.h). Removal works on directory file descriptors (openat,
// unlinkat) and never follows a symbolic link, so a student who leaves `link -> /` behind gets only
// the link removed; each directory is made owner-writable before its entries are unlinked, since a
// student may have made it read-only (root needs no such help, an ordinary grader user does).
#include "grader/process_workdir.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

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

// Removes everything inside the open directory `dir_fd`.
bool remove_contents(int dir_fd) {
  fchmod(dir_fd, S_IRWXU);  // a read-only directory cannot lose entries
  int list_fd = dup(dir_fd);
  DIR* dir = list_fd >= 0 ? fdopendir(list_fd) : nullptr;
  if (!dir) {
    if (list_fd >= 0) close(list_fd);
    return false;
  }
  std::vector<std::string> names;
  while (dirent* entry = readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(dir);
  bool all_removed = true;
  for (const std::string& name : names) {
    struct stat info {};
    if (fstatat(dir_fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISDIR(info.st_mode)) {
      fchmodat(dir_fd, name.c_str(), S_IRWXU, 0);  // so that it can be opened; it is no link
      int child_fd = openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (child_fd >= 0) {
        all_removed &= remove_contents(child_fd);
        close(child_fd);
      }
      all_removed &= unlinkat(dir_fd, name.c_str(), AT_REMOVEDIR) == 0;
    } else {
      all_removed &= unlinkat(dir_fd, name.c_str(), 0) == 0;
    }
  }
  return all_removed;
}

}  // namespace

std::optional<RunDirectory> RunDirectory::create(const std::vector<std::pair<std::string, std::string>>& files,
                                                 std::optional<std::pair<uid_t, gid_t>> owner,
                                                 std::string* error) {
  std::error_code ec;
  std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
  if (ec) temp = "/tmp";
  std::string path = (temp / "uirgrade-run-XXXXXX").string();
  if (!mkdtemp(path.data())) {  // mode 0700
    *error = fmt::format("cannot create a run directory in {}: {}", temp.string(), strerror(errno));
    return std::nullopt;
  }
  RunDirectory directory(path);  // from here on, removed on every early return
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

RunDirectory::~RunDirectory() {
  if (!path_.empty()) remove_tree(path_);
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

}  // namespace uirgrade
