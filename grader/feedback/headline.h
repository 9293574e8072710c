// Honest headlines: the one line of a tool's or a student's output that says what went wrong,
// for a failure's message. The first line is often only context (`kernel.c: In function
// 'kernel':`, `Traceback (most recent call last):`), which tells a student nothing.
#pragma once

#include <string>
#include <string_view>

namespace uirgrade {

/// The first line of a C compiler's (or linker's) output that reports an error (`...: error: ...`,
/// `... undefined reference ...`), else its first line that is not context (`In function`,
/// `At top level`, `In file included from`).
std::string compiler_error_headline(std::string_view output, size_t max_chars = 160);

/// The line of a program's stderr that says what happened: for a Python traceback the exception
/// (the first unindented line after the last `Traceback (most recent call last):`), else the first
/// non-blank line.
std::string stderr_headline(std::string_view err, size_t max_chars = 160);

/// A student's process in its own words, for the message of a failure of that process:
/// "stderr: HEADLINE", or when it wrote nothing on stderr "stdout: FIRST LINES" (the JVM says why it
/// could not start on stdout: "Error occurred during initialization of VM | Could not allocate ..."),
/// or "" when it said nothing. Bounded to about `max_chars`; not escaped (the reports escape).
std::string own_words(std::string_view err, std::string_view out, size_t max_chars = 160);

/// Whether the headline of stderr says the program ran out of memory: Python's MemoryError, C++'s
/// std::bad_alloc, Java's OutOfMemoryError, Rust's and Go's allocation failures, "out of memory",
/// "Cannot allocate memory". A first line in the form of spec §6.1 (an error or assert line) never
/// counts: that is the contract's answer, not a crash.
bool reports_memory_exhaustion(std::string_view err);

}  // namespace uirgrade
