// The live fuzzer: its tests are reproducible and their headers say what the grader's own loader
// reads back; a bug planted into the linearizer (mutation/catalogue.h) is found among
// generated week-3 programs and minimised to a small program that still shows it.
#include "generators/fuzz.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "generators/differential.h"
#include "generators/generate.h"
#include "testcase/case_headers.h"

namespace uirgen {
namespace {

TEST(Fuzz, TestsAreNamedCountedAndReproducible) {
  std::vector<uirgrade::TestCase> a = make_fuzz_tests(3, {{"valid", 6}, {"invalid", 4}}, 42);
  std::vector<uirgrade::TestCase> b = make_fuzz_tests(3, {{"valid", 6}, {"invalid", 4}}, 42);
  std::vector<uirgrade::TestCase> c = make_fuzz_tests(3, {{"valid", 6}, {"invalid", 4}}, 43);
  ASSERT_EQ(a.size(), 10u);
  for (size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].name, "fuzz/" + std::to_string(k + 1));
    EXPECT_EQ(a[k].source, b[k].source);
    EXPECT_EQ(a[k].visibility, uirgrade::Visibility::Hidden);
    EXPECT_EQ(a[k].expect_exit == 2, k >= 6) << a[k].source;
  }
  EXPECT_NE(a[0].source, c[0].source);
}

TEST(Fuzz, HeadersReadBackThroughTheGradersLoader) {
  for (int week = 1; week <= 3; ++week) {
    for (const uirgrade::TestCase& test : make_fuzz_tests(week, {{"valid", 12}, {"invalid", 6}}, 7)) {
      auto parsed = uirgrade::parse_test_file("gen.uir", test.source, test.name, "fuzz", week);
      ASSERT_TRUE(std::holds_alternative<uirgrade::TestCase>(parsed))
          << uirgrade::format_suite_error(std::get<uirgrade::SuiteError>(parsed)) << "\n"
          << test.source;
      const uirgrade::TestCase& loaded = std::get<uirgrade::TestCase>(parsed);
      EXPECT_EQ(loaded.expect_exit, test.expect_exit);
      EXPECT_EQ(loaded.expect_assert_line, test.expect_assert_line);
      EXPECT_EQ(loaded.expect_error_rule, test.expect_error_rule);
      EXPECT_EQ(loaded.expect_slots, test.expect_slots);
      EXPECT_EQ(loaded.mode, test.mode);
      EXPECT_EQ(loaded.header_lines, test.header_lines);
    }
  }
}

TEST(Fuzz, AssertLineInHeaderIsTheOraclesOnTheFullFile) {
  int checked = 0;
  for (const uirgrade::TestCase& test : make_fuzz_tests(1, {{"valid", 40}}, 3)) {
    if (test.expect_exit != 1) continue;
    // Run the full file (headers included): its own failing-assert line must be the header's.
    uint64_t unused_seed = 0;
    Outcome outcome = run_program(test.source, unused_seed);
    EXPECT_EQ(outcome.exit_code, 1);
    EXPECT_EQ(outcome.failed_assert_line, *test.expect_assert_line) << test.source;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

struct PlantedBug {
  const char* name;
  uirgrade::Mutants bugs;
  int max_statements;  // what the smallest of the minimised programs may have
};

// For each bug: the first five generated programs that show it are minimised, and the smallest result
// must have at most 12 statements (a sibling-order bug needs two loops, each with its store, end and
// after, so about a dozen is what such a program takes).
TEST(Fuzz, FindsAndMinimizesEachPlantedBug) {
  uirgrade::Mutants loads = uirgrade::Mutants::of(uirgrade::Mutant::LoadsNeverMove);
  uirgrade::Mutants siblings = uirgrade::Mutants::of(uirgrade::Mutant::SubsetScope);
  for (const PlantedBug& planted : {PlantedBug{"loads never move into loops", loads, 12},
                                    PlantedBug{"sibling loops in declaration order", siblings, 12}}) {
    int found = 0;
    std::string smallest;
    for (uint64_t seed = 1; seed <= 2000 && found < 5; ++seed) {
      std::string text = program_text(sample_program(3, seed, 60));
      auto still_fails = [&](const std::string& candidate) {
        Outcome oracle = run_program(candidate, seed);
        return !oracle.error && outcomes_differ(oracle, run_program(candidate, seed, planted.bugs));
      };
      if (!still_fails(text)) continue;
      ++found;
      MinimizeStats stats;
      std::string small = minimize_program(text, still_fails, MinimizeLimits{}, &stats);
      std::printf(
          "  %s: found at seed %llu (%d statements), minimised to %d statements in %d attempts, %.3f s\n",
          planted.name, static_cast<unsigned long long>(seed), count_statements(text),
          count_statements(small), stats.attempts, stats.seconds);
      EXPECT_TRUE(still_fails(small));
      if (smallest.empty() || count_statements(small) < count_statements(smallest)) smallest = small;
    }
    ASSERT_EQ(found, 5) << planted.name << " was found in too few of 2000 programs";
    std::printf("%s", smallest.c_str());
    EXPECT_LE(count_statements(smallest), planted.max_statements) << smallest;
  }
}

TEST(Fuzz, MinimizerWalksTheRapidCheckTreeOfAGeneratedProgram) {
  // A generated program (its header names week, seed and size) whose "failure" is holding a max:
  // the walk down the shrink tree takes steps, and the result still fails and is small.
  std::string text;
  for (uint64_t seed = 1; text.empty(); ++seed) {
    std::string candidate = program_text(sample_program(3, seed, 100));
    if (candidate.find(" = max ") != std::string::npos) text = candidate;
  }
  auto has_max = [](const std::string& t) { return t.find(" = max ") != std::string::npos; };
  MinimizeStats stats;
  std::string small = minimize_program(text, has_max, MinimizeLimits{}, &stats);
  EXPECT_GT(stats.tree_steps, 0);
  EXPECT_TRUE(has_max(small));
  EXPECT_LE(count_statements(small), 3) << small;
}

TEST(Fuzz, MinimizerKeepsHandWrittenFailuresValid) {
  // No generator header: only the statement-level reducer runs. The "failure" is the presence of a
  // max op, so the smallest valid program keeping one is the max and nothing else, its literal
  // operands lowered to 0.
  std::string text =
      "%b = buffer 4 dtype=i32 slot=0\n"
      "%i = range 4\n"
      "%sq = mul %i %i\n"
      "%m = max %sq 3\n"
      "%v = shrink %b %i shape=[]\n"
      "%s = store %v %m\n"
      "%e = end %s %i\n"
      "%b1 = after %b %e\n"
      "%c = cmplt 1 2\n"
      "assert %c\n";
  auto has_max = [](const std::string& t) { return t.find(" max ") != std::string::npos; };
  std::string small = minimize_program(text, has_max, MinimizeLimits{});
  EXPECT_EQ(small, "%m = max 0 0\n");
}

}  // namespace
}  // namespace uirgen
