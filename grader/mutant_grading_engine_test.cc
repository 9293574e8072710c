// The in-process judgement of mutants (mutation/mutant_grading.h, what `grade --mutants` and
// `uirgen --kill-mutants` use) against the grading engine itself: with the mutant plugged in as the
// engine's command runner (grader/mutant_runner.h: the student's commands, the C compiler and the
// kernel answered in-process), every mutant passes exactly the tests the judgement says it passes,
// on the shipped week-3 suites and on generated programs of each kind. And what the judgement does
// not look at holds for every mutant's C: no construct the render rules forbid, and as many `for`
// statements as rendered_loops() counts.
#include <gtest/gtest.h>

#include "grader/kernel_text.h"

#include "generators/fuzz.h"
#include "grader/grade.h"
#include "grader/mutant_runner.h"
#include "grader/render_check.h"
#include "grader/suite.h"
#include "mutation/mutant_grading.h"
#include "testcase/student_program.h"
#include "uirgrade_paths.h"
#include "oracle/mutant_variant.h"

namespace uirgrade {
namespace {

std::vector<TestCase> shipped_and_generated_tests() {
  auto loaded = load_week(std::string(UIRGRADE_SOURCE_DIR) + "/suites", 3);
  EXPECT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  std::vector<TestCase> tests = std::get<LoadedWeek>(loaded).tests;
  for (TestCase& test : uirgen::make_fuzz_tests(3, {{"valid", 40}, {"invalid", 12}}, 1)) tests.push_back(std::move(test));
  return tests;
}

TEST(MutantGradingAgainstTheEngine, EveryMutantPassesTheTestsTheEnginePassesIt) {
  std::vector<TestCase> tests = shipped_and_generated_tests();
  std::vector<ExpectedOrError> expected;
  for (const TestCase& test : tests) expected.push_back(compute_expected(test, 1));
  int kills = 0;
  for (const uir::MutantInfo& m : uir::mutant_catalogue()) {
    MutantRunner runner(uir::Mutants::of(m.id));
    CCompiler compiler(runner, 4096);
    GradeConfig config;
    config.student = config.student_path = "mutant:" + std::string(m.name);
    config.week = 3;
    config.seed = 1;
    config.jobs = 2;
    GradeRun run = grade_tests(tests, config, runner, compiler, nullptr);
    ASSERT_EQ(run.results.size(), tests.size());
    for (size_t k = 0; k < tests.size(); ++k) {
      bool passes = mutant_passes(tests[k], expected[k], uir::Mutants::of(m.id));
      EXPECT_EQ(run.results[k].verdict == Verdict::Pass, passes)
          << m.name << " on " << kill_matrix_name(tests[k]) << ": the engine says " << run.results[k].message;
      kills += !passes;
    }
  }
  EXPECT_GT(kills, 0);  // the comparison is about something
}

TEST(MutantGradingAgainstTheEngine, EveryMutantsCHasOnlyAllowedConstructsAndTheLinearizersLoops) {
  std::vector<TestCase> tests = shipped_and_generated_tests();
  for (const uir::MutantInfo& m : uir::mutant_catalogue()) {
    for (const TestCase& test : tests) {
      uir::Compiled compiled = uir::compile(kProgramFile, student_program(test.source), uir::mutant_variant(uir::Mutants::of(m.id)));
      if (compiled.error) continue;
      std::string c = uir::render_c(compiled);
      // Past spec §6.2's 1 MiB a render is refused unread; such tests (week 1's 33000 names) are
      // graded in run mode only, as for the oracle (OracleKernels).
      if (c.size() > kMaxKernelBytes) continue;
      EXPECT_FALSE(find_forbidden_construct(c)) << m.name << " on " << test.name;
      EXPECT_EQ(count_for_loops(c), rendered_loops(compiled)) << m.name << " on " << test.name;
    }
  }
}

}  // namespace
}  // namespace uirgrade
