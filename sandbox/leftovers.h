// What a borrowed uid may leave behind outside its working directory when no namespace contains it
// (the uid tier): System V IPC objects, which outlive their creator, and files in the
// world-writable directories. Removed after each run, once every process of the uid is dead.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace uirgrade {

/// Removes every shared-memory segment, semaphore set and message queue owned or created by `uid`
/// (as listed in /proc/sysvipc). Returns how many were removed.
int remove_ipc_objects_of(uid_t uid);

/// The directories anyone may write to, where a student under its own uid can leave files.
const std::vector<std::string>& world_writable_directories();

/// Where a borrowed uid can leave something right now: world_writable_directories() and every
/// mount of a POSIX message-queue file system (/dev/mqueue in a Docker container), where
/// `open("/dev/mqueue/NAME", O_CREAT)` makes a queue although mq_open is filtered. Read from
/// /proc/self/mounts at each call: a mount may come after the grader started.
std::vector<std::string> places_a_uid_can_leave_things();

/// Removes the entries of `directories` owned by `uid` (trees included). Returns how many.
int remove_entries_owned_by(uid_t uid, const std::vector<std::string>& directories);

}  // namespace uirgrade
