// The minimal root (see bwrap_root.h). Debian 12 is merged-/usr: /bin, /lib, /lib64 and /sbin are
// symbolic links into /usr, recreated as links; a system where they are real directories gets
// them bound read-only. /usr/local is hidden under an empty tmpfs: the image links the grader's
// own binaries (grade, uir-oracle) from there.
#include "sandbox/bwrap_root.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>

namespace uirgrade {
namespace {

// What of /etc a dynamically linked program, the C compiler (cc is a link through
// /etc/alternatives) and Python read; the rest of /etc (host names, keys, package state) stays out.
constexpr std::array kEtcEntries = {"alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime",
                                    "passwd",       "group",       "nsswitch.conf"};

constexpr const char* kGhcPackages = "/var/lib/ghc";

void add(std::vector<std::string>& args, std::initializer_list<std::string> words) {
  args.insert(args.end(), words.begin(), words.end());
}

// /bin, /lib, ... as the host has them: a link recreated, a directory bound read-only.
void add_system_directory(std::vector<std::string>& args, const std::string& path) {
  struct stat info {};
  if (lstat(path.c_str(), &info) != 0) return;
  if (S_ISLNK(info.st_mode)) {
    std::string target(4096, '\0');
    ssize_t n = readlink(path.c_str(), target.data(), target.size());
    if (n > 0) add(args, {"--symlink", target.substr(0, static_cast<size_t>(n)), path});
  } else if (S_ISDIR(info.st_mode)) {
    add(args, {"--ro-bind", path, path});
  }
}

// Language runtimes' configuration in /etc: /etc/python3, /etc/python3.11, ... (Python's site
// configuration) and /etc/java-17-openjdk (the JDK's jvm.cfg and security settings are links into
// it: without it `java` does not start). Nothing secret lives there.
std::vector<std::string> runtime_etc_entries() {
  std::vector<std::string> names;
  if (DIR* etc = opendir("/etc")) {
    while (dirent* entry = readdir(etc)) {
      const std::string name = entry->d_name;
      if (name.rfind("python", 0) == 0 || name.rfind("java-", 0) == 0) names.push_back(name);
    }
    closedir(etc);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// bwrap creates the missing parents of a mount point private to root (mode 0700): a student
// under another uid could not reach its own working directory by its absolute path. Each parent
// is made first, mode 0755 (an existing one is left as it is).
void add_parents(std::vector<std::string>& args, const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1))
    add(args, {"--perms", "0755", "--dir", path.substr(0, slash)});
}

}  // namespace

std::vector<std::string> bwrap_minimal_root(const BwrapRoot& root) {
  // No --new-session: the runner gives bwrap its own session already (stdio are pipes, never a
  // terminal), and bwrap's init must stay in that process group, so that the runner reaps it and
  // reads the student's CPU time from its rusage.
  std::vector<std::string> args = {root.bwrap_path, "--unshare-pid", "--unshare-net", "--unshare-ipc",
                                   "--unshare-uts", "--hostname", "sandbox"};
  if (root.die_with_parent) args.push_back("--die-with-parent");
  add(args, {"--ro-bind", "/usr", "/usr", "--tmpfs", "/usr/local"});
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) add_system_directory(args, dir);
  add(args, {"--perms", "0755", "--dir", "/etc"});
  for (const char* name : kEtcEntries) add(args, {"--ro-bind-try", std::string("/etc/") + name, std::string("/etc/") + name});
  for (const std::string& name : runtime_etc_entries()) add(args, {"--ro-bind-try", "/etc/" + name, "/etc/" + name});
  // GHC's package database: /usr/lib/ghc/package.conf.d is a link to it (without it `ghc` cannot
  // build a student's compiler). The only file of /var a runtime of Debian's needs.
  if (access(kGhcPackages, F_OK) == 0) {
    add_parents(args, kGhcPackages);
    add(args, {"--ro-bind", std::string(kGhcPackages), std::string(kGhcPackages)});
  }
  add(args, {"--dev", "/dev", "--proc", "/proc", "--perms", "01777", "--size", std::to_string(root.tmp_bytes),
             "--tmpfs", "/tmp"});
  if (root.mqueue) add(args, {"--mqueue", "/dev/mqueue"});
  for (const std::string& path : root.read_only_paths) {
    add_parents(args, path);
    add(args, {"--ro-bind", path, path});
  }
  add_parents(args, root.workdir);
  add(args, {"--bind", root.workdir, root.workdir, "--chdir", root.workdir, "--remount-ro", "/"});
  if (root.student_uid) {
    std::string id = std::to_string(*root.student_uid);
    add(args, {"--", "/usr/bin/setpriv", "--reuid=" + id, "--regid=" + id, "--clear-groups", "--inh-caps=-all",
               "--bounding-set=-all", "--no-new-privs"});
  }
  args.push_back("--");
  return args;
}

}  // namespace uirgrade
