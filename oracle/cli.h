// The subcommands of `uir-oracle` (the student contract of spec §6, plus `check` and `lin`).
// uir_oracle_main.cc checks its arguments and dispatches; each command lives in its own file.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "oracle/oracle.h"

namespace uir {

/// A program file as read from disk: the path as given on the command line, and its text.
struct ProgramFile {
  std::string path;
  std::string text;
};

/// Exit codes of spec §6.1, plus 3 for malformed data on stdin (the oracle's own choice).
enum ExitCode { kExitOk = 0, kExitAssert = 1, kExitInvalid = 2, kExitBadData = 3 };

/// compile() of the file. For an invalid program, writes the spec §1 error (with the source line and
/// caret) to `err` and returns nothing: every command then exits kExitInvalid.
/// `variant` (the reference, or a variant built on the oracle): how every command compiles it.
std::optional<Compiled> compile_or_report(const ProgramFile& file, std::ostream& err,
                                          const OracleVariant& variant = OracleVariant::reference());  // cli.cc

int cli_check(const ProgramFile& file, std::ostream& out, std::ostream& err,
              const OracleVariant& variant = OracleVariant::reference());
int cli_run(const ProgramFile& file, std::istream& in, std::ostream& out, std::ostream& err,
            const OracleVariant& variant = OracleVariant::reference());
int cli_render(const ProgramFile& file, std::ostream& out, std::ostream& err,
               const OracleVariant& variant = OracleVariant::reference());
int cli_lin(const ProgramFile& file, std::ostream& out, std::ostream& err,
            const OracleVariant& variant = OracleVariant::reference());
int cli_driver(const ProgramFile& file, std::ostream& out, std::ostream& err);  // cli_driver.cc

/// Whether a command-line word asks for the tool's manual: `--help` or `-h` (uir-oracle, uir-mutant).
inline bool asks_for_help(std::string_view word) { return word == "--help" || word == "-h"; }

/// `TOOL COMMAND PATH` once the tool has checked its arguments: reads the program file (one it
/// cannot read is reported on `err`, kExitInvalid) and runs `command` (check, run, render, lin or
/// driver) on it with `variant`.
int cli_command_on_file(std::string_view command, const std::string& path, std::istream& in, std::ostream& out,
                        std::ostream& err, const OracleVariant& variant = OracleVariant::reference());  // cli.cc

}  // namespace uir
