// Unpacking what a student's build made (submission_build.h). The build runs in the sandbox and
// ends by archiving its tree with `tar --format=ustar --dereference`; the grader, which is root,
// unpacks that archive itself rather than with tar, because the archive is the student's: a process
// left behind by the build can replace it after tar has written it. So nothing in it is trusted:
// only regular files and directories are made (no link, device, FIFO: a device node made by root
// would let the student's uid read the machine's memory), every name stays below the destination
// (no absolute name, no `..`, never through a link), modes are 0755 or 0644 (never setuid), the
// owner is the grader, and the sizes are capped.
#pragma once

#include <cstdint>
#include <string>

namespace uirgrade {

struct UnpackLimits {
  uint64_t bytes = 512ull << 20;  // of all files together
  uint64_t entries = 20'000;      // files and directories
};

/// Unpacks the ustar archive at `archive` into the existing empty directory `destination`.
/// Returns "" or what is wrong with the archive (the first refused member named).
std::string unpack_ustar(const std::string& archive, const std::string& destination, const UnpackLimits& limits = {});

}  // namespace uirgrade
