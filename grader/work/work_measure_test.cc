// Scoring a work figure by the week's plan: advisory without a limit, the points within the limit
// (on it included), none over it or when the kernel could not be counted. (measure_work itself, with
// the real counter, is graded end to end in work_grading_test.cc.)
#include "grader/work/work_measure.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

WorkFigure measured(double ratio) {
  WorkFigure work;
  work.status = WorkFigure::Status::Measured;
  work.ratio = ratio;
  return work;
}

TEST(WorkMeasure, WithoutALimitWorkIsAdvisory) {
  TestCase test;
  test.work_points = 3;  // no limit: the points are not the plan's to give
  WorkFigure work = measured(4.0);
  score_work(test, work);
  EXPECT_EQ(work.max_points, 0);
  EXPECT_EQ(work.points, 0);
  EXPECT_FALSE(work.limit);
}

TEST(WorkMeasure, ThePointsWithinTheLimitNoneOverItOrUncounted) {
  TestCase test;
  test.work_limit = 1.5;
  test.work_points = 2;
  for (auto [ratio, points] : {std::pair{1.0, 2.0}, {1.5, 2.0}, {1.51, 0.0}, {3.0, 0.0}}) {
    WorkFigure work = measured(ratio);
    score_work(test, work);
    EXPECT_EQ(work.max_points, 2) << ratio;
    EXPECT_EQ(work.points, points) << ratio;
    EXPECT_EQ(work.limit, 1.5);
  }
  WorkFigure failed;
  failed.status = WorkFigure::Status::KernelFailed;
  score_work(test, failed);
  EXPECT_EQ(failed.points, 0);
  EXPECT_EQ(failed.max_points, 2);
}

}  // namespace
}  // namespace uirgrade
