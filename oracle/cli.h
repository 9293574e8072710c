// The subcommands of `uir-oracle` (the student contract of spec §6, plus `check` and `lin`).
// uir_oracle_main.cc reads the program file and dispatches; each command lives in its own file.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

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
/// `variant` (the reference, or `uir-oracle --mutant NAME`'s): how every command compiles it.
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

}  // namespace uir
