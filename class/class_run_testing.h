// A small class run for the gradebook, report and merge tests: two tests (week 1 and week 3, 1 and
// 2 points), a student passing both, one failing the week-3 test with hostile bytes in its output,
// and a missing one.
#pragma once

#include "class/class_run.h"

namespace uirgrade::class_fixture {

inline TestResult test_result(std::string name, std::string suite, int week, double max, Verdict verdict) {
  TestResult result;
  result.name = std::move(name);
  result.suite = std::move(suite);
  result.week = week;
  result.max_points = max;
  result.verdict = verdict;
  result.points = verdict == Verdict::Pass ? max : 0;
  return result;
}

inline ClassRun small_class() {
  ClassRun run;
  run.week = 3;
  run.seed = 7;
  run.tests = {test_result("week1/a", "week1", 1, 1, Verdict::Pass), test_result("week3/b", "week3", 3, 2, Verdict::Pass)};
  StudentRecord ann;
  ann.id = "ann";
  ann.report.results = run.tests;
  StudentRecord hostile;
  hostile.id = "=cmd|' -C calc'!A0 <img src=x onerror=alert(1)>";
  hostile.report.results = {test_result("week1/a", "week1", 1, 1, Verdict::Pass),
                            test_result("week3/b", "week3", 3, 2, Verdict::WrongBuffer)};
  hostile.report.results[1].message = "wrong buffer";
  hostile.report.results[1].details = "stderr:\n<script>document.title='pwned'</script>\n";
  StudentRecord gone;
  gone.id = "zed";
  gone.status = StudentStatus::Missing;
  gone.reason = "missing: no student-uirc in subs/zed";
  run.students = {hostile, ann, gone};
  return run;
}

}  // namespace uirgrade::class_fixture
