// uir-oracle: the reference compiler of .uir. It obeys the student contract of spec §6 (`run`,
// `render`), and adds `check` (validity only), `lin` (the linearizer's trace) and `driver` (the C
// main the grader compiles with a rendered kernel), so students can reproduce every grader step.
#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>

#include "oracle/cli.h"
#include "oracle/mutant_variant.h"
#include "oracle/oracle.h"

namespace {

constexpr std::string_view kHelp = R"(NAME
    uir-oracle - the reference compiler of the .uir language (weeks 1-3)

SYNOPSIS
    uir-oracle [--mutant NAME] check  PROG.uir
    uir-oracle [--mutant NAME] run    PROG.uir  < DATA
    uir-oracle [--mutant NAME] render PROG.uir
    uir-oracle [--mutant NAME] lin    PROG.uir
    uir-oracle driver PROG.uir
    uir-oracle --list-mutants

DESCRIPTION
    check   Print "PROG.uir: valid" and exit 0 if PROG.uir is valid; otherwise print
                PROG.uir:LINE: error: E-RULE: message
            with the offending line and a caret under the operand at fault, and exit 2.
    run     Read every buffer's initial contents on stdin, one line per slot ("SLOT: v1 v2 ..."),
            run the program, print the final contents in increasing slot order. Exit 0 when every
            assert passed, 1 when one failed (stderr: "PROG.uir:LINE: assert failed", the failing
            assert that comes first in the file), 2 for an invalid program, 3 for malformed stdin.
    render  Print the C11 translation unit defining int32_t kernel(...) (spec §6.2).
    lin     Print the linearized program: each placed statement with its depth, the step that
            placed it (1 emit, 2 open a loop, 3 close a loop) and the loops open after it.
    driver  Print the C main() the grader compiles with a rendered kernel: it reads stdin and prints
            stdout exactly like `run`.

MUTANTS
    --mutant NAME   Behave like a student compiler with one of the course's classic bugs
            (docs/mutants.md), so that the bug can be graded end to end as a student: a script
            `exec uir-oracle --mutant NAME "$@"` is a student executable for `grade`.
    --list-mutants  Print every mutant: name, week, stage, what it does, and its course source.

EXAMPLES
    uir-oracle check suites/week3/accumulator.uir
    echo "0: 1 2 3 4 5 6" | uir-oracle run square.uir
    uir-oracle --mutant loads-never-move run suites/week3/accumulator.uir < data.txt
    uir-oracle render gemm.uir > k.c && uir-oracle driver gemm.uir > d.c &&
        cc -std=c11 -O1 -ffp-contract=off -fsanitize=undefined,address k.c d.c -lm -o gemm

EXIT STATUS
    0 ok, 1 assert failed (run), 2 invalid program or unreadable file or bad usage, 3 malformed stdin.
)";

/// Reads a program file, refusing what is not a readable text file with a message that says why.
bool read_program_file(const std::string& path, uir::ProgramFile* file, std::string* why) {
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

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc == 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h")) {
    std::cout << kHelp;
    return 0;
  }
  if (argc == 2 && std::string_view(argv[1]) == "--list-mutants") {
    for (const uir::MutantInfo& m : uir::mutant_catalogue())
      std::cout << m.name << "\tweek " << m.week << "\t" << m.stage << "\t" << m.description << "\t(" << m.source
                << ")\n";
    return 0;
  }
  uir::Mutants mutants;
  if (argc == 5 && std::string_view(argv[1]) == "--mutant") {
    std::optional<uir::Mutant> mutant = uir::find_mutant(argv[2]);
    if (!mutant) {
      std::cerr << "uir-oracle: unknown mutant '" << argv[2] << "' (uir-oracle --list-mutants)\n";
      return uir::kExitInvalid;
    }
    mutants = uir::Mutants::of(*mutant);
    argv += 2;
    argc -= 2;
  }
  if (argc != 3) {
    std::cerr << "usage: uir-oracle [--mutant NAME] check|run|render|lin|driver PROG.uir   (uir-oracle --help)\n";
    return uir::kExitInvalid;
  }
  std::string_view command = argv[1];
  // `uir-oracle lin --help` is a question, not a file named --help (a file of that name: ./--help).
  if (std::string_view(argv[2]) == "--help" || std::string_view(argv[2]) == "-h") {
    std::cout << kHelp;
    return 0;
  }
  uir::ProgramFile file;
  std::string why;
  if (command != "check" && command != "run" && command != "render" && command != "lin" && command != "driver") {
    std::cerr << "uir-oracle: unknown command '" << command << "' (check, run, render, lin, driver)\n";
    return uir::kExitInvalid;
  }
  if (!read_program_file(argv[2], &file, &why)) {
    std::cerr << argv[2] << ": error: cannot read program: " << why << "\n";
    return uir::kExitInvalid;
  }
  const uir::OracleVariant& variant = uir::mutant_variant(mutants);
  if (command == "check") return uir::cli_check(file, std::cout, std::cerr, variant);
  if (command == "run") return uir::cli_run(file, std::cin, std::cout, std::cerr, variant);
  if (command == "render") return uir::cli_render(file, std::cout, std::cerr, variant);
  if (command == "lin") return uir::cli_lin(file, std::cout, std::cerr, variant);
  return uir::cli_driver(file, std::cout, std::cerr);
}
