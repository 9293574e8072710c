// Which suites folder a command reads, said out loud. The default is the folder the grader was built
// with (the course's own suites/), not ./suites: a grader run from any directory grades the same
// tests, and a half-edited copy is never picked up by accident. But an instructor editing ./suites
// must see at once that it is not the one in use, so every command names its folder first and
// notes a ./suites it is not using.
#pragma once

#include <string>

#include "cli/options.h"

namespace uirgrade {

/// "suites: /abs/path (built-in)" or "suites: /abs/path (--suites)", then, when the built-in
/// folder is used and ./suites is another folder holding a weeks.yaml, a second line
/// "note: ./suites is not used; pass --suites ./suites to use it". Each line ends in '\n'.
std::string suites_folder_lines(const Options& options);

}  // namespace uirgrade
