// What every `uir-oracle` command does first: read the program file, compile it or report why it
// cannot.
#include "oracle/cli.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>

namespace uir {
namespace {

/// Reads a program file, refusing what is not a readable text file with a message that says why.
bool read_program_file(const std::string& path, ProgramFile* file, std::string* why) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return *why = std::strerror(errno), false;
  if (S_ISDIR(st.st_mode)) return *why = "is a directory, not a .uir file", false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return *why = std::strerror(errno), false;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return *why = "read error", false;
  file->path = path;
  file->text = text.str();
  if (size_t nul = file->text.find('\0'); nul != std::string::npos)
    return *why = "is a binary file, not .uir text (NUL byte at offset " + std::to_string(nul) + ")", false;
  return true;
}

}  // namespace

std::optional<Compiled> compile_or_report(const ProgramFile& file, std::ostream& err, const OracleVariant& variant) {
  Compiled compiled = compile(file.path, file.text, variant);
  if (!compiled.error) return compiled;
  err << format_error(compiled.program, *compiled.error) << "\n";
  return std::nullopt;
}

int cli_command_on_file(std::string_view command, const std::string& path, std::istream& in, std::ostream& out,
                        std::ostream& err, const OracleVariant& variant) {
  ProgramFile file;
  std::string why;
  if (!read_program_file(path, &file, &why)) {
    err << path << ": error: cannot read program: " << why << "\n";
    return kExitInvalid;
  }
  if (command == "check") return cli_check(file, out, err, variant);
  if (command == "run") return cli_run(file, in, out, err, variant);
  if (command == "render") return cli_render(file, out, err, variant);
  if (command == "lin") return cli_lin(file, out, err, variant);
  return cli_driver(file, out, err);
}

}  // namespace uir
