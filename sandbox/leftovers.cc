// /proc/sysvipc/{shm,sem,msg} list every object of this IPC namespace, one a line after a header,
// with the owner's and the creator's uid at fixed columns. The grader is root, so IPC_RMID works
// on any of them.
#include "sandbox/leftovers.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "sandbox/process_workdir.h"

namespace uirgrade {
namespace {

struct IpcTable {
  const char* path;
  int uid_column, cuid_column;  // 0-based columns of uid and cuid
  bool (*remove)(int id);
};

const IpcTable kIpcTables[] = {
    {"/proc/sysvipc/shm", 7, 9, [](int id) { return shmctl(id, IPC_RMID, nullptr) == 0; }},
    {"/proc/sysvipc/sem", 4, 6, [](int id) { return semctl(id, 0, IPC_RMID) == 0; }},
    {"/proc/sysvipc/msg", 7, 9, [](int id) { return msgctl(id, IPC_RMID, nullptr) == 0; }},
};

}  // namespace

int remove_ipc_objects_of(uid_t uid) {
  int removed = 0;
  for (const IpcTable& table : kIpcTables) {
    std::ifstream listing(table.path);
    std::string line;
    std::getline(listing, line);  // the header
    while (std::getline(listing, line)) {
      std::istringstream fields(line);
      std::vector<long long> numbers;
      long long number = 0;
      while (fields >> number) numbers.push_back(number);
      if (numbers.size() <= static_cast<size_t>(table.cuid_column)) continue;
      if (numbers[table.uid_column] != uid && numbers[table.cuid_column] != uid) continue;
      removed += table.remove(static_cast<int>(numbers[1])) ? 1 : 0;  // column 1 is the id
    }
  }
  return removed;
}

const std::vector<std::string>& world_writable_directories() {
  // /dev/mqueue too when it is there but not (yet) a mount: a queue made in it is a file of the uid.
  static const std::vector<std::string> directories = {"/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue"};
  return directories;
}

std::vector<std::string> places_a_uid_can_leave_things() {
  std::vector<std::string> places = world_writable_directories();
  std::ifstream mounts("/proc/self/mounts");
  std::string line;
  while (std::getline(mounts, line)) {
    std::istringstream fields(line);
    std::string device, mount_point, type;
    // Mount points with spaces are escaped (\040) and match no world-writable path we name anyway.
    if (fields >> device >> mount_point >> type && type == "mqueue") places.push_back(mount_point);
  }
  return places;
}

int remove_entries_owned_by(uid_t uid, const std::vector<std::string>& directories) {
  int removed = 0;
  for (const std::string& directory : directories) {
    DIR* dir = opendir(directory.c_str());
    if (!dir) continue;
    std::vector<std::string> names;
    while (dirent* entry = readdir(dir)) {
      struct stat info {};
      std::string name = entry->d_name;
      if (name != "." && name != ".." && fstatat(dirfd(dir), name.c_str(), &info, AT_SYMLINK_NOFOLLOW) == 0 &&
          info.st_uid == uid)
        names.push_back(name);
    }
    closedir(dir);
    for (const std::string& name : names) removed += remove_tree(directory + "/" + name) ? 1 : 0;
  }
  return removed;
}

}  // namespace uirgrade
