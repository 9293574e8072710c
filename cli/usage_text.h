// `grade --help` and `grade COMMAND --help`: the manual, kept apart from the parsing (options.h),
// which only says when it is asked for (Command::Help) and for which command.
#pragma once

#include <optional>
#include <string>

#include "cli/options.h"

namespace uirgrade {

/// The --help text: synopsis, every command's options, exit codes and examples; for one command
/// (`grade class --help`), its synopsis and options only.
std::string usage_text(std::optional<Command> command = std::nullopt);

}  // namespace uirgrade
