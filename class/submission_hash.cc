#include "class/submission_hash.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "base/sha256.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

std::string_view type_name(mode_t mode) {
  if (S_ISREG(mode)) return "file";
  if (S_ISDIR(mode)) return "folder";
  if (S_ISLNK(mode)) return "link";
  if (S_ISFIFO(mode)) return "fifo";
  if (S_ISCHR(mode)) return "char-device";
  if (S_ISBLK(mode)) return "block-device";
  if (S_ISSOCK(mode)) return "socket";
  return "other";
}

/// Adds a regular file's content, read in 64 KiB pieces. O_NONBLOCK and O_NOFOLLOW because the
/// entry may have been swapped for a FIFO or a link since lstat; at most st_size bytes, so that a
/// file that never ends (a /proc file reports size 0) cannot keep us reading.
void add_content(Sha256& sha, const fs::path& path, bool follow_link = false) {
  int fd = ::open(path.c_str(), O_RDONLY | (follow_link ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  struct stat info {};
  if (fd < 0 || ::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    sha.field(fmt::format("unreadable: {}", fd < 0 ? std::strerror(errno) : "not a regular file"));
    if (fd >= 0) ::close(fd);
    return;
  }
  sha.raw(fmt::format("{}:", info.st_size));
  std::vector<char> buffer(64 * 1024);
  off_t left = info.st_size;
  while (left > 0) {
    ssize_t got = ::read(fd, buffer.data(), static_cast<size_t>(std::min<off_t>(left, buffer.size())));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;  // shrunk while read: the hash differs from any whole read, which is right
    sha.raw(std::string_view(buffer.data(), static_cast<size_t>(got)));
    left -= got;
  }
  ::close(fd);
  sha.field(left == 0 ? "whole" : "short");
}

/// Adds one entry: its name, type and permission bits, then its link target or its content.
void add_entry(Sha256& sha, const fs::path& path, const std::string& name) {
  struct stat info {};
  sha.field(name);
  if (::lstat(path.c_str(), &info) != 0) {
    sha.field(fmt::format("gone: {}", std::strerror(errno)));
    return;
  }
  sha.field(fmt::format("{} {:o}", type_name(info.st_mode), info.st_mode & 07777));
  if (S_ISLNK(info.st_mode)) {
    std::error_code ec;
    fs::path target = fs::read_symlink(path, ec);
    sha.field(ec ? "unreadable link" : target.string());
  } else if (S_ISREG(info.st_mode)) {
    add_content(sha, path);
  }
}

}  // namespace

std::string submission_hash(const Submission& submission) {
  Sha256 sha;
  if (submission.folder.empty()) {
    add_entry(sha, submission.compiler, fs::path(submission.compiler).filename().string());
    // A roster row's executable may be a link to the compiler a student builds: what it runs is
    // the target, so a regular target's content counts too (still bounded by its size).
    struct stat target {};
    if (fs::is_symlink(fs::symlink_status(submission.compiler)) && ::stat(submission.compiler.c_str(), &target) == 0 &&
        S_ISREG(target.st_mode)) {
      sha.field(fmt::format("target {:o}", target.st_mode & 07777));
      add_content(sha, submission.compiler, /*follow_link=*/true);
    }
    return sha.hex();
  }
  std::vector<fs::path> entries;
  std::error_code ec;
  // The iterator does not descend into linked folders (no follow_directory_symlink).
  for (auto it = fs::recursive_directory_iterator(submission.folder, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    entries.push_back(it->path());
  if (ec) sha.field(fmt::format("listing stopped: {}", ec.message()));
  std::sort(entries.begin(), entries.end());
  for (const fs::path& entry : entries) add_entry(sha, entry, entry.lexically_relative(submission.folder).string());
  return sha.hex();
}

}  // namespace uirgrade
