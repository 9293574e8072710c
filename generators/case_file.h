// A generated program as a test: the .uir file with full spec §7 headers (explicit data, the
// oracle's expectations) and the TestCase the grader would load from it. uirgen writes the files;
// the live fuzzer hands the TestCases to the grader directly.
#pragma once

#include <cstdint>
#include <string>

#include "generators/differential.h"
#include "generators/flaws.h"
#include "testcase/case.h"

namespace uirgen {

struct GeneratedTest {
  std::string file_text;    // headers + program
  uirgrade::TestCase test;  // what the headers say (source = file_text)
};

/// A valid program (its first line the generator's comment) as a run or render test, with explicit
/// data made from `data_seed` and the buffers, exit code and assert line the oracle computes.
GeneratedTest make_valid_test(const std::string& program_text, const std::string& name,
                              const std::string& suite, int week, uint64_t data_seed, bool render);
/// The same with the data inputs_for(the program's buffers).
GeneratedTest make_valid_test(const std::string& program_text, const std::string& name,
                              const std::string& suite, int week, const InputsFor& inputs_for, bool render);

/// An invalid program as an `exit 2` test naming its rule.
GeneratedTest make_invalid_test(const InvalidProgram& invalid, const std::string& name,
                                const std::string& suite, int week);

}  // namespace uirgen
