// A test file's headers (spec §7) become a TestCase; every malformed header is a SuiteError naming
// the file and line.
#pragma once

#include <optional>
#include <string>
#include <vector>
#include <variant>

#include "testcase/case.h"

namespace uirgrade {

/// One test file's headers, every problem of it: each malformed header (the parse goes on past
/// one), then, when the headers parse, the first inconsistency between them; and a warning for each
/// comment that looks like a misspelt header. `test` is set only when there is no error.
struct ParsedTestFile {
  std::optional<TestCase> test;
  std::vector<SuiteError> errors;
  std::vector<SuiteError> warnings;
};
ParsedTestFile parse_test_file_fully(const std::string& path, const std::string& text, const std::string& name,
                                     const std::string& suite, int week);
/// One test file's headers, or its first error. `name` is "<suite>/<file stem>".
std::variant<TestCase, SuiteError> parse_test_file(const std::string& path, const std::string& text,
                                                    const std::string& name, const std::string& suite,
                                                    int week);

}  // namespace uirgrade
