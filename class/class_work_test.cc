// The class's distribution of work ratios per work test, and who is far above the oracle: by the
// default threshold in an advisory week, by the week's limit in a scored one.
#include "class/class_work.h"

#include <sstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TestResult work_result(double ratio, std::optional<double> limit = std::nullopt) {
  TestResult result;
  result.name = "week3/gemm_work";
  result.suite = "week3";
  result.mode = Mode::Render;
  result.verdict = Verdict::Pass;
  WorkFigure work;
  work.status = WorkFigure::Status::Measured;
  work.ratio = ratio;
  if (limit) {
    work.limit = limit;
    work.max_points = 1;
  }
  result.work = work;
  return result;
}

StudentRecord student(const std::string& id, std::vector<TestResult> results) {
  StudentRecord record;
  record.id = id;
  record.report.results = std::move(results);
  return record;
}

ClassRun run_of(std::vector<StudentRecord> students) {
  ClassRun run;
  TestResult test = work_result(1);
  test.work.reset();
  run.tests = {test};
  run.students = std::move(students);
  return run;
}

TEST(ClassWork, DistributionAndTheStudentsFarAbove) {
  TestResult failed = work_result(1);
  failed.work->status = WorkFigure::Status::KernelFailed;
  ClassRun run = run_of({student("s1", {work_result(1.0)}), student("s2", {work_result(3.25)}),
                         student("s3", {work_result(1.6)}), student("s4", {failed}), student("s5", {})});
  std::vector<WorkDistribution> works = work_distributions(run);
  ASSERT_EQ(works.size(), 1u);
  EXPECT_EQ(works[0].ratios, (std::vector<double>{1.0, 1.6, 3.25}));
  EXPECT_EQ(describe_distribution(works[0]),
            "min 1.00, median 1.60, max 3.25 over 3 students (1 passing kernel not measured); far above the oracle "
            "(>= 1.5x): s2 3.25x, s3 1.60x");
  std::ostringstream html;
  write_work_section_html(run, html);
  EXPECT_NE(html.str().find("s2 3.25x"), std::string::npos) << html.str();
}

TEST(ClassWork, AScoredWeekUsesItsLimit) {
  ClassRun run = run_of({student("s1", {work_result(1.2, 1.1)}), student("s2", {work_result(1.05, 1.1)})});
  std::vector<WorkDistribution> works = work_distributions(run);
  ASSERT_EQ(works.size(), 1u);
  ASSERT_EQ(works[0].far_above.size(), 1u);
  EXPECT_EQ(works[0].far_above[0].first, "s1");
  // No work test, no section.
  std::ostringstream html;
  write_work_section_html(run_of({student("s1", {})}), html);
  EXPECT_TRUE(html.str().empty());
}

}  // namespace
}  // namespace uirgrade
