#include "grader/startup_check.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"

namespace uirgrade {
namespace {

/// The first bytes of a regular file, or nullopt when it is not one or cannot be read.
std::optional<std::string> first_bytes(const std::string& path, size_t most) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat info {};
  std::optional<std::string> bytes;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    // At most the size the file reports: a /proc file (a link to /proc/kmsg) reports 0 and is not read.
    most = std::min(most, static_cast<size_t>(info.st_size));
    std::string buffer(most, '\0');
    ssize_t got = most == 0 ? 0 : ::read(fd, buffer.data(), most);
    if (got >= 0) bytes = buffer.substr(0, static_cast<size_t>(got));
  }
  ::close(fd);
  return bytes;
}

}  // namespace

std::optional<std::string> student_startup_problem(const std::string& executable) {
  const std::string name = std::filesystem::path(executable).filename().string();
  std::optional<std::string> head = first_bytes(executable, 256);
  if (!head) return std::nullopt;  // not ours to diagnose (missing, a folder: the roster says so)
  if (head->empty())
    return fmt::format("your {} is empty: a script needs a first line such as #!/bin/sh", name);
  if (head->starts_with("\x7f" "ELF")) return std::nullopt;
  if (!head->starts_with("#!"))
    return fmt::format("your {} has no #! line and is not a compiled program (Exec format error): make its "
                       "first line name its interpreter, e.g. #!/bin/sh or #!/usr/bin/env python3",
                       name);
  std::string_view line(*head);
  line = line.substr(0, line.find('\n'));
  if (line.find('\r') != std::string_view::npos)
    return fmt::format("your {} starts with '{}': Windows line ends; run dos2unix {} (or save it with LF line ends)",
                       name, printable_line(line), name);
  std::string_view rest = line.substr(2);
  rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
  std::string interpreter(rest.substr(0, rest.find_first_of(" \t")));
  if (interpreter.empty())
    return fmt::format("your {} starts with '{}', which names no interpreter: write e.g. #!/bin/sh", name,
                       printable_line(line));
  std::error_code ec;
  if (interpreter.starts_with("/") && !std::filesystem::exists(interpreter, ec))
    return fmt::format("your {} starts with '{}', but {} does not exist on the grading machine: use e.g. "
                       "#!/usr/bin/env python3",
                       name, printable_line(line), printable_line(interpreter));
  return std::nullopt;
}

}  // namespace uirgrade
