#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "reports/report_testing.h"

namespace uirgrade {
namespace {

using report_fixture::make_result;

TEST(ProgressPrinter, NotATerminalPrintsOnePlainLinePerTest) {
  std::ostringstream out;
  ProgressPrinter progress(out, /*is_terminal=*/false, 3);
  progress.test_finished(make_result("week1/add", Verdict::Pass, 1, 1));
  TestResult failed = make_result("week2/buffer", Verdict::WrongBuffer, 0, 1);
  failed.message = "slot 0\x1b[2J differs\nat 3";
  progress.test_finished(failed);
  TestResult render = make_result("week3/loop", Verdict::Pass, 1, 1);
  render.mode = Mode::Render;
  progress.test_finished(render);
  progress.finish();
  EXPECT_EQ(out.str(),
            "[1/3] passed week1/add (0.25s)\n"
            "[2/3] FAILED week2/buffer (wrong-buffer): slot 0\\x1b[2J differs\\nat 3\n"
            "[3/3] passed week3/loop [render] (0.25s)\n");
}

TEST(ProgressPrinter, TerminalOverwritesOneStatusLineAndPrintsFailuresOnFreshLines) {
  std::ostringstream out;
  ProgressPrinter progress(out, /*is_terminal=*/true, 3);
  progress.test_finished(make_result("week1/add", Verdict::Pass, 1, 1));
  progress.test_finished(make_result("week2/buffer", Verdict::WrongBuffer, 0, 1));
  progress.test_finished(make_result("week3/loop", Verdict::Pass, 1, 1));
  progress.finish();
  // The elapsed time varies: match it with a pattern.
  const std::string clear = "\r\x1b\\[K";
  const std::regex expected(clear + R"(\[1/3\] 1 passed, 0 failed, \d+\.\ds: week1/add)" +  //
                            clear +
                            R"(FAILED week2/buffer \(wrong-buffer\): what happened in week2/buffer\n)" +
                            clear + R"(\[2/3\] 1 passed, 1 failed, \d+\.\ds: week2/buffer)" +  //
                            clear + R"(\[3/3\] 2 passed, 1 failed, \d+\.\ds: week3/loop)" + clear);
  EXPECT_TRUE(std::regex_match(out.str(), expected)) << out.str();
}

TEST(ProgressPrinter, TerminalLineNeverWraps) {
  std::ostringstream out;
  const size_t columns = 60;
  ProgressPrinter progress(out, /*is_terminal=*/true, 1, columns);
  const std::string long_name = "week3/" + std::string(100, 'x') + "_the_end";
  progress.test_finished(make_result(long_name, Verdict::Pass, 1, 1));
  const std::string text = out.str();
  const std::string status = text.substr(text.rfind("\x1b[K") + 3);
  EXPECT_LT(status.size(), columns) << status;
  EXPECT_NE(status.find("week3/"), std::string::npos) << status;  // both ends of the name stay
  EXPECT_NE(status.find("_the_end"), std::string::npos) << status;
  EXPECT_NE(status.find("..."), std::string::npos) << status;
}

}  // namespace
}  // namespace uirgrade
