// A week's plan for work (weeks.yaml `work_limit`, `work_points`): advisory unless both are given,
// then given to every `# render: work` test of the week (week 6 scoring week 3's tests needs no new
// code), and every way the keys can be wrong, by line.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "testcase/suite.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

constexpr const char* kProgram = "%b = buffer 4 dtype=i32 slot=0\n%i = range 4\n%v = shrink %b %i shape=[]\n"
                                 "%s = store %v %i\n%e = end %s %i\n%b1 = after %b %e\n";

class WorkPlan : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("uirgrade-work-plan-" + std::to_string(getpid()));
    fs::create_directories(dir_ / "week3");
    std::ofstream(dir_ / "week3" / "suite.yaml") << "week: 3\ntests:\n  counted:\n  plain:\n";
    std::ofstream(dir_ / "week3" / "counted.uir") << "# expect: exit 0\n# render: loops=1 work\n" << kProgram;
    std::ofstream(dir_ / "week3" / "plain.uir") << "# expect: exit 0\n# render\n" << kProgram;
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write_weeks(const std::string& week6) {
    std::ofstream(dir_ / "weeks.yaml") << "weeks:\n  3:\n    suites: [week3]\n  6:\n    suites: [week3]\n" << week6;
  }
  std::variant<LoadedWeek, SuiteError> week(int n) { return load_week(dir_.string(), n); }

  fs::path dir_;
};

const TestCase& named(const LoadedWeek& week, const std::string& name) {
  for (const TestCase& t : week.tests)
    if (t.name == name) return t;
  throw std::runtime_error("no test " + name);
}

TEST_F(WorkPlan, AdvisoryUnlessTheWeekScoresIt) {
  write_weeks("    work_limit: 1.5\n    work_points: 2\n");
  auto week3 = week(3);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(week3)) << format_suite_error(std::get<SuiteError>(week3));
  const LoadedWeek& advisory = std::get<LoadedWeek>(week3);
  EXPECT_FALSE(advisory.plan.work_limit);
  EXPECT_TRUE(named(advisory, "week3/counted").render_work);
  EXPECT_FALSE(named(advisory, "week3/counted").work_limit);

  auto week6 = week(6);
  ASSERT_TRUE(std::holds_alternative<LoadedWeek>(week6)) << format_suite_error(std::get<SuiteError>(week6));
  const LoadedWeek& scored = std::get<LoadedWeek>(week6);
  EXPECT_EQ(scored.plan.work_limit, 1.5);
  EXPECT_EQ(named(scored, "week3/counted").work_limit, 1.5);
  EXPECT_EQ(named(scored, "week3/counted").work_points, 2);
  EXPECT_FALSE(named(scored, "week3/plain").work_limit);  // not a work test: nothing to score
}

TEST_F(WorkPlan, MistakesNameTheirLine) {
  struct Case {
    std::string week6;
    int line;
    std::string says;
  };
  for (const Case& c : std::vector<Case>{
           {"    work_limit: 1.5\n", 6, "come together"},
           {"    work_points: 1\n", 6, "come together"},
           {"    work_limit: 0.5\n    work_points: 1\n", 6, "1 or more"},
           {"    work_limit: fast\n    work_points: 1\n", 6, "work_limit"},
           {"    work_limit: 2\n    work_points: -1\n", 7, "work_points"},
           {"    work_limt: 2\n", 6, "work_limt"},
       }) {
    write_weeks(c.week6);
    auto loaded = week(6);
    ASSERT_TRUE(std::holds_alternative<SuiteError>(loaded)) << c.week6;
    const SuiteError& e = std::get<SuiteError>(loaded);
    EXPECT_EQ(e.line, c.line) << c.week6 << e.message;
    EXPECT_NE(e.message.find(c.says), std::string::npos) << e.message;
  }
}

TEST_F(WorkPlan, AWorkTestGradedOnlyInRunModeIsASuiteError) {
  std::ofstream(dir_ / "week3" / "suite.yaml") << "week: 3\ntests:\n  counted: {modes: [run]}\n  plain:\n";
  write_weeks("");
  auto loaded = week(3);
  ASSERT_TRUE(std::holds_alternative<SuiteError>(loaded));
  EXPECT_NE(std::get<SuiteError>(loaded).message.find("'render: loops=N'"), std::string::npos)
      << std::get<SuiteError>(loaded).message;
}

}  // namespace
}  // namespace uirgrade
