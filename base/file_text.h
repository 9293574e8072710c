// Reading a whole file into a string. Two callers' policies, named apart: some treat a file that
// cannot be read as an error to report, others (the kernel's cgroup files, a compiler's outputs)
// as "nothing there" and decide from the empty text.
#pragma once

#include <optional>
#include <string>

namespace uirgrade {

/// The bytes of the file at `path`, or nullopt when it cannot be opened.
std::optional<std::string> read_file_text(const std::string& path);

/// The bytes of the file at `path`, or "" when it cannot be opened.
std::string read_file_text_or_empty(const std::string& path);

}  // namespace uirgrade
