#include "grader/feedback/keep.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(GraderKeep, CaseDirectoryStaysInside) {
  EXPECT_EQ(kept_case_dir("/k", "week3/acc/run"), "/k/week3/acc/run");
  EXPECT_EQ(kept_case_dir("/k", "../../etc/run"), "/k/__/__/etc/run");
  EXPECT_EQ(kept_case_dir("/k", "/abs//x y"), "/k/abs/x_y");
  EXPECT_EQ(kept_case_dir("/k", ""), "/k/_");
}

TEST(GraderKeep, WritesEveryFileGiven) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "uirgrade-keep-test";
  std::filesystem::remove_all(dir);
  KeptCase kept;
  kept.test_name = "week3/acc/run";
  kept.program = "%b = buffer 1 dtype=i32 slot=0\n";
  kept.input_data = "0: 5\n";
  kept.expected_out = "0: 6\n";
  kept.actual_out = "0: 7\n";
  kept.reproduce = "#!/bin/sh\necho hi\n";
  ASSERT_FALSE(write_kept_case(dir.string(), kept));
  std::filesystem::path case_dir = dir / "week3/acc/run";
  EXPECT_EQ(read(case_dir / "prog.uir"), kept.program);
  EXPECT_EQ(read(case_dir / "data.txt"), "0: 5\n");
  EXPECT_EQ(read(case_dir / "expected.txt"), "0: 6\n");
  EXPECT_EQ(read(case_dir / "actual.txt"), "0: 7\n");
  EXPECT_FALSE(std::filesystem::exists(case_dir / "kernel.c"));  // not a render test
  auto perms = std::filesystem::status(case_dir / "reproduce.sh").permissions();
  EXPECT_NE(perms & std::filesystem::perms::owner_exec, std::filesystem::perms::none);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
