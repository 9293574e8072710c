// A CommandRunner that is a mutant of the oracle (mutation/catalogue.h) in-process: plugged where the
// real process runner goes, a mutant is graded by the same engine as a student, verdicts and all,
// without starting a process. bench_minimize and the grader's minimisation tests run against it. It
// answers the three kinds of request the engine makes:
//   STUDENT run|render prog.uir   the mutant's `uir-mutant NAME` command;
//   cc ... -o OUT                 the C compiler: writes OUT naming itself, and what the kernel's one
//                                 compile leaves beside it (render/c_compile.h), and remembers which kernel it is;
//   LOADER ./kernel (or OUT)      the compiled kernel, a copy of OUT in the run's directory
//                                 (kernel_run_request): the mutant's program run as it renders it.
// The kernel is simulated, not compiled: the mutant interpreter runs the program with the mutants
// that show in `render` (mutation/catalogue_test.cc checks a mutant's C against that interpreter).
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "mutation/catalogue.h"
#include "sandbox/process.h"

namespace uirgrade {

class MutantRunner : public CommandRunner {
 public:
  explicit MutantRunner(Mutants mutants) : mutants_(mutants) {}
  ProcessResult run(const ProcessRequest& request) override;

 private:
  ProcessResult student_command(const ProcessRequest& request);
  ProcessResult compile(const ProcessRequest& request);
  ProcessResult kernel(const ProcessRequest& request);

  Mutants mutants_;
  std::mutex mutex_;
  std::map<std::string, std::string> program_of_c_;       // rendered C -> the program it renders
  std::map<std::string, std::string> program_of_binary_;  // compiled output path -> the program
};

}  // namespace uirgrade
