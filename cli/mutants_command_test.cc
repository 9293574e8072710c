// grade --mutants: the kill matrix (mutation/mutant_grading.h) printed for people and as the JSON the
// class report reads, and the shipped week-3 suites kill every mutant of the catalogue (the gate a
// course's CI runs) while the oracle itself passes all of them.
#include "cli/mutants_command.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "mutation/catalogue.h"
#include "testcase/suite.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

TEST(KillMatrixReport, TextNamesTheSurvivorsAndJsonHasTheClassReportsShape) {
  KillMatrix m;
  m.week = 3;
  m.seed = 1;
  m.mutants = {{"floor-division", "idiv rounds down", {"t/negative"}, 2, 4, {}, {}},
               {"max-python", "max", {}, 4, 4, {}, {}}};
  m.tests = {{"t/negative", {"floor-division"}}, {"t/positive", {}}};
  m.mutants[0].killed_through = {"E-DIV-ZERO/through-idiv"};
  m.test_clauses["t/negative"] = {"E-DIV-ZERO/through-idiv"};
  m.uncovered_clauses = {"linearizer/load-pinned"};
  std::ostringstream text, json;
  write_kill_matrix_text(m, text);
  EXPECT_NE(text.str().find("SURVIVORS (1): max-python"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("through E-DIV-ZERO/through-idiv"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("CLAUSES NO TEST EXERCISES (1, testcase/clauses.h): linearizer/load-pinned"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("t/negative"), std::string::npos) << text.str();
  write_kill_matrix_json(m, json);
  for (const char* key : {"\"week\": 3", "\"seed\": 1", "\"mutants\"", "\"killed_by\"", "\"points\"", "\"max_points\"",
                          "\"tests\"", "\"kills\"", "\"description\"", "\"killed_through\"", "\"clauses\"",
                          "\"uncovered_clauses\"", "\"linearizer/load-pinned\""})
    EXPECT_NE(json.str().find(key), std::string::npos) << key << "\n" << json.str();
}

TEST(KillMatrix, TheShippedWeek3SuitesKillEveryMutant) {
  auto loaded = load_week(std::string(UIRGRADE_SOURCE_DIR) + "/suites", 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  std::vector<std::string> all;
  for (const MutantInfo& info : mutant_catalogue()) all.emplace_back(info.name);
  KillMatrix m = kill_matrix(std::get<LoadedWeek>(loaded).tests, all, 3, 1, 2);
  for (const MutantRow& row : m.mutants)
    EXPECT_FALSE(row.killed_by.empty() && row.more_work_on.empty()) << row.name << " survives the suites";
  // The mutant whose buffers are right is seen by the work tests alone, on GEMM among them.
  auto values = std::find_if(m.mutants.begin(), m.mutants.end(), [](const MutantRow& r) { return r.name == "values-in-uses-loop"; });
  ASSERT_NE(values, m.mutants.end());
  EXPECT_TRUE(values->killed_by.empty());
  EXPECT_NE(std::find(values->more_work_on.begin(), values->more_work_on.end(), "week3/work_gemm_16:render"),
            values->more_work_on.end());
  for (const TestCase& test : std::get<LoadedWeek>(loaded).tests)
    EXPECT_TRUE(mutant_passes(test, compute_expected(test, 1), Mutants())) << test.name << " fails the oracle";
}

}  // namespace
}  // namespace uirgrade
