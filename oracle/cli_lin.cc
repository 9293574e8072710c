// `uir-oracle lin PROG.uir`: the linear list, the way the book's trace prints it (§5.6 "Watching it
// run"): one line per placed statement with the step that placed it (1 emit, 2 open, 3 close), the
// source line indented by its loop depth, and the loops open after it. An invalid program gets the
// spec §1 error on stderr and exit 2.
#include <algorithm>
#include <ostream>

#include <fmt/format.h>

#include "oracle/cli.h"
#include "oracle/oracle.h"

namespace uir {
namespace {

std::string_view step_name(Step step) {
  switch (step) {
    case Step::Emit: return "1 emit ";
    case Step::Open: return "2 open ";
    case Step::Close: return "3 close";
  }
  return "?";
}

/// The statement's source line without its comment and surrounding blanks.
std::string_view source_of(const Program& program, const Stmt& stmt) {
  std::string_view text = program.lines[stmt.line - 1];
  text = text.substr(0, text.find('#'));
  size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  size_t last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

int cli_lin(const ProgramFile& file, std::ostream& out, std::ostream& err, const OracleVariant& variant) {
  std::optional<Compiled> compiled = compile_or_report(file, err, variant);
  if (!compiled) return kExitInvalid;
  const Program& program = compiled->program;
  std::vector<int32_t> open;
  for (const Placed& item : compiled->linear.items) {
    const Stmt& stmt = program.stmts[item.stmt];
    if (item.step == Step::Open) open.push_back(item.stmt);
    if (item.step == Step::Close) open.pop_back();
    // A loop's own range and end sit at the depth around it; its body one level in.
    int indent = item.step == Step::Open ? item.depth - 1 : item.depth;
    std::string loops;
    for (int32_t r : open) loops += (loops.empty() ? "" : ", ") + program.stmts[r].name;
    out << fmt::format("{} {:>5}  {:<48} open after: ({})\n", step_name(item.step), stmt.line,
                       std::string(2 * std::max(0, indent), ' ') + std::string(source_of(program, stmt)),
                       loops);
  }
  return kExitOk;
}

}  // namespace uir
