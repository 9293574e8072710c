// A student's own start-up mistakes, told apart from ours. When the student's executable cannot
// start, the process layer only says "cannot start ...: No such file or directory" or "Exec format
// error", which reads like the grader's fault. These are the student's: a `#!` line ending in `\r`
// (a script saved with Windows line ends: the kernel looks for "/bin/sh\r"), no `#!` line on a file
// that is not a compiled program, a `#!` interpreter that does not exist, an empty file. Each gets a
// message naming what is wrong and the fix.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uirgrade {

/// How a message about a start-up mistake begins (the class run counts such a student as one that
/// never started, not as one that failed tests).
inline constexpr std::string_view kCouldNotStart = "could not start: ";

/// What in the first line of `executable` keeps it from starting, with the fix, or nullopt when
/// it looks startable (an ELF program, or a `#!` line naming an interpreter that exists).
/// Reads at most 256 bytes, never follows into a FIFO or device (the file is the student's).
std::optional<std::string> student_startup_problem(const std::string& executable);

}  // namespace uirgrade
