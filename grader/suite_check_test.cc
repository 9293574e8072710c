// The self-check on the real suites (must pass) and on a fixture with wrong headers (must fail,
// naming each wrong header's file and line).
#include "grader/suite_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

TEST(SuiteCheck, RealSuitesAgreeWithTheOracle) {
  std::ostringstream out;
  int problems = check_suites(std::string(UIRGRADE_SOURCE_DIR) + "/suites", out, {}, /*coverage=*/true);
  EXPECT_EQ(problems, 0) << out.str();
  EXPECT_EQ(out.str().find("warning"), std::string::npos) << "no comment of the suites looks like a misspelt header\n"
                                                          << out.str();
  // The coverage table lists every op and rule, e.g. the one rule no test breaks alone.
  EXPECT_NE(out.str().find("E-NEST"), std::string::npos);
  EXPECT_NE(out.str().find("coverage"), std::string::npos);
}

// `grade` checks the suites and then grades from what the check read: the same tests a fresh read
// gives, and taken from the check (a file changed in between is not graded unchecked).
TEST(SuiteCheck, GradingGoesOnFromTheTestsTheCheckRead) {
  const std::string suites = std::string(UIRGRADE_SOURCE_DIR) + "/suites";
  std::ostringstream out;
  SuiteTests checked;
  ASSERT_EQ(check_suites(suites, out, {}, false, &checked), 0) << out.str();
  EXPECT_EQ(checked.size(), 3u);  // week1, week2, week3
  auto fresh = load_week(suites, 3);
  auto from_check = load_week(suites, 3, checked);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(fresh));
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(from_check));
  auto paths_and_modes = [](const LoadedWeek& week) {
    std::vector<std::pair<std::string, Mode>> list;
    for (const TestCase& t : week.tests) list.emplace_back(t.path, t.mode);
    return list;
  };
  EXPECT_EQ(paths_and_modes(std::get<LoadedWeek>(from_check)), paths_and_modes(std::get<LoadedWeek>(fresh)));
  EXPECT_GT(std::get<LoadedWeek>(fresh).tests.size(), 90u);

  checked["week1"].clear();  // what the check read, not the folder, is what is graded
  auto without_week1 = load_week(suites, 3, checked);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(without_week1));
  for (const TestCase& t : std::get<LoadedWeek>(without_week1).tests) EXPECT_NE(t.week, 1) << t.path;
}

TEST(SuiteCheck, CatchesWrongHeaders) {
  const std::string dir = std::string(UIRGRADE_SOURCE_DIR) + "/grader/testdata/wrong_header_suite";
  std::ostringstream out;
  int problems = check_suites(dir, out, {}, /*coverage=*/true);
  const std::string text = out.str();
  auto reported = [&](const std::string& what) { return text.find(what) != std::string::npos; };
  // Each wrong header is named by file and line (the fixtures' comments say what is wrong).
  EXPECT_TRUE(reported("week1/wrong_sum.uir:1: suite error: the oracle exits 1")) << text;
  EXPECT_TRUE(reported("week1/wrong_rule.uir:2: suite error: the oracle reports E-LITERAL")) << text;
  EXPECT_TRUE(reported("week1/uses_a_buffer.uir:3: suite error: 'buffer' is a week-2 op in a week-1 test"))
      << text;
  EXPECT_TRUE(reported(
      "week3/wrong_contents.uir:3: suite error: slot 0: first difference at index 0: the oracle gives 2, the header "
      "says 1; the oracle gives [2 4 6], the header says [1 2 3]"))
      << text;
  EXPECT_TRUE(
      reported("week3/wrong_assert_line.uir:2: suite error: the oracle's failing assert is on line 5"))
      << text;
  EXPECT_TRUE(reported("week3/wrong_loops.uir:2: suite error: the oracle's C has 1 for loops")) << text;
  EXPECT_FALSE(reported("right.uir")) << text;
  EXPECT_EQ(problems, 6);
  // While files disagree, a coverage table would say nothing true.
  EXPECT_TRUE(reported("coverage: not checked")) << text;
  EXPECT_FALSE(reported("no test covers it")) << text;
}

