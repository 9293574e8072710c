#include <gtest/gtest.h>

#include "reports/report.h"

namespace uirgrade {
namespace {

TEST(SandboxLine, SaysTheIsolationOrThatNoneWasRecorded) {
  RunInfo info;
  info.isolation = "uid (no namespaces)";
  EXPECT_EQ(sandbox_line(info), "Sandbox: uid (no namespaces)");
  info.isolation.clear();
  EXPECT_EQ(sandbox_line(info), "Sandbox: not recorded");
}

}  // namespace
}  // namespace uirgrade
