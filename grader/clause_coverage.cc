// Generated tests are made exactly as a grading run makes them (generators/fuzz.h, the plan's
// counts), at seed 1, so the table says what a default run at that seed grades; other seeds draw
// other programs of the same classes.
#include "grader/clause_coverage.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <ostream>

#include "generators/fuzz.h"
#include "testcase/clauses.h"

namespace uirgrade {

int print_clause_coverage(std::ostream& out, const std::vector<TestCase>& hand_written,
                          const std::vector<WeekPlan>& plans) {
  constexpr uint64_t kSeed = 1;
  std::map<std::string, std::map<int, int>> hand, generated;  // clause -> week -> tests
  std::set<int> hand_weeks;
  std::vector<int> plan_weeks;
  for (const TestCase& test : hand_written) {
    hand_weeks.insert(test.week);
    for (const std::string& c : clauses_of(uir::compile(test.path, test.source))) ++hand[c][test.week];
  }
  for (const WeekPlan& plan : plans) {
    plan_weeks.push_back(plan.week);
    for (const TestCase& test : uirgen::make_fuzz_tests(plan.week, plan.fuzz_counts, kSeed))
      for (const std::string& c : clauses_of(uir::compile(test.name, test.source))) ++generated[c][plan.week];
  }
  out << "\ncoverage: rule clauses, near misses and linearizer decisions (testcase/clauses.h): hand-written\n"
         "tests by week, then the generated tests of each week's plan (seed 1)\n";
  std::string header = fmt::format("  {:<48}", "clause");
  for (int w : hand_weeks) header += fmt::format("{:>6}", fmt::format("wk{}", w));
  for (int w : plan_weeks) header += fmt::format("{:>6}", fmt::format("gen{}", w));
  out << header << "\n";
  int uncovered = 0;
  for (const std::string& clause : all_clauses()) {
    std::string line = fmt::format("  {:<48}", clause);
    int total = 0;
    auto columns = [&](std::map<std::string, std::map<int, int>>& table, const auto& weeks) {
      for (int w : weeks) {
        int n = table[clause][w];
        total += n;
        line += fmt::format("{:>6}", n);
      }
    };
    columns(hand, hand_weeks);
    columns(generated, plan_weeks);
    if (total == 0) {
      line += "   <- no test covers it";
      ++uncovered;
    }
    out << line << "\n";
  }
  return uncovered;
}

}  // namespace uirgrade