// Coverage is checked only when asked: a one-test suite is a fine suite to grade.
TEST(SuiteCheck, CoverageOnlyWhenAsked) {
  const std::string dir = std::string(UIRGRADE_SOURCE_DIR) + "/grader/testdata/one_test_suite";
  std::ostringstream plain;
  EXPECT_EQ(check_suites(dir, plain), 0) << plain.str();
  EXPECT_EQ(plain.str().find("coverage"), std::string::npos) << plain.str();
  std::ostringstream with_coverage;
  EXPECT_GT(check_suites(dir, with_coverage, {}, /*coverage=*/true), 0);
  EXPECT_NE(with_coverage.str().find("idiv") , std::string::npos) << with_coverage.str();
  EXPECT_NE(with_coverage.str().find("no test covers it"), std::string::npos) << with_coverage.str();
}

/// A copy of the real suites to break on purpose.
std::filesystem::path copy_of_the_suites(const std::string& name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::copy(std::string(UIRGRADE_SOURCE_DIR) + "/suites", dir, std::filesystem::copy_options::recursive);
  return dir;
}

/// Replaces the first occurrence of `from` in the file with `to`; the 1-based line where it was.
int edit(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  std::ifstream in(file);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  size_t at = text.find(from);
  if (at == std::string::npos) {
    ADD_FAILURE() << from << " not in " << file;
    return 0;
  }
  text.replace(at, from.size(), to);
  std::ofstream(file) << text;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

// The suite author's loop: five different mistakes in five files, all reported in one run, each
// with its file and line, and no false "no test covers it" for what the broken files would cover.
TEST(SuiteCheck, FiveBrokenFilesAreAllReportedInOneRun) {
  std::filesystem::path dir = copy_of_the_suites("uirgrade-five-broken-suites");
  int bad_exit = edit(dir / "week1/idiv_truncates.uir", "# expect: exit 0", "# expect: exit 7");
  int disagreement = edit(dir / "week2/alloc_as_scratch.uir", "# expect 0: 42", "# expect 0: 41");
  int unknown_key = edit(dir / "week3/suite.yaml", "nest: {modes: [run, render]}", "nest: {modes: [run, render], pionts: 2}");
  int ghost = edit(dir / "week1/suite.yaml", "  call_earlier_function:", "  call_erlier_function:");
  int typo = edit(dir / "week3/accumulator.uir", "# check: 1", "# chekc: 1");
  std::ostringstream out;
  int problems = check_suites(dir.string(), out, {}, /*coverage=*/true);
  const std::string text = out.str();
  auto reported = [&](const std::filesystem::path& file, int line, const std::string& what) {
    std::string where = fmt::format("{}:{}: ", (dir / file).string(), line);
    size_t at = text.find(where);
    return at != std::string::npos && text.find(what, at) == at + where.size();
  };
  EXPECT_TRUE(reported("week1/idiv_truncates.uir", bad_exit, "suite error: expected 'expect: exit 0'")) << text;
  EXPECT_TRUE(reported("week2/alloc_as_scratch.uir", disagreement, "suite error: slot 0: first difference at index 0: the oracle gives 42, the header says 41; the oracle gives [42]")) << text;
  EXPECT_TRUE(reported("week3/suite.yaml", unknown_key, "suite error: unknown key 'pionts'")) << text;
  EXPECT_TRUE(reported("week1/suite.yaml", ghost, "suite error: test 'call_erlier_function' has no file")) << text;
  // The typo drops the check of slot 1, so the oracle now disagrees with nothing: only the typo
  // check finds it, and (issue 25) it is a problem, so CI fails with the check gone.
  EXPECT_TRUE(reported("week3/accumulator.uir", typo, "suite error: '# chekc: 1' looks like a misspelt 'check' header"))
      << text;
  EXPECT_NE(text.find("for free text start it with '# note:'"), std::string::npos) << text;
  EXPECT_EQ(problems, 5) << text;
  EXPECT_FALSE(text.find("no test covers it") != std::string::npos) << text;
  std::filesystem::remove_all(dir);
}

// A render test whose oracle C is over spec §6.2's 1 MiB could pass no compiler (the grader refuses
// the C unread): week 1's 33000-name stress test is a run test, and made a render test, a problem.
TEST(SuiteCheck, ARenderTestWhoseOracleCIsOverOneMebibyteIsAProblem) {
  std::filesystem::path dir = copy_of_the_suites("uirgrade-oversized-render-suites");
  std::ostringstream as_shipped;
  EXPECT_EQ(check_suites(dir.string(), as_shipped, {}, /*coverage=*/false), 0) << as_shipped.str();
  edit(dir / "week1/suite.yaml", "tests:\n",
       "tests:\n  names_33000_each_looked_up_far_below_its_definition: {modes: [run, render]}\n");
  std::ostringstream out;
  EXPECT_EQ(check_suites(dir.string(), out, {}, /*coverage=*/false), 1) << out.str();
  EXPECT_NE(out.str().find("names_33000_each_looked_up_far_below_its_definition.uir:1: suite error: a render test, "
                           "but the oracle's C is"),
            std::string::npos)
      << out.str();
  std::filesystem::remove_all(dir);
}

// The suites must be able to fail a student: each of the book's failed linearizer designs, planted
// in the oracle, breaks the headers of the tests written to catch it.
TEST(SuiteCheck, CatchesPlantedLinearizerBugs) {
  const std::string suites = std::string(UIRGRADE_SOURCE_DIR) + "/suites";
  {
    Mutants bugs = Mutants::of(Mutant::LoadsNeverMove);  // every accumulator stops accumulating
    std::ostringstream out;
    EXPECT_GT(check_suites(suites, out, bugs), 0);
    EXPECT_NE(out.str().find("week3/accumulator.uir"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("week3/gemm.uir"), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("week3/pinned_load.uir"), std::string::npos) << "pinned either way";
  }
  {
    Mutants bugs = Mutants::of(Mutant::SubsetScope);  // the book's attempt (b)
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

// Issue 25: `# expcet 1:` only warned and --check-suites exited 0. Now a problem; deliberate free
// text that looks like a header is written after `# note:` (or `#:`) and passes.
TEST(SuiteCheck, MisspeltHeadersAreProblemsAndNoteIsTheEscapeHatch) {
  std::filesystem::path dir = copy_of_the_suites("uirgrade-misspelt-headers");
  int expcet = edit(dir / "week1/idiv_truncates.uir", "# expect: exit 0", "# expect: exit 0\n# expcet 1: 3");
  std::ostringstream out;
  EXPECT_EQ(check_suites(dir.string(), out, {}), 1) << out.str();
  EXPECT_NE(out.str().find(fmt::format("{}:{}: suite error: '# expcet 1: 3' looks like a misspelt 'expect'",
                                       (dir / "week1/idiv_truncates.uir").string(), expcet + 1)),
            std::string::npos)
      << out.str();
  edit(dir / "week1/idiv_truncates.uir", "# expcet 1: 3", "# note: expcet 1: 3 is what a typo looks like");
  edit(dir / "week2/alloc_as_scratch.uir", "# expect 0: 42", "# expect 0: 42\n#: chek: 1 would be a typo");
  std::ostringstream fixed;
  EXPECT_EQ(check_suites(dir.string(), fixed, {}), 0) << fixed.str();
  std::filesystem::remove_all(dir);
}

// Issue 25: following uirgen --help (`--out mysuites/week3_hidden`), the new folder was never graded
// and --check-suites said "0 problems".
TEST(SuiteCheck, ASuiteFolderThatNoWeekListsIsAProblemWithTheFix) {
  std::filesystem::path dir = copy_of_the_suites("uirgrade-unlisted-suite");
  std::filesystem::create_directories(dir / "week3_hidden");
  std::filesystem::copy_file(dir / "week3/accumulator.uir", dir / "week3_hidden/accumulator.uir");
  std::filesystem::create_directories(dir / "notes");  // a folder without tests is not a suite
  std::ostringstream out;
  EXPECT_EQ(check_suites(dir.string(), out, {}), 1) << out.str();
  EXPECT_NE(out.str().find((dir / "week3_hidden").string() + ": suite error: a suite folder that weeks.yaml does not "
                           "list: its tests are never graded; add 'week3_hidden' to a week's suites:"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("notes"), std::string::npos) << out.str();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
