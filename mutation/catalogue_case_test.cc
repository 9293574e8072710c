// Each catalogue mutant's own program, made a test (catalogue_case.cc), is one on which that
// mutant differs from the oracle, judged as the grader judges but with no tolerance (a program
// shows the difference; two of them, fused-multiply-add and f32-printed-6-digits, differ by less
// than the default tolerance and are killed by the suites' exact tests), and the oracle passes it:
// that is what the file's `# stdin:` and `# command:` are for. f32-printed-6-digits's program differs
// only in text: its `0.1` reads back as the float the oracle's `0.100000001` names, so graded by
// value (spec §6.3) it passes; the suites kill it on values 6 digits cannot name.
#include "mutation/catalogue_case.h"

#include <gtest/gtest.h>

#include "mutation/mutant_grading.h"
#include "testcase/expected.h"

namespace uirgrade {
namespace {

TEST(CatalogueTestCase, EachMutantFailsItsOwnProgramAndTheOraclePassesIt) {
  int made = 0;
  for (const MutantInfo& m : mutant_catalogue()) {
    std::optional<TestCase> test = catalogue_test_case(m, 3);
    ASSERT_TRUE(test) << m.name << ": no test made from its program";
    EXPECT_EQ(test->name, "kill/" + std::string(m.name));
    ++made;
    if (catalogue_work_only(m)) continue;  // changes where statements run, no outcome
    if (m.name == "f32-printed-6-digits") continue;  // differs in text only (above)
    test->tolerance.rtol = test->tolerance.atol = 0;
    ExpectedOrError expected = compute_expected(*test, 1);
    EXPECT_TRUE(mutant_passes(*test, expected, Mutants())) << m.name << ": the oracle fails its program";
    EXPECT_FALSE(mutant_passes(*test, expected, Mutants::of(m.id))) << m.name << " passes its own program, compared exactly";
  }
  EXPECT_EQ(made, static_cast<int>(mutant_catalogue().size()));
}

}  // namespace
}  // namespace uirgrade
