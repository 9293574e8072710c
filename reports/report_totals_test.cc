// Totals: tests, passes (by verdict, not by points), earned and possible points, and the sum of
// partial totals (weeks, suites, shards) equal to the totals of all results at once.
#include "reports/report_totals.h"

#include <gtest/gtest.h>

#include "reports/report_testing.h"

namespace uirgrade {
namespace {

using report_fixture::make_result;
using report_fixture::sample_report;

TEST(ReportTotals, NothingAddsUpToZero) {
  Totals totals = add_up({});
  EXPECT_EQ(totals.tests, 0);
  EXPECT_EQ(totals.passed, 0);
  EXPECT_EQ(totals.failed(), 0);
  EXPECT_EQ(totals.points, 0);
  EXPECT_EQ(totals.max_points, 0);
}

TEST(ReportTotals, PassedCountsVerdictsAndPointsCountPoints) {
  std::vector<TestResult> results = {
      make_result("week1/a", Verdict::Pass, 1, 1),
      make_result("week1/b", Verdict::Pass, 0.5, 2),  // partial credit: still a pass
      make_result("week1/c", Verdict::WrongBuffer, 0, 3),
      make_result("week1/d", Verdict::InternalError, 0, 0.25),
  };
  Totals totals = add_up(results);
  EXPECT_EQ(totals.tests, 4);
  EXPECT_EQ(totals.passed, 2);
  EXPECT_EQ(totals.failed(), 2);
  EXPECT_DOUBLE_EQ(totals.points, 1.5);
  EXPECT_DOUBLE_EQ(totals.max_points, 6.25);
}

TEST(ReportTotals, TheSampleReportAddsUpAsItsFixtureCountsByHand) {
  // report_testing.h counts the sample by hand: 17 tests, 5 passed, 6 of 20 points.
  Totals totals = add_up(sample_report().results);
  EXPECT_EQ(totals.tests, 17);
  EXPECT_EQ(totals.passed, 5);
  EXPECT_EQ(totals.failed(), 12);
  EXPECT_DOUBLE_EQ(totals.points, 6);
  EXPECT_DOUBLE_EQ(totals.max_points, 20);
}

TEST(ReportTotals, PerWeekTotalsAddUpToTheWhole) {
  Totals week1, week2, week3;
  for (const TestResult& result : sample_report().results)
    (result.week == 1 ? week1 : result.week == 2 ? week2 : week3).add(result);
  // The fixture's hand count per week: week1 2 tests, 1 passed, 1.5/3; week2 3, 1, 1/3;
  // week3 with fuzz 12, 3, 3.5/14.
  EXPECT_EQ(week1.tests, 2);
  EXPECT_EQ(week1.passed, 1);
  EXPECT_DOUBLE_EQ(week1.points, 1.5);
  EXPECT_DOUBLE_EQ(week1.max_points, 3);
  EXPECT_EQ(week2.tests, 3);
  EXPECT_EQ(week2.passed, 1);
  EXPECT_DOUBLE_EQ(week2.max_points, 3);
  EXPECT_EQ(week3.tests, 12);
  EXPECT_EQ(week3.passed, 3);
  EXPECT_DOUBLE_EQ(week3.points, 3.5);

  Totals whole;
  whole.add(week1);
  whole.add(week2);
  whole.add(week3);
  EXPECT_EQ(whole.tests, 17);
  EXPECT_EQ(whole.passed, 5);
  EXPECT_DOUBLE_EQ(whole.points, 6);
  EXPECT_DOUBLE_EQ(whole.max_points, 20);
}

}  // namespace
}  // namespace uirgrade
