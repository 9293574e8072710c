// A test file's headers (spec §7) become a TestCase; every malformed header is a SuiteError naming
// the file and line.
#pragma once

#include <string>
#include <variant>

#include "testcase/test_case.h"

namespace uirgrade {

/// One test file's headers. `name` is "<suite>/<file stem>".
std::variant<TestCase, SuiteError> parse_test_file(const std::string& path, const std::string& text,
                                                    const std::string& name, const std::string& suite,
                                                    int week);

}  // namespace uirgrade
