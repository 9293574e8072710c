// shown_result bounds and escapes every text of a result (the end-to-end check of every report
// format is cli/flooded_stderr_reports_test.cc).
#include "reports/shown_result.h"

#include <gtest/gtest.h>
#include "grader/feedback/display_text.h"

namespace uirgrade {
namespace {

TEST(ShownResult, BoundsAndEscapesEveryText) {
  TestResult result;
  result.name = "week3/accumulator";
  const std::string flood = "\x1b[2J\xe2\x80\xae" + std::string(1 << 20, 'A');
  result.message = "exit 1 (stderr: " + flood + ")";
  result.details = "stderr:\n" + flood + "\n" + flood + "\n";
  result.reproduce = flood;
  const ShownResult shown = shown_result(result);
  EXPECT_EQ(shown.name, result.name);
  EXPECT_LE(shown.message.size(), kDisplayLimits.line_bytes);
  EXPECT_LE(shown.details.size(), kDisplayLimits.block_bytes);
  EXPECT_LE(shown.reproduce.size(), kDisplayLimits.block_bytes);
  for (const std::string* text : {&shown.message, &shown.details, &shown.reproduce}) {
    EXPECT_EQ(text->find('\x1b'), std::string::npos);
    EXPECT_EQ(text->find("\xe2\x80\xae"), std::string::npos);
    EXPECT_NE(text->find("\\x1b[2J\\u202e"), std::string::npos);  // spelled out, still visible
  }
}

}  // namespace
}  // namespace uirgrade
