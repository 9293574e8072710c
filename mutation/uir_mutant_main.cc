// uir-mutant: the oracle with one of the course's catalogued bugs switched on (docs/mutants.md), a
// stand-in for a buggy student compiler: `uir-mutant NAME run PROG` is `uir-oracle run PROG` as
// that student's compiler would do it, so a bug can be graded end to end as a student.
#include <iostream>
#include <optional>
#include <string_view>

#include "mutation/catalogue.h"
#include "mutation/catalogue_variant.h"
#include "oracle/cli.h"

namespace {

constexpr std::string_view kHelp = R"(NAME
    uir-mutant - the reference compiler of .uir with one of the course's classic student bugs

SYNOPSIS
    uir-mutant NAME check  PROG.uir
    uir-mutant NAME run    PROG.uir  < DATA
    uir-mutant NAME render PROG.uir
    uir-mutant NAME lin    PROG.uir
    uir-mutant --list

DESCRIPTION
    Behaves like uir-oracle COMMAND PROG.uir (uir-oracle --help) as a student compiler with the bug
    NAME of the catalogue would (docs/mutants.md): the bug shows in the commands it touches, and
    check, lin and every command's refusals follow its checks and its linearizer. A script
    `exec uir-mutant NAME "$@"` is a student executable for `grade`.
    --list  Print every bug of the catalogue, one a line: name, week, stage, what it does, and where
            the course teaches the right thing.

EXAMPLES
    uir-mutant --list
    uir-mutant loads-never-move run suites/week3/accumulator.uir < data.txt

EXIT STATUS
    As uir-oracle's: 0 ok, 1 assert failed (run), 2 invalid program or unreadable file or bad usage
    or unknown NAME, 3 malformed stdin; 86 for a run that crashes (an out-of-bounds access, a
    division by zero, an overflow), 124 for one that does not finish.
)";

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc == 2 && uir::asks_for_help(argv[1])) {
    std::cout << kHelp;
    return 0;
  }
  if (argc == 2 && std::string_view(argv[1]) == "--list") {
    for (const uirgrade::MutantInfo& m : uirgrade::mutant_catalogue())
      std::cout << m.name << "\tweek " << m.week << "\t" << m.stage << "\t" << m.description << "\t(" << m.source
                << ")\n";
    return 0;
  }
  if (argc != 4) {
    std::cerr << "usage: uir-mutant NAME check|run|render|lin PROG.uir   (uir-mutant --help)\n";
    return uir::kExitInvalid;
  }
  std::optional<uirgrade::Mutant> mutant = uirgrade::find_mutant(argv[1]);
  if (!mutant) {
    std::cerr << "uir-mutant: unknown mutant '" << argv[1] << "' (uir-mutant --list)\n";
    return uir::kExitInvalid;
  }
  std::string_view command = argv[2];
  // `uir-mutant NAME lin --help` is a question, not a file named --help (a file of that name: ./--help).
  if (uir::asks_for_help(argv[3])) {
    std::cout << kHelp;
    return 0;
  }
  if (command != "check" && command != "run" && command != "render" && command != "lin") {
    std::cerr << "uir-mutant: unknown command '" << command << "' (check, run, render, lin)\n";
    return uir::kExitInvalid;
  }
  return uir::cli_command_on_file(command, argv[3], std::cin, std::cout, std::cerr,
                                  uirgrade::mutant_variant(uirgrade::Mutants::of(*mutant)));
}
