// uirgen --kill-mutants: the written suite is small (few tests, each of at most 25 statements),
// every written file reads back as a test of suite `kill`, and graded in-process it kills every
// mutant. (That the grader loads it and that a mutant run as a real student process fails it is
// grader/kill_suite_students_test.cc.)
#include "generators/kill_suite.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/fuzz.h"
#include "mutation/catalogue.h"
#include "testcase/case_headers.h"

namespace uirgen {
namespace {

TEST(KillSuite, IsSmallAndKillsEveryMutant) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("kill_suite_test_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  KillSuiteOptions options;
  options.week = 3;
  options.candidates = 40;
  options.out_dir = dir.string();
  std::ostringstream log;
  ASSERT_EQ(write_kill_suite(options, log), 0) << log.str();
  // Every mutant of the catalogue but values-in-uses-loop, which changes no result (docs/mutants.md).
  size_t killable = uirgrade::mutant_catalogue().size() - 1;
  EXPECT_NE(log.str().find(fmt::format("kills {} of {} mutants", killable, killable)), std::string::npos) << log.str();

  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "kill")) {
    if (entry.path().extension() != ".uir") continue;
    ++files;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    auto test = uirgrade::parse_test_file(entry.path().string(), text.str(), "kill/t", "kill", 3);
    ASSERT_TRUE(std::holds_alternative<uirgrade::TestCase>(test)) << entry.path();
    // Kept programs are minimised while they kill what they were kept for (generated ones reach 55).
    EXPECT_LE(count_statements(text.str()), 25) << entry.path() << ":\n" << text.str();
  }
  EXPECT_GT(files, 0);
  EXPECT_LE(files, 40);
  EXPECT_TRUE(std::filesystem::exists(dir / "kill" / "suite.yaml"));
  EXPECT_TRUE(std::filesystem::exists(dir / "weeks.yaml"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgen
