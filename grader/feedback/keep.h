// `--keep DIR`: every failing case written out so that it can be rerun by hand, without the grader.
#pragma once

#include <optional>
#include <string>

namespace uirgrade {

/// What a failing case leaves behind. Empty strings are not written.
struct KeptCase {
  std::string test_name;     // "week3/accumulator/run": the case goes to DIR/week3/accumulator/run/
  std::string program;       // prog.uir
  std::string input_data;    // data.txt: the student's stdin
  std::string expected_out;  // expected.txt: the oracle's stdout (or "exit 2: RULE at line L")
  std::string actual_out;    // actual.txt: the student's stdout
  std::string actual_err;    // actual-stderr.txt
  std::string rendered_c;    // kernel.c (render tests)
  std::string driver_c;      // driver.c (render tests)
  std::string sanitizer_c;   // sanitizer_defaults.c (render tests)
  std::string reproduce;     // reproduce.sh: the commands, run from the case's directory
  std::string summary;       // README.txt: the verdict and message
};

/// The directory a test's case goes to: DIR/<name> with anything but [A-Za-z0-9_.-/] replaced by '_'
/// and no `..` component, so a test name cannot point outside DIR.
std::string kept_case_dir(const std::string& keep_dir, const std::string& test_name);

/// Writes the case (replacing an older one of the same test); an error message on failure.
std::optional<std::string> write_kept_case(const std::string& keep_dir, const KeptCase& kept);

}  // namespace uirgrade
