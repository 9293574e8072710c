// Rosters from a directory and from a CSV, on real files in a scratch directory.
#include "class/class_roster.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class GraderClassRoster : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("uirgrade-roster-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "subs");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const fs::path& path, const std::string& text, bool executable) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    chmod(path.c_str(), executable ? 0755 : 0644);
  }
  fs::path dir_;
};

TEST_F(GraderClassRoster, DirectoryOfStudentFolders) {
  write(dir_ / "subs/bob/student-uirc", "#!/bin/sh\n", true);
  write(dir_ / "subs/ann/student-uirc", "#!/bin/sh\n", true);
  write(dir_ / "subs/cy/student-uirc", "#!/bin/sh\n", false);
  fs::create_directories(dir_ / "subs/dee");
  fs::create_directories(dir_ / "subs/.git");
  write(dir_ / "subs/README", "not a student", false);
  auto roster = load_roster((dir_ / "subs").string());
  ASSERT_TRUE(std::holds_alternative<std::vector<Submission>>(roster)) << std::get<std::string>(roster);
  const auto& students = std::get<std::vector<Submission>>(roster);
  ASSERT_EQ(students.size(), 4u);
  EXPECT_EQ(students[0].id, "ann");
  EXPECT_EQ(students[0].problem, "");
  EXPECT_EQ(students[0].folder, (dir_ / "subs/ann").string());
  EXPECT_EQ(students[1].id, "bob");
  EXPECT_TRUE(students[2].problem.starts_with("not executable: ")) << students[2].problem;
  EXPECT_TRUE(students[3].problem.starts_with("missing: no student-uirc in ")) << students[3].problem;
}

TEST_F(GraderClassRoster, CsvWithHeaderRelativePathsAndAnExecutable) {
  write(dir_ / "subs/ann/student-uirc", "#!/bin/sh\n", true);
  write(dir_ / "bin/zed-compiler", "#!/bin/sh\n", true);
  write(dir_ / "roster.csv", "id,path\r\nann,subs/ann\r\n\"lee, zed\"," + (dir_ / "bin/zed-compiler").string() +
                                 "\r\ngone,subs/nobody\r\n", false);
  auto roster = load_roster((dir_ / "roster.csv").string());
  ASSERT_TRUE(std::holds_alternative<std::vector<Submission>>(roster)) << std::get<std::string>(roster);
  const auto& students = std::get<std::vector<Submission>>(roster);
  ASSERT_EQ(students.size(), 3u);
  EXPECT_EQ(students[0].id, "ann");
  EXPECT_EQ(students[0].compiler, (dir_ / "subs/ann/student-uirc").string());
  EXPECT_EQ(students[1].id, "gone");
  EXPECT_TRUE(students[1].problem.starts_with("missing: ")) << students[1].problem;
  EXPECT_EQ(students[2].id, "lee, zed");
  EXPECT_EQ(students[2].folder, "");  // just the executable
  EXPECT_EQ(students[2].problem, "");
}

TEST_F(GraderClassRoster, BadRostersNameTheLine) {
  write(dir_ / "a.csv", "ann,x\nbob\n", false);
  EXPECT_EQ(std::get<std::string>(load_roster((dir_ / "a.csv").string())),
            (dir_ / "a.csv").string() + ":2: expected 2 fields (id,path), got 1");
  write(dir_ / "b.csv", "../etc,x\n", false);
  EXPECT_NE(std::get<std::string>(load_roster((dir_ / "b.csv").string())).find(":1: student id: contains a /"),
            std::string::npos);
  write(dir_ / "c.csv", "ann,x\nann,y\n", false);
  EXPECT_NE(std::get<std::string>(load_roster((dir_ / "c.csv").string())).find("student ann is listed twice"),
            std::string::npos);
  EXPECT_NE(std::get<std::string>(load_roster((dir_ / "nope").string())).find("no such directory"), std::string::npos);
}

TEST(GraderClassRosterIds, WhatCanNameAStudent) {
  EXPECT_FALSE(invalid_student_id("ann.lee-2"));
  EXPECT_FALSE(invalid_student_id("<img src=x onerror=alert(1)>"));  // escaped where shown
  EXPECT_TRUE(invalid_student_id(""));
  EXPECT_TRUE(invalid_student_id(".."));
  EXPECT_TRUE(invalid_student_id("a/b"));
  EXPECT_EQ(student_id_from_name("a\nb"), "a\\nb");
  EXPECT_LE(student_id_from_name(std::string(300, 'a')).size(), 200u);
}

