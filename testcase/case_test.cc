// The one-line form of a suite error, as every suite and header problem is reported.
#include "testcase/case.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(SuiteErrorFormat, NamesFileAndLineOrTheWholeFile) {
  EXPECT_EQ(format_suite_error({"suites/week1/suite.yaml", 7, "unknown key 'pionts'"}),
            "suites/week1/suite.yaml:7: suite error: unknown key 'pionts'");
  EXPECT_EQ(format_suite_error({"suites/weeks.yaml", 0, "cannot read"}), "suites/weeks.yaml: suite error: cannot read");
}

}  // namespace
}  // namespace uirgrade
