// Splitting text that people or programs wrote (a program's source, stdin data, a compiler's or a
// student's stderr) into lines for excerpts and headlines.
#pragma once

#include <string_view>
#include <vector>

namespace uirgrade {

/// The lines of `text` without their "\n" or "\r\n"; a last line without a newline counts, and no
/// empty line follows a final newline. The views point into `text`.
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace uirgrade
