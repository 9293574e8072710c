// The self-check on the real suites (must pass) and on a fixture with wrong headers (must fail,
// naming each wrong header's file and line).
#include "grader/suite_check.h"

#include <gtest/gtest.h>

#include <sstream>
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

TEST(SuiteCheck, RealSuitesAgreeWithTheOracle) {
  std::ostringstream out;
  int problems = check_suites(std::string(UIRGRADE_SOURCE_DIR) + "/suites", out);
  EXPECT_EQ(problems, 0) << out.str();
  // The coverage table lists every op and rule, e.g. the one rule no test breaks alone.
  EXPECT_NE(out.str().find("E-NEST"), std::string::npos);
  EXPECT_NE(out.str().find("coverage"), std::string::npos);
}

TEST(SuiteCheck, CatchesWrongHeaders) {
  const std::string dir = std::string(UIRGRADE_SOURCE_DIR) + "/grader/testdata/wrong_header_suite";
  std::ostringstream out;
  int problems = check_suites(dir, out);
  const std::string text = out.str();
  auto reported = [&](const std::string& what) { return text.find(what) != std::string::npos; };
  // Each wrong header is named by file and line (the fixtures' comments say what is wrong).
  EXPECT_TRUE(reported("week1/wrong_sum.uir:1: suite error: the oracle exits 1")) << text;
  EXPECT_TRUE(reported("week1/wrong_rule.uir:2: suite error: the oracle reports E-LITERAL")) << text;
  EXPECT_TRUE(reported("week1/uses_a_buffer.uir:3: suite error: 'buffer' is a week-2 op in a week-1 test"))
      << text;
  EXPECT_TRUE(reported(
      "week3/wrong_contents.uir:3: suite error: slot 0: the oracle gives [2 4 6], the header says [1 2 3]"))
      << text;
  EXPECT_TRUE(
      reported("week3/wrong_assert_line.uir:2: suite error: the oracle's failing assert is on line 5"))
      << text;
  EXPECT_TRUE(reported("week3/wrong_loops.uir:2: suite error: the oracle's C has 1 for loops")) << text;
  EXPECT_FALSE(reported("right.uir")) << text;
  // Six wrong headers, plus every op and rule these tiny suites leave uncovered (e.g. idiv).
  EXPECT_TRUE(reported("idiv")) << text;
  EXPECT_GT(problems, 6);
}

// The suites must be able to fail a student: each of the book's failed linearizer designs, planted
// in the oracle, breaks the headers of the tests written to catch it.
TEST(SuiteCheck, CatchesPlantedLinearizerBugs) {
  const std::string suites = std::string(UIRGRADE_SOURCE_DIR) + "/suites";
  {
    uir::Mutants bugs = uir::Mutants::of(uir::Mutant::LoadsNeverMove);  // every accumulator stops accumulating
    std::ostringstream out;
    EXPECT_GT(check_suites(suites, out, bugs), 0);
    EXPECT_NE(out.str().find("week3/accumulator.uir"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("week3/gemm.uir"), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("week3/pinned_load.uir"), std::string::npos) << "pinned either way";
  }
  {
    uir::Mutants bugs = uir::Mutants::of(uir::Mutant::SubsetScope);  // the book's attempt (b)
    std::ostringstream out;
    EXPECT_GT(check_suites(suites, out, bugs), 0);
    EXPECT_NE(out.str().find("week3/sub_rowsum_output_range_first.uir"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("week3/add_rowsum_i32.uir"), std::string::npos) << out.str();
    // With the reduction declared first, declaration order happens to be right. (sub_rowmax is not
    // caught either: max is idempotent, so the book's "test reductions with sum too" is why
    // sub_rowsum exists.)
    EXPECT_EQ(out.str().find("week3/sub_rowsum_reduce_range_first.uir"), std::string::npos) << out.str();
  }
}

}  // namespace
}  // namespace uirgrade
