// The copy is the grader's (root-owned), world-readable (or, private, readable by its group only),
// executables kept executable; special files are skipped. The walk is iterative, like every walk
// over a student's tree.
#include "sandbox/submission.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "sandbox/process_workdir.h"

namespace uirgrade {
namespace {

constexpr size_t kMaxEntries = 2000;
constexpr uint64_t kMaxBytes = 256ull << 20;

/// The modes and group of a copy's entries: world-readable, or private to `group`.
struct CopyAccess {
  std::optional<gid_t> group;
  mode_t directory() const { return group ? 0750 : 0755; }
  mode_t file(bool executable) const { return (executable ? 0755 : 0644) & (group ? 0750 : 0777); }
  /// Gives `fd` (or, when fd < 0, the entry at `path` itself, not a link's target) to the group.
  bool give(int fd, const std::string& path) const {
    if (!group) return true;
    return fd >= 0 ? fchown(fd, geteuid(), *group) == 0 : lchown(path.c_str(), geteuid(), *group) == 0;
  }
};

bool copy_file(const std::string& from, const std::string& to, mode_t mode, const CopyAccess& access,
               std::string* error) {
  int in = open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  int out = open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  bool ok = in >= 0 && out >= 0;
  char buffer[1 << 16];
  while (ok) {
    ssize_t n = read(in, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = n == 0;
      break;
    }
    ok = write(out, buffer, static_cast<size_t>(n)) == n;
  }
  ok = ok && access.give(out, to) && fchmod(out, mode) == 0;
  if (!ok) *error = fmt::format("cannot copy {} to {}: {}", from, to, strerror(errno));
  if (in >= 0) close(in);
  if (out >= 0) close(out);
  return ok;
}

}  // namespace

std::optional<SubmissionCopy> SubmissionCopy::make(const std::string& executable, std::string* error) {
  return create(executable, true, std::nullopt, error);
}

std::optional<SubmissionCopy> SubmissionCopy::make_private(const std::string& executable, bool whole_directory,
                                                           gid_t group, std::string* error) {
  return create(executable, whole_directory, group, error);
}

std::optional<SubmissionCopy> SubmissionCopy::create(const std::string& executable, bool whole_directory,
                                                   std::optional<gid_t> group, std::string* error) {
  const CopyAccess access{group};
  std::filesystem::path original = std::filesystem::absolute(executable);
  std::string source_dir = original.parent_path().string();
  std::error_code ec;
  std::string dir = (std::filesystem::temp_directory_path(ec) / "uirgrade-submission-XXXXXX").string();
  if (ec) dir = "/tmp/uirgrade-submission-XXXXXX";
  if (!mkdtemp(dir.data()) || !access.give(-1, dir) || chmod(dir.c_str(), access.directory()) != 0) {
    *error = fmt::format("cannot create a directory for the submission's copy: {}", strerror(errno));
    return std::nullopt;
  }
  SubmissionCopy copy(dir, dir + "/" + original.filename().string());  // removed on every early return
  if (!whole_directory) {
    struct stat info {};
    if (stat(original.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
      *error = fmt::format("cannot copy {}: not a regular file", original.string());
      return std::nullopt;
    }
    if (!copy_file(original.string(), copy.executable(), access.file(info.st_mode & 0111), access, error))
      return std::nullopt;
    return copy;
  }
  std::vector<std::pair<std::string, std::string>> pending = {{source_dir, dir}};
  size_t entries = 0;
  uint64_t bytes = 0;
  while (!pending.empty()) {
    auto [from_dir, to_dir] = pending.back();
    pending.pop_back();
    DIR* listing = opendir(from_dir.c_str());
    if (!listing) {
      *error = fmt::format("cannot read the submission directory {}: {}", from_dir, strerror(errno));
      return std::nullopt;
    }
    std::vector<std::string> names;
    while (dirent* entry = readdir(listing)) {
      std::string name = entry->d_name;
      if (name != "." && name != "..") names.push_back(name);
    }
    closedir(listing);
    for (const std::string& name : names) {
      std::string from = from_dir + "/" + name, to = to_dir + "/" + name;
      struct stat info {};
      if (lstat(from.c_str(), &info) != 0) continue;
      bytes += S_ISREG(info.st_mode) ? static_cast<uint64_t>(info.st_size) : 0;
      if (++entries > kMaxEntries || bytes > kMaxBytes) {
        *error = fmt::format("the submission directory {} holds more than {} entries or {} MiB: put the "
                             "student's executable (and only what it needs) in a directory of its own",
                             source_dir, kMaxEntries, kMaxBytes >> 20);
        return std::nullopt;
      }
      if (S_ISDIR(info.st_mode)) {
        if (mkdir(to.c_str(), 0700) != 0 || !access.give(-1, to) || chmod(to.c_str(), access.directory()) != 0) {
          *error = fmt::format("cannot create {}: {}", to, strerror(errno));
          return std::nullopt;
        }
        pending.emplace_back(from, to);
      } else if (S_ISLNK(info.st_mode)) {
        std::string target(4096, '\0');
        ssize_t n = readlink(from.c_str(), target.data(), target.size());
        if (n > 0 && (symlink(target.substr(0, static_cast<size_t>(n)).c_str(), to.c_str()) != 0 ||
                      !access.give(-1, to))) {
          *error = fmt::format("cannot copy the link {}: {}", from, strerror(errno));
          return std::nullopt;
        }
      } else if (S_ISREG(info.st_mode)) {
        if (!copy_file(from, to, access.file(info.st_mode & 0111), access, error)) return std::nullopt;
      }
    }
  }
  return copy;
}

SubmissionCopy::~SubmissionCopy() {
  if (!dir_.empty()) remove_tree(dir_);
}

std::string link_out_of_submission(const std::string& executable) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path given = fs::absolute(executable, ec);
  if (ec || !fs::is_symlink(given, ec)) return "";
  fs::path dir = fs::weakly_canonical(given.parent_path(), ec);
  fs::path target = fs::canonical(given, ec);
  if (ec) return fmt::format("{} is a symbolic link that leads nowhere", executable);
  // Inside when every component of the directory starts the target (so `sub2/x` is not in `sub`).
  if (std::mismatch(dir.begin(), dir.end(), target.begin(), target.end()).first == dir.end()) return "";
  return fmt::format("{} is a symbolic link to {}, outside {}: a student's processes see only the directory "
                     "that holds the executable, so hand in that directory with the executable inside it (a "
                     "link within it, such as student-uirc -> build/uirc, is fine)",
                     executable, target.string(), dir.string());
}

}  // namespace uirgrade