// Issue 25: one folder name with a control character stopped the whole class (exit 2), printing
// the raw name (which set the terminal's title). Every folder is a student, under an escaped id.
TEST_F(GraderClassRoster, OddFolderNamesAreGradedUnderEscapedIds) {
  write(dir_ / "subs/ann/student-uirc", "#!/bin/sh\n", true);
  write(dir_ / "subs/ti\x1b]0;owned\atle/student-uirc", "#!/bin/sh\n", true);
  write(dir_ / "subs/c1\xc2\x9b" "x/student-uirc", "#!/bin/sh\n", true);
  write(dir_ / "subs/bidi\xe2\x80\xae" "evil/student-uirc", "#!/bin/sh\n", false);
  auto roster = load_roster((dir_ / "subs").string());
  ASSERT_TRUE(std::holds_alternative<std::vector<Submission>>(roster)) << std::get<std::string>(roster);
  const auto& students = std::get<std::vector<Submission>>(roster);
  ASSERT_EQ(students.size(), 4u);
  std::set<std::string> ids;
  for (const Submission& student : students) {
    ids.insert(student.id);
    for (unsigned char ch : student.id + student.problem) EXPECT_GE(ch, 0x20) << student.id;
    EXPECT_EQ(student.id.find("\xe2\x80\xae"), std::string::npos);
    EXPECT_EQ(student.id.find("\xc2\x9b"), std::string::npos);
    EXPECT_TRUE(fs::exists(student.compiler)) << "the real folder is still read by its real name";
  }
  EXPECT_TRUE(ids.count("ti\\x1b]0;owned\\x07tle")) << *ids.begin();
  EXPECT_TRUE(ids.count("bidi\\u202eevil"));
  EXPECT_TRUE(ids.count("c1\\u009bx"));
}

TEST_F(GraderClassRoster, MissingFolderAndNotExecutableAreToldApart) {
  write(dir_ / "subs/cy/student-uirc", "#!/bin/sh\n", false);
  fs::create_directories(dir_ / "subs/dee/student-uirc");
  fs::create_directories(dir_ / "subs/eve");
  fs::create_directories(dir_ / "subs/fay");
  fs::create_symlink("/proc/kmsg", dir_ / "subs/fay/student-uirc");  // not the student's to fix with chmod
  auto students = std::get<std::vector<Submission>>(load_roster((dir_ / "subs").string()));
  ASSERT_EQ(students.size(), 4u);
  EXPECT_NE(students[0].problem.find("chmod +x student-uirc"), std::string::npos) << students[0].problem;
  EXPECT_NE(students[1].problem.find("is a folder"), std::string::npos) << students[1].problem;
  EXPECT_NE(students[2].problem.find("missing: no student-uirc"), std::string::npos) << students[2].problem;
  EXPECT_NE(students[3].problem.find("is a symbolic link to /proc/kmsg, outside"), std::string::npos) << students[3].problem;
  EXPECT_EQ(students[3].problem.find("chmod"), std::string::npos) << students[3].problem;
}

// Sources with a recipe are built before grading: no student-uirc yet is not "missing".
TEST_F(GraderClassRoster, AFolderWithABuildRecipeIsGradableWithoutACompilerYet) {
  write(dir_ / "subs/gus/main.cc", "int main() {}\n", false);
  write(dir_ / "subs/gus/Makefile", "student-uirc: main.cc\n\tg++ -o student-uirc main.cc\n", false);
  write(dir_ / "subs/hal/build.sh", "cp run.sh student-uirc\n", false);
  write(dir_ / "subs/hal/student-uirc", "an old copy, not executable", false);
  write(dir_ / "subs/ivy/main.cc", "int main() {}\n", false);  // sources, no recipe
  auto students = std::get<std::vector<Submission>>(load_roster((dir_ / "subs").string()));
  ASSERT_EQ(students.size(), 3u);
  EXPECT_EQ(students[0].recipe, "Makefile");
  EXPECT_EQ(students[0].problem, "");
  EXPECT_EQ(students[1].recipe, "build.sh");
  EXPECT_EQ(students[1].problem, "") << "the build makes student-uirc anew";
  EXPECT_EQ(students[2].recipe, "");
  EXPECT_TRUE(students[2].problem.starts_with("missing: no student-uirc")) << students[2].problem;
}

TEST(GraderClassRosterShard, EveryStudentInExactlyOneShard) {
  std::vector<Submission> students;
  for (const char* id : {"e", "a", "d", "b", "c"}) students.push_back(Submission{id, "", "", ""});
  std::vector<std::string> seen;
  for (int k = 1; k <= 2; ++k)
    for (const Submission& student : select_student_shard(students, Shard{k, 2})) seen.push_back(student.id);
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "c", "e", "b", "d"}));
}

}  // namespace
}  // namespace uirgrade
