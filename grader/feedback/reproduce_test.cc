// What a failing test tells people to run: the quoting must survive any path or test name.
#include "grader/feedback/reproduce.h"

#include <filesystem>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(GraderReproduce, ShellQuote) {
  EXPECT_EQ(shell_quote("./student-uirc"), "./student-uirc");
  EXPECT_EQ(shell_quote("my dir/x"), "'my dir/x'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote("$(rm -rf ~)"), "'$(rm -rf ~)'");
  EXPECT_EQ(shell_quote(""), "''");
}

TEST(GraderReproduce, GradeLineAndDirectCommands) {
  GradeConfig config;
  config.student = "students/ann lee/student-uirc";
  // What the grader runs is a temporary copy, gone when the student reads the line: the direct
  // commands name the handed-in path (made absolute, as they run from the kept directory).
  config.student_path = "/tmp/uirgrade-submission-Xy12Zw/student-uirc";
  config.week = 3;
  config.seed = 42;
  TestCase test;
  test.name = "week3/accumulator";
  test.path = "suites/week3/accumulator.uir";
  std::string run = reproduce_commands(test, config);
  EXPECT_NE(run.find("grade --week 3 'students/ann lee/student-uirc' --only week3/accumulator --seed 42 "
                     "--keep failures"),
            std::string::npos)
      << run;
  EXPECT_NE(run.find("cd failures/week3/accumulator/run && ./reproduce.sh"), std::string::npos) << run;
  std::string original = std::filesystem::current_path().string() + "/students/ann lee/student-uirc";
  EXPECT_NE(run.find(shell_quote(original) + " run prog.uir < data.txt"), std::string::npos) << run;
  EXPECT_EQ(run.find("uirgrade-submission"), std::string::npos) << run;

  test.mode = Mode::Render;
  EXPECT_EQ(kept_case_name(test), "week3/accumulator/render");
  std::string render = reproduce_commands(test, config);
  EXPECT_NE(render.find("render prog.uir > kernel.c\ncc "), std::string::npos) << render;
  EXPECT_NE(render.find("./kernel < data.txt"), std::string::npos) << render;

  test.path.clear();  // a generated program: the --fuzz count makes the same programs again
  test.name = "fuzz/3";
  config.fuzz_count = 40;
  EXPECT_NE(reproduce_commands(test, config).find("--seed 42 --fuzz 40"), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
