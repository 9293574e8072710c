// The one-line form of a suite error, as every suite and header problem is reported; the manifest's
// spellings of a mode and a visibility.
#include "testcase/case.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(SuiteErrorFormat, NamesFileAndLineOrTheWholeFile) {
  EXPECT_EQ(format_suite_error({"suites/week1/suite.yaml", 7, "unknown key 'pionts'"}),
            "suites/week1/suite.yaml:7: suite error: unknown key 'pionts'");
  EXPECT_EQ(format_suite_error({"suites/weeks.yaml", 0, "cannot read"}), "suites/weeks.yaml: suite error: cannot read");
}

TEST(CaseNames, ModesAndVisibilitiesReadBack) {
  EXPECT_EQ(mode_from_name("run"), Mode::Run);
  EXPECT_EQ(mode_from_name("render"), Mode::Render);
  EXPECT_EQ(mode_from_name("Run"), std::nullopt);
  EXPECT_EQ(visibility_from_name("visible"), Visibility::Visible);
  EXPECT_EQ(visibility_from_name("after_due_date"), Visibility::AfterDueDate);
  EXPECT_EQ(visibility_from_name("hidden"), Visibility::Hidden);
  EXPECT_EQ(visibility_from_name("after_published"), std::nullopt);
}

}  // namespace
}  // namespace uirgrade
