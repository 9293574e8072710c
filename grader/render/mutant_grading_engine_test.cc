// What the in-process grading of mutants (mutation/mutant_grading.h, what `grade --mutants` and
// `uirgen --kill-mutants` use) does not look at, on the shipped week-3 suites and on generated
// programs of each kind: every mutant's C has no construct the render rules forbid, and as many `for`
// statements as rendered_loops() counts. (The outcome itself is judged for a student and a mutant by
// one function, testcase/judge.h, so no test needs to keep two judges in agreement.)
#include <gtest/gtest.h>

#include "grader/render/kernel_text.h"

#include "generators/fuzz.h"
#include "grader/render/render_check.h"
#include "mutation/catalogue_variant.h"
#include "testcase/suite.h"
#include "mutation/mutant_grading.h"
#include "testcase/student_program.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

std::vector<TestCase> shipped_and_generated_tests() {
  auto loaded = load_week(std::string(UIRGRADE_SOURCE_DIR) + "/suites", 3);
  EXPECT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  std::vector<TestCase> tests = std::get<LoadedWeek>(loaded).tests;
  for (TestCase& test : uirgen::make_fuzz_tests(3, {{"valid", 40}, {"invalid", 12}}, 1)) tests.push_back(std::move(test));
  return tests;
}

TEST(MutantGradingAgainstTheEngine, EveryMutantsCHasOnlyAllowedConstructsAndTheLinearizersLoops) {
  std::vector<TestCase> tests = shipped_and_generated_tests();
  for (const MutantInfo& m : mutant_catalogue()) {
    for (const TestCase& test : tests) {
      uir::Compiled compiled = uir::compile(kProgramFile, student_program(test.source), mutant_variant(Mutants::of(m.id)));
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
