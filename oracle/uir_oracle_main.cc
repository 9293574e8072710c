// uir-oracle: the reference compiler of .uir. It obeys the student contract of spec §6 (`run`,
// `render`), and adds `check` (validity only), `lin` (the linearizer's trace) and `driver` (the C
// main the grader compiles with a rendered kernel), so students can reproduce every grader step.
#include <iostream>
#include <string_view>

#include "oracle/cli.h"

namespace {

constexpr std::string_view kHelp = R"(NAME
    uir-oracle - the reference compiler of the .uir language (weeks 1-3)

SYNOPSIS
    uir-oracle check  PROG.uir
    uir-oracle run    PROG.uir  < DATA
    uir-oracle render PROG.uir
    uir-oracle lin    PROG.uir
    uir-oracle driver PROG.uir

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

EXAMPLES
    uir-oracle check suites/week3/accumulator.uir
    echo "0: 1 2 3 4 5 6" | uir-oracle run square.uir
    uir-oracle render gemm.uir > k.c && uir-oracle driver gemm.uir > d.c &&
        cc -std=c11 -O1 -ffp-contract=off -fsanitize=undefined,address k.c d.c -lm -o gemm

EXIT STATUS
    0 ok, 1 assert failed (run), 2 invalid program or unreadable file or bad usage, 3 malformed stdin.
)";

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc == 2 && uir::asks_for_help(argv[1])) {
    std::cout << kHelp;
    return 0;
  }
  // The course's catalogue of student bugs is mutation/'s own tool now: the old options say where.
  if (argc >= 2 && (std::string_view(argv[1]) == "--mutant" || std::string_view(argv[1]) == "--list-mutants")) {
    std::cerr << "uir-oracle: " << argv[1] << " moved to uir-mutant: "
              << (std::string_view(argv[1]) == "--mutant" ? "uir-mutant NAME check|run|render|lin PROG.uir"
                                                          : "uir-mutant --list")
              << "\n";
    return uir::kExitInvalid;
  }
  if (argc != 3) {
    std::cerr << "usage: uir-oracle check|run|render|lin|driver PROG.uir   (uir-oracle --help)\n";
    return uir::kExitInvalid;
  }
  std::string_view command = argv[1];
  // `uir-oracle lin --help` is a question, not a file named --help (a file of that name: ./--help).
  if (uir::asks_for_help(argv[2])) {
    std::cout << kHelp;
    return 0;
  }
  if (command != "check" && command != "run" && command != "render" && command != "lin" && command != "driver") {
    std::cerr << "uir-oracle: unknown command '" << command << "' (check, run, render, lin, driver)\n";
    return uir::kExitInvalid;
  }
  return uir::cli_command_on_file(command, argv[2], std::cin, std::cout, std::cerr);
}
