// `grade`: parses the command line and dispatches (cli/grade_command.h). See `grade --help`.
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "generators/fuzz.h"
#include "cli/class_command.h"
#include "cli/grade_command.h"
#include "cli/mutants_command.h"
#include "cli/usage_text.h"
#include "sandbox/stop_signal.h"
#include "uirgrade_paths.h"

int main(int argc, char** argv) {
  using namespace uirgrade;
  std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = parse_options(args, static_cast<int>(std::thread::hardware_concurrency()),
                              UIRGRADE_SOURCE_DIR "/suites");
  if (auto* error = std::get_if<UsageError>(&parsed)) {
    std::cerr << "grade: " << error->message << '\n';
    return kUsageOrSuiteError;
  }
  const Options& options = std::get<Options>(parsed);
  for (const std::string& note : options.notes) std::cerr << "grade: note: " << note << '\n';
  // Before any thread: SIGTERM, SIGINT and SIGHUP stop a grading run cleanly (sandbox/stop_signal.h).
  // The other commands make nothing to clean up and poll no flag: the signals end them as usual.
  if (options.command == Command::Grade || options.command == Command::Class) install_stop_handlers();
  FuzzSource generators = [](const std::map<std::string, int>& counts, uint64_t seed, int week) {
    return std::variant<std::vector<TestCase>, std::string>(uirgen::make_fuzz_tests(week, counts, seed));
  };
  switch (options.command) {
    case Command::Help: std::cout << usage_text(options.help_for); return kAllPassed;
    case Command::Merge:
      return options.out_dir.empty() ? run_merge(options, std::cout, std::cerr) : run_class_merge(options, std::cerr);
    case Command::CheckSuites: return run_check_suites(options, std::cout);
    case Command::Mutants: return run_mutants(options, generators, std::cout, std::cerr);
    case Command::Grade: return run_grade(options, generators, std::cout, std::cerr);
    case Command::Class: return run_class(options, generators, std::cerr);
    case Command::Similarity: return run_similarity(options, std::cerr);
  }
  return kUsageOrSuiteError;
}
