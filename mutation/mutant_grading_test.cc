// Grading mutants in-process: a mutant fails a test exactly when what it prints differs from the
// oracle in a way the grader judges (exit, rule when named, buffers under the tolerance, render
// loops, the kernel's run); the oracle itself (no mutant) passes; each mutant fails its own
// catalogue program in the command it shows in. The kill matrix adds up the kills and the points.
// (That this judgement is the grading engine's, on every mutant and many tests, is checked in
// grader/render/mutant_grading_engine_test.cc.)
#include "mutation/mutant_grading.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "mutation/catalogue_case.h"
#include "testcase/case_headers.h"

namespace uirgrade {
namespace {

/// A test file; `# expect: exit 0` unless the text names its exit.
TestCase test_file(const std::string& text, int week = 3) {
  std::string file = text.find("# expect: exit") == std::string::npos ? "# expect: exit 0\n" + text : text;
  auto parsed = parse_test_file("t.uir", file, "t/t", "t", week);
  if (auto* error = std::get_if<SuiteError>(&parsed)) ADD_FAILURE() << format_suite_error(*error);
  return std::get<TestCase>(parsed);
}

bool passes(const TestCase& test, const Mutants& mutants) {
  return mutant_passes(test, compute_expected(test, 1), mutants);
}

const Mutants kOracle;
Mutants mutant(Mutant m) { return Mutants::of(m); }

// -7 / 2: C gives -3, Python's floor division -4; 7 / 2 is 3 for both.
constexpr const char* kHalf =
    "%x = buffer 1 dtype=i32 slot=0\n%out = buffer 1 dtype=i32 slot=1\n%xv = shrink %x 0 shape=[]\n%a = load %xv\n"
    "%q = idiv %a 2\n%o = shrink %out 0 shape=[]\n%s = store %o %q\n%out1 = after %out %s\n";

TEST(MutantGrading, AWrongBufferFailsInRunAndInRender) {
  for (const char* mode : {"", "# render\n"}) {
    TestCase negative = test_file(std::string("# data 0: -7\n# data 1: 0\n") + mode + kHalf);
    TestCase positive = test_file(std::string("# data 0: 7\n# data 1: 0\n") + mode + kHalf);
    EXPECT_TRUE(passes(negative, kOracle)) << mode;
    EXPECT_FALSE(passes(negative, mutant(Mutant::FloorDivision))) << mode;
    EXPECT_TRUE(passes(positive, mutant(Mutant::FloorDivision))) << mode;
  }
}

TEST(MutantGrading, AMutantFailsOnlyInTheCommandsItShowsIn) {
  // f32-printed-6-digits is a bug of `run`'s printing; params-in-file-order of the rendered kernel.
  // %g prints 1.2345678 as 1.23457, another float: off by 2e-6 relative, so only an exact test sees it.
  const std::string sixth = "# data 0: 1.2345678\n# data 1: 0\n"
                            "%x = buffer 1 dtype=f32 slot=0\n%out = buffer 1 dtype=f32 slot=1\n"
                            "%xv = shrink %x 0 shape=[]\n%a = load %xv\n%q = mul %a 1.0\n%o = shrink %out 0 shape=[]\n"
                            "%s = store %o %q\n%out1 = after %out %s\n";
  TestCase run = test_file(sixth), render = test_file("# render\n" + sixth);
  EXPECT_TRUE(passes(run, mutant(Mutant::F32PrintedShort)));  // within the default rtol 1e-5
  run.tolerance = render.tolerance = Tolerance{0, 0};
  EXPECT_TRUE(passes(run, kOracle));
  EXPECT_FALSE(passes(run, mutant(Mutant::F32PrintedShort)));
  EXPECT_TRUE(passes(render, mutant(Mutant::F32PrintedShort)));
  const std::string swapped = "# data 0: 7\n# data 1: 0\n"
                              "%dst = buffer 1 dtype=i32 slot=1\n%src = buffer 1 dtype=i32 slot=0\n"
                              "%sv = shrink %src 0 shape=[]\n%x = load %sv\n%dv = shrink %dst 0 shape=[]\n"
                              "%s = store %dv %x\n%dst1 = after %dst %s\n";
  EXPECT_TRUE(passes(test_file(swapped), mutant(Mutant::ParamsInFileOrder)));
  EXPECT_FALSE(passes(test_file("# render\n" + swapped), mutant(Mutant::ParamsInFileOrder)));
  EXPECT_TRUE(passes(test_file("# render\n" + swapped), kOracle));
}

TEST(MutantGrading, TheRuleOfAnInvalidProgramCountsOnlyWhenTheTestNamesIt) {
  // An E-TYPE on line 3 after an E-BOUNDS on line 2: rules-in-two-passes reports the E-TYPE.
  const std::string program = "%b = buffer 2 dtype=i32 slot=0\n%v = shrink %b 5 shape=[]\n%x = add 1 2.0\n";
  TestCase named = test_file("# expect: exit 2\n# error: E-BOUNDS\n" + program);
  TestCase unnamed = test_file("# expect: exit 2\n" + program);
  EXPECT_TRUE(passes(named, kOracle));
  EXPECT_FALSE(passes(named, mutant(Mutant::RulesInTwoPasses)));
  EXPECT_TRUE(passes(unnamed, mutant(Mutant::RulesInTwoPasses)));
  // A mutant that accepts the program exits 0 where the oracle exits 2.
  TestCase bounds = test_file("# expect: exit 2\n%b = buffer 2 dtype=i32 slot=0\n%v = shrink %b 5 shape=[]\n");
  EXPECT_TRUE(passes(bounds, kOracle));
  EXPECT_FALSE(passes(bounds, mutant(Mutant::SkipBounds)));
}

TEST(MutantGrading, RenderLoopsAreTheLoopsTheLinearizerOpens) {
  const std::string square = "%in = buffer 6 dtype=i32 slot=0\n%out = buffer 6 dtype=i32 slot=1\n%i = range 6\n"
                             "%a = shrink %in %i shape=[]\n%x = load %a\n%y = mul %x %x\n%o = shrink %out %i shape=[]\n"
                             "%s = store %o %y\n%e = end %s %i\n%out1 = after %out %e\n";
  EXPECT_EQ(rendered_loops(uir::compile("prog.uir", square)), 1);
  EXPECT_TRUE(passes(test_file("# render: loops=1\n" + square), kOracle));
  EXPECT_FALSE(passes(test_file("# render: loops=2\n" + square), kOracle));
}

TEST(MutantGrading, AMutantThatCrashesFails) {
  // i32-no-wrap: the overflow stops the program like the sanitizer would.
  const std::string overflow = "# data 0: 2147483647\n# data 1: 0\n"
                               "%x = buffer 1 dtype=i32 slot=0\n%out = buffer 1 dtype=i32 slot=1\n"
                               "%xv = shrink %x 0 shape=[]\n%a = load %xv\n%q = add %a 1\n%o = shrink %out 0 shape=[]\n"
                               "%s = store %o %q\n%out1 = after %out %s\n";
  for (const char* mode : {"", "# render\n"}) {
    EXPECT_TRUE(passes(test_file(mode + overflow), kOracle)) << mode;
    EXPECT_FALSE(passes(test_file(mode + overflow), mutant(Mutant::I32NoWrap))) << mode;
  }
}

TEST(MutantGrading, ATestWhoseDataCannotBeMadePassesNobody) {
  TestCase test = test_file(std::string("# data 0: 1\n# data 1: 0\n") + kHalf);
  EXPECT_TRUE(mutant_passes(test, compute_expected(test, 1), kOracle));
  EXPECT_FALSE(mutant_passes(test, std::string("slot 0: 1 value for 2 elements"), kOracle));
}

TEST(MutantGrading, EveryMutantButOneFailsItsCatalogueProgramAndTheOraclePassesThemAll) {
  for (const MutantInfo& m : mutant_catalogue()) {
    std::optional<TestCase> test = catalogue_test_case(m, 3);
    ASSERT_TRUE(test) << m.name;
    test->tolerance = Tolerance{0, 0};  // a 1-ulp bug (fused-multiply-add) shows only exactly
    EXPECT_TRUE(passes(*test, kOracle)) << m.name;
    // f32-printed-6-digits prints its program's 0.1 as "0.1", which strtof reads back as the same
    // float: the difference is in the text only, and the grader compares floats.
    // values-in-uses-loop computes the same buffers with more work: its test is a work test, which
    // it passes (the kill matrix's work column sees it, KillMatrix.AWorkOnlyMutantIsSeenByItsWorkTest).
    bool killable = m.id != Mutant::F32PrintedShort && !catalogue_work_only(m);
    EXPECT_EQ(passes(*test, mutant(m.id)), !killable) << m.name;
    if (catalogue_work_only(m)) {
      EXPECT_TRUE(test->render_work && test->mode == Mode::Render) << m.name;
    }
  }
}

TEST(KillMatrix, AWorkOnlyMutantIsSeenByItsWorkTest) {
  std::optional<TestCase> test = catalogue_test_case(mutant_info(Mutant::ValuesInUsesLoop), 3);
  ASSERT_TRUE(test);
  KillMatrix m = kill_matrix({*test}, {"values-in-uses-loop", "loads-never-move"}, 3, 1, 1);
  ASSERT_EQ(m.mutants.size(), 2u);
  EXPECT_TRUE(m.mutants[0].killed_by.empty());
  EXPECT_EQ(m.mutants[0].more_work_on, std::vector<std::string>{"kill/values-in-uses-loop:render"});
  // A mutant that places nothing deeper on this program has no work entry, killed or not.
  EXPECT_TRUE(m.mutants[1].more_work_on.empty());
  // Without `work` the same test says nothing about work.
  test->render_work = false;
  EXPECT_TRUE(kill_matrix({*test}, {"values-in-uses-loop"}, 3, 1, 1).mutants[0].more_work_on.empty());
}

TEST(KillMatrix, NamesTheKillersAndTheScoreOfEachMutant) {
  TestCase negative = test_file(std::string("# data 0: -7\n# data 1: 0\n") + kHalf);
  TestCase positive = test_file(std::string("# data 0: 7\n# data 1: 0\n# render\n") + kHalf);
  negative.name = "t/negative", positive.name = "t/positive";
  negative.points = positive.points = 2;
  KillMatrix m = kill_matrix({negative, positive}, {"floor-division", "max-python"}, 3, 1, 2);
  ASSERT_EQ(m.mutants.size(), 2u);
  EXPECT_EQ(m.mutants[0].killed_by, std::vector<std::string>{"t/negative"});
  EXPECT_EQ(m.mutants[0].points, 2);
  EXPECT_EQ(m.mutants[0].max_points, 4);
  EXPECT_TRUE(m.mutants[1].killed_by.empty());  // no max in these programs: it survives
  EXPECT_EQ(m.mutants[1].points, 4);
  ASSERT_EQ(m.tests.size(), 2u);
  EXPECT_EQ(m.tests[0].first, "t/negative");
  EXPECT_EQ(m.tests[0].second, std::vector<std::string>{"floor-division"});
  EXPECT_EQ(m.tests[1].first, "t/positive:render");
  EXPECT_TRUE(m.tests[1].second.empty());
}

TEST(KillMatrix, SaysWhichClausesKilledEachMutantAndWhichClausesNoTestExercises) {
  // The offset k*-1 + 1 is in [-2, 1]: E-BOUNDS below, reached through a product with a negative
  // operand. skip-e-bounds accepts it; floor-division has nothing to divide here and survives.
  TestCase below = test_file("# expect: exit 2\n# error: E-BOUNDS\n%b = buffer 2 dtype=i32 slot=0\n%k = range 4\n"
                             "%n = mul %k -1\n%o = add %n 1\n%v = shrink %b %o shape=[]\n%s = store %v %k\n"
                             "%e = end %s %k\n%b1 = after %b %e\n");
  below.name = "t/below";
  KillMatrix m = kill_matrix({below}, {"skip-e-bounds", "floor-division"}, 3, 1, 2);
  ASSERT_EQ(m.mutants.size(), 2u);
  EXPECT_EQ(m.mutants[0].killed_by, std::vector<std::string>{"t/below"});
  const std::vector<std::string>& through = m.mutants[0].killed_through;
  for (const char* clause : {"E-BOUNDS", "E-BOUNDS/below", "E-BOUNDS/through-mul-negative"})
    EXPECT_NE(std::find(through.begin(), through.end(), clause), through.end()) << clause;
  EXPECT_EQ(std::find(through.begin(), through.end(), "E-BOUNDS/above"), through.end());
  EXPECT_TRUE(m.mutants[1].killed_through.empty());
  EXPECT_EQ(m.test_clauses["t/below"], through);
  // Every clause of week 3 but those three has no test here; a week-1 matrix asks for no E-BOUNDS.
  const std::vector<std::string>& gaps = m.uncovered_clauses;
  EXPECT_NE(std::find(gaps.begin(), gaps.end(), "E-BOUNDS/above"), gaps.end());
  EXPECT_NE(std::find(gaps.begin(), gaps.end(), "linearizer/load-pinned"), gaps.end());
  EXPECT_EQ(std::find(gaps.begin(), gaps.end(), "E-BOUNDS/below"), gaps.end());
  KillMatrix week1 = kill_matrix({below}, {"floor-division"}, 1, 1, 2);
  for (const std::string& gap : week1.uncovered_clauses)
    EXPECT_EQ(gap.find("E-BOUNDS"), std::string::npos) << gap << " is not a week-1 clause";
  EXPECT_NE(std::find(week1.uncovered_clauses.begin(), week1.uncovered_clauses.end(), "E-DIV-ZERO/constant"),
            week1.uncovered_clauses.end());
}

}  // namespace
}  // namespace uirgrade
