// grade --mutants: the kill matrix says which tests kill which mutant and what each mutant scores,
// the JSON has the shape the class report reads, and the shipped week-3 suites kill every mutant
// of the catalogue (the gate a course's CI runs).
#include "grader/mutants_command.h"

#include <gtest/gtest.h>

#include <sstream>

#include "grader/suite.h"
#include "oracle/mutants.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

TestCase run_test(const std::string& name, const std::string& source, const std::string& data0) {
  TestCase t;
  t.name = name;
  t.suite = "t";
  t.week = 3;
  t.source = source;
  t.data[0] = DataSpec{DataSpec::Kind::Explicit, {data0}, 0, 0, 1};
  t.data[1] = DataSpec{DataSpec::Kind::Zeros, {}, 0, 0, 2};
  t.points = 2;
  return t;
}

constexpr const char* kCopy =
    "%x = buffer 1 dtype=i32 slot=0\n%out = buffer 1 dtype=i32 slot=1\n%xv = shrink %x 0 shape=[]\n%a = load %xv\n"
    "%q = idiv %a 2\n%o = shrink %out 0 shape=[]\n%s = store %o %q\n%out1 = after %out %s\n";

TEST(KillMatrix, NamesTheKillersAndTheScoreOfEachMutant) {
  // -7 / 2: C gives -3, Python's floor division -4; 7 / 2 is 3 for both.
  std::vector<TestCase> tests = {run_test("t/negative", kCopy, "-7"), run_test("t/positive", kCopy, "7")};
  KillMatrix m = kill_matrix(tests, {"floor-division", "max-python"}, 3, 1, 2);
  ASSERT_EQ(m.mutants.size(), 2u);
  EXPECT_EQ(m.mutants[0].killed_by, std::vector<std::string>{"t/negative"});
  EXPECT_EQ(m.mutants[0].points, 2);
  EXPECT_EQ(m.mutants[0].max_points, 4);
  EXPECT_TRUE(m.mutants[1].killed_by.empty());  // no max in these programs: it survives
  ASSERT_EQ(m.tests.size(), 2u);
  EXPECT_EQ(m.tests[0].second, std::vector<std::string>{"floor-division"});

  std::ostringstream text, json;
  write_kill_matrix_text(m, text);
  EXPECT_NE(text.str().find("SURVIVORS (1): max-python"), std::string::npos) << text.str();
  write_kill_matrix_json(m, json);
  for (const char* key : {"\"week\": 3", "\"seed\": 1", "\"mutants\"", "\"killed_by\"", "\"points\"", "\"max_points\"",
                          "\"tests\"", "\"kills\"", "\"description\""})
    EXPECT_NE(json.str().find(key), std::string::npos) << key << "\n" << json.str();
}

TEST(KillMatrix, TheShippedWeek3SuitesKillEveryMutant) {
  auto loaded = load_week(std::string(UIRGRADE_SOURCE_DIR) + "/suites", 3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(loaded));
  std::vector<std::string> all;
  for (const uir::MutantInfo& info : uir::mutant_catalogue()) all.emplace_back(info.name);
  KillMatrix m = kill_matrix(std::get<LoadedWeek>(loaded).tests, all, 3, 1, 2);
  for (const MutantRow& row : m.mutants) EXPECT_FALSE(row.killed_by.empty()) << row.name << " survives the suites";
}

}  // namespace
}  // namespace uirgrade
