// Generated tests are made as a grading run makes them (generators/fuzz.h, each plan's counts, seed
// 1). The hand-written column counts every week's files: a week grades the earlier weeks' suites too.
#include "grader/shape_coverage.h"

#include <fmt/format.h>

#include <map>
#include <ostream>

#include "generators/fuzz.h"
#include "testcase/shapes.h"

namespace uirgrade {

int print_shape_coverage(std::ostream& out, const std::vector<TestCase>& hand_written,
                         const std::vector<WeekPlan>& plans) {
  constexpr uint64_t kSeed = 1;
  constexpr int kEnough = 2;
  bool loops = false;
  for (const WeekPlan& plan : plans) loops = loops || plan.week >= 3;
  if (!loops) return 0;
  std::map<std::string, int> hand, generated;
  for (const TestCase& test : hand_written)
    for (const std::string& c : shape_cells_of(uir::compile(test.path, test.source))) ++hand[c];
  for (const WeekPlan& plan : plans) {
    if (plan.week < 3) continue;
    for (const TestCase& test : uirgen::make_fuzz_tests(plan.week, plan.fuzz_counts, kSeed))
      for (const std::string& c : shape_cells_of(uir::compile(test.name, test.source))) ++generated[c];
  }
  out << "\ncoverage: week 3's shapes x outcomes (testcase/shapes.h; docs/mutants.md \"Structural coverage\"):\n"
         "tests hitting each cell, hand-written (every week) and generated (the plans of week 3 on, seed 1)\n";
  out << fmt::format("  {:<58}{:>6}{:>6}\n", "shape x outcome", "hand", "gen");
  int short_cells = 0;
  for (const std::string& cell : all_shape_cells()) {
    int total = hand[cell] + generated[cell];
    std::string line = fmt::format("  {:<58}{:>6}{:>6}", cell, hand[cell], generated[cell]);
    if (total < kEnough) {
      line += total == 0 ? "   <- no test hits it" : "   <- one test only";
      ++short_cells;
    }
    out << line << "\n";
  }
  return short_cells;
}

}  // namespace uirgrade
