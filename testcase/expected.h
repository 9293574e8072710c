// The oracle's side of one test: the program compiled in-process, the student's stdin made from the
// test's data headers and the seed, and the oracle's run of it. It is never written anywhere the
// student's process could read it. It depends only on the test and the seed, so a class run computes
// it once per test and shares it across students.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "testcase/case.h"
#include "oracle/oracle.h"

namespace uirgrade {

/// The name the student's command sees its program under.
inline constexpr const char* kProgramFile = "prog.uir";

struct Expected {
  uir::Compiled compiled;
  std::vector<uir::SlotSpec> specs;  // valid programs only
  std::string input_text;            // the student's stdin
  uir::RunResult run;                // valid programs only
  int exit_code = 0;

  /// The rule ID of the oracle's error ("E-UNDEFINED"); empty for a valid program.
  std::string rule() const;
  /// "exit 0", "exit 1 (the assert at line 4 fails)", "exit 2 (E-UNDEFINED at line 2)".
  std::string describe() const;
};

/// The oracle's outcome of a test, or why the suite cannot make its data.
using ExpectedOrError = std::variant<Expected, std::string>;

/// The oracle's outcome, or a message when the suite cannot make the test's data.
ExpectedOrError compute_expected(const TestCase& test, uint64_t seed);

}  // namespace uirgrade
