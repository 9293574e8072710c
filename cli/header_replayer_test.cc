// Spec §7 against a hostile student: grader/testdata/hostile/header_replayer.py computes nothing
// and replays the headers of the file it is handed. Graded for real on week 3 (suites and generated
// tests, run and render): handed the whole file (the test-only weakened grader) it scores nearly
// everything; handed student_program() it scores no more than guesser.sh, the same script told to
// ignore the headers.
#include <cstdio>

#include <gtest/gtest.h>

#include "generators/fuzz.h"
#include "grader/grade.h"
#include "reports/report_totals.h"
#include "testcase/suite.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

const std::string kHostile = UIRGRADE_SOURCE_DIR "/grader/testdata/hostile/";

Totals grade_week3(const std::string& student, bool weakened) {
  auto loaded = load_week(UIRGRADE_SOURCE_DIR "/suites", 3);
  EXPECT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  LoadedWeek week = std::move(std::get<LoadedWeek>(loaded));
  // Every fourth suite test, run and render alike (over 100 tests: the three gradings were the
  // longest test of all with every second one, and the ratios below need no more).
  std::vector<TestCase> tests;
  for (size_t k = 0; k < week.tests.size(); k += 4) tests.push_back(week.tests[k]);
  for (TestCase& test : uirgen::make_fuzz_tests(3, {{"valid", 12}, {"invalid", 4}}, 7)) tests.push_back(test);

  std::string error;
  std::unique_ptr<CommandRunner> runner = make_process_runner(Sandbox::Auto, &error);
  EXPECT_TRUE(runner) << error;
  GradeConfig config;
  config.student = config.student_path = student;
  config.week = 3;
  config.seed = 7;
  config.jobs = 2;
  config.limits = week.plan.limits;
  config.weakened.hand_over_whole_file = weakened;
  CCompiler compiler(*runner, config.limits.memory_bytes >> 20);
  return add_up(grade_tests(tests, config, *runner, compiler, nullptr).results);
}

TEST(HeaderReplayer, ScoresHighWhenHandedTheWholeFileAndNoMoreThanGuessingWhenBlanked) {
  Totals weakened = grade_week3(kHostile + "header_replayer.py", true);
  Totals blanked = grade_week3(kHostile + "header_replayer.py", false);
  Totals guessing = grade_week3(kHostile + "guesser.sh", false);
  std::printf("header replayer: %.0f of %.0f points handed the whole file, %.0f blanked; guessing: %.0f\n",
              weakened.points, weakened.max_points, blanked.points, guessing.points);
  ASSERT_GT(weakened.max_points, 80);
  // The attack works against the weakened grader: the headers alone pass nearly every test ...
  EXPECT_GT(weakened.points, 0.8 * weakened.max_points) << weakened.points << " of " << weakened.max_points;
  // ... and gains nothing once they are blanked: guessing zeros scores a few exit-2 and all-zero tests.
  EXPECT_LE(blanked.points, guessing.points) << blanked.points << " vs guessing " << guessing.points;
  EXPECT_LT(guessing.points, 0.25 * guessing.max_points) << guessing.points << " of " << guessing.max_points;
}

}  // namespace
}  // namespace uirgrade
