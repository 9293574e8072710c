// `grade class` and `grade merge --out` called in-process on a class of shell-script students
// (week1/add_i32: no buffers, so exit 0 and silence is right): exit 0 and every output written when
// the class is graded, whatever the scores; exit 2 and a message naming the problem for a bad
// roster, suite, --mutants-json or output directory; shards merge into a directory a rerun resumes.
#include "cli/class_command.h"

#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "base/csv.h"
#include "cli/grade_command.h"
#include "grader/shell_testing.h"
#include "oracle/c_toolchain_testing.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;
using uir::testing::ScratchDir;
using uir::testing::write_text_file;

const fs::path kSuites = UIRGRADE_SOURCE_DIR "/suites";

/// A class folder: ann passes week1/add_i32, bob exits 1 where the oracle exits 0.
fs::path write_class(const fs::path& dir) {
  const fs::path subs = dir / "subs";
  for (auto [id, code] : {std::pair{"ann", 0}, std::pair{"bob", 1}}) {
    fs::create_directories(subs / id);
    write_text_file(subs / id / "student-uirc", "#!/bin/sh\nexit " + std::to_string(code) + "\n");
    ::chmod((subs / id / "student-uirc").c_str(), 0755);
  }
  return subs;
}

Options class_options(const fs::path& subs, const fs::path& out) {
  Options options;
  options.command = Command::Class;
  options.week = 1;
  options.suites_dir = kSuites.string();
  options.seed = 7;
  options.sandbox = Sandbox::None;
  options.only = {"week1/add_i32"};
  options.submissions = subs.string();
  options.out_dir = out.string();
  return options;
}

/// The gradebook's rows by student id: {status, score}.
std::map<std::string, std::pair<std::string, std::string>> gradebook_scores(const fs::path& out) {
  auto rows = parse_csv(slurp(out / "gradebook.csv"));
  std::map<std::string, std::pair<std::string, std::string>> scores;
  if (auto* error = std::get_if<std::string>(&rows)) {
    ADD_FAILURE() << *error;
    return scores;
  }
  const auto& table = std::get<std::vector<std::vector<std::string>>>(rows);
  EXPECT_FALSE(table.empty());
  for (size_t r = 1; r < table.size(); ++r)
    if (table[r].size() > 2) scores[table[r][0]] = {table[r][1], table[r][2]};
  return scores;
}

using Scores = std::map<std::string, std::pair<std::string, std::string>>;

/// run_class makes the process runner, which sets a root grader's umask to 077 for the whole
/// process; each test puts it back, so that later tests in this binary write files as before.
class ClassCommand : public ::testing::Test {
 protected:
  void SetUp() override { umask(umask_ = umask(022)); }
  void TearDown() override { umask(umask_); }

 private:
  mode_t umask_ = 022;
};

TEST_F(ClassCommand, AGradedClassExitsZeroWhateverTheScoresAndWritesEveryOutput) {
  ScratchDir dir("class_command");
  const fs::path out = dir.path() / "out";
  std::ostringstream err;
  EXPECT_EQ(run_class(class_options(write_class(dir.path()), out), {}, err), kAllPassed) << err.str();
  EXPECT_EQ(err.str().rfind("grade class: seed 7", 0), 0u) << err.str();  // the seed comes first
  EXPECT_NE(err.str().find("grade class: sandbox: "), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("graded ann: 1/1"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("graded bob: 0/1"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("grade class: 2 students; " + out.string() + "/gradebook.csv"), std::string::npos);
  EXPECT_EQ(gradebook_scores(out), (Scores{{"ann", {"graded", "1"}}, {"bob", {"graded", "0"}}}));
  EXPECT_NE(slurp(out / "class.html").find("bob"), std::string::npos);
  EXPECT_NE(slurp(out / "students" / "bob.txt").find("week1/add_i32"), std::string::npos);
  EXPECT_TRUE(fs::exists(out / "class.json"));
}

TEST_F(ClassCommand, AShardGradesItsStudentsOnly) {
  ScratchDir dir("class_command_shard");
  Options options = class_options(write_class(dir.path()), dir.path() / "out");
  options.shard = Shard{2, 2};  // by id: ann is 1 of 2, bob 2 of 2
  std::ostringstream err;
  EXPECT_EQ(run_class(options, {}, err), kAllPassed) << err.str();
  EXPECT_NE(err.str().find("week 1, 1 student (shard 2/2)"), std::string::npos) << err.str();
  EXPECT_EQ(gradebook_scores(dir.path() / "out"), (Scores{{"bob", {"graded", "0"}}}));
}

TEST_F(ClassCommand, ARosterSuiteOrMutantsFileProblemExitsTwoNamingIt) {
  ScratchDir dir("class_command_refusals");
  const fs::path subs = write_class(dir.path());
  std::ostringstream no_roster;
  EXPECT_EQ(run_class(class_options(dir.path() / "nobody", dir.path() / "o1"), {}, no_roster), kUsageOrSuiteError);
  EXPECT_NE(no_roster.str().find("grade class: "), std::string::npos) << no_roster.str();
  EXPECT_NE(no_roster.str().find((dir.path() / "nobody").string()), std::string::npos) << no_roster.str();
  EXPECT_FALSE(fs::exists(dir.path() / "o1" / "gradebook.csv"));

  std::ostringstream no_test;
  Options options = class_options(subs, dir.path() / "o2");
  options.only = {"week9/*"};
  EXPECT_EQ(run_class(options, {}, no_test), kUsageOrSuiteError);
  EXPECT_NE(no_test.str().find("no test of week 1 matches --only week9/*"), std::string::npos) << no_test.str();
  EXPECT_FALSE(fs::exists(dir.path() / "o2" / "gradebook.csv"));

  // A kill matrix that is not one: refused before the gradebook is written.
  for (std::string content : {"", "{\"mutants\": "}) {
    const fs::path kills = dir.path() / "kills.json";
    if (content.empty()) fs::remove(kills);
    else write_text_file(kills, content);
    options = class_options(subs, dir.path() / "o3");
    options.mutant_kills_file = kills.string();
    std::ostringstream bad_kills;
    EXPECT_EQ(run_class(options, {}, bad_kills), kUsageOrSuiteError);
    EXPECT_NE(bad_kills.str().find("grade class: --mutants-json " + kills.string() + ": "), std::string::npos)
        << bad_kills.str();
    if (content.empty()) {
      EXPECT_NE(bad_kills.str().find("cannot read"), std::string::npos) << bad_kills.str();
    }
    EXPECT_FALSE(fs::exists(dir.path() / "o3" / "gradebook.csv"));
  }
}

TEST_F(ClassCommand, AnOutputThatCannotBeWrittenExitsTwoNamingIt) {
  ScratchDir dir("class_command_unwritable");
  write_text_file(dir.path() / "a-file", "");
  const fs::path out = dir.path() / "a-file" / "out";  // under a regular file: no directory can be made
  std::ostringstream err;
  EXPECT_EQ(run_class(class_options(write_class(dir.path()), out), {}, err), kUsageOrSuiteError);
  EXPECT_NE(err.str().find("cannot write " + (out / "gradebook.csv").string()), std::string::npos) << err.str();
}

TEST_F(ClassCommand, MergedShardsMakeOneGradebookThatARerunResumes) {
  ScratchDir dir("class_command_merge");
  const fs::path subs = write_class(dir.path());
  std::vector<std::string> shard_dirs;
  for (int k = 1; k <= 2; ++k) {
    Options options = class_options(subs, dir.path() / ("shard" + std::to_string(k)));
    options.shard = Shard{k, 2};
    std::ostringstream err;
    ASSERT_EQ(run_class(options, {}, err), kAllPassed) << err.str();
    shard_dirs.push_back(options.out_dir);
  }
  const fs::path merged = dir.path() / "merged";
  Options merge = class_options(subs, merged);
  merge.command = Command::Merge;
  merge.merge_files = shard_dirs;
  std::ostringstream merge_err;
  EXPECT_EQ(run_class_merge(merge, merge_err), kAllPassed) << merge_err.str();
  EXPECT_EQ(gradebook_scores(merged), (Scores{{"ann", {"graded", "1"}}, {"bob", {"graded", "0"}}}));
  EXPECT_TRUE(fs::exists(merged / "students" / "ann.txt"));
  EXPECT_TRUE(fs::exists(merged / "class.html"));

  // The merged directory holds every student's state: grading the class into it grades no one again.
  std::ostringstream rerun;
  EXPECT_EQ(run_class(class_options(subs, merged), {}, rerun), kAllPassed) << rerun.str();
  EXPECT_NE(rerun.str().find("reused ann: 1/1"), std::string::npos) << rerun.str();
  EXPECT_NE(rerun.str().find("reused bob: 0/1"), std::string::npos) << rerun.str();

  // A shard twice, or a directory that is no class run, is refused.
  for (std::vector<std::string> wrong : {std::vector<std::string>{shard_dirs[0], shard_dirs[0]},
                                         std::vector<std::string>{shard_dirs[0], subs.string()}}) {
    merge.merge_files = wrong;
    merge.out_dir = (dir.path() / "refused").string();
    std::ostringstream refused;
    EXPECT_EQ(run_class_merge(merge, refused), kUsageOrSuiteError);
    EXPECT_EQ(refused.str().rfind("grade merge: ", 0), 0u) << refused.str();
    EXPECT_FALSE(fs::exists(dir.path() / "refused" / "gradebook.csv"));
  }
}

// Issue 25: dee, graded 0 for "not executable", ran chmod +x; the rerun said "reused dee: 0/0".
TEST_F(ClassCommand, ARerunRegradesAStudentFixedWithChmod) {
  ScratchDir dir("class_command_chmod");
  const fs::path subs = write_class(dir.path());
  fs::create_directories(subs / "dee");
  write_text_file(subs / "dee" / "student-uirc", "#!/bin/sh\nexit 0\n");
  ::chmod((subs / "dee" / "student-uirc").c_str(), 0644);
  const fs::path out = dir.path() / "out";
  std::ostringstream first;
  ASSERT_EQ(run_class(class_options(subs, out), {}, first), kAllPassed) << first.str();
  EXPECT_NE(first.str().find("chmod +x student-uirc"), std::string::npos) << first.str();
  ::chmod((subs / "dee" / "student-uirc").c_str(), 0755);
  std::ostringstream rerun;
  ASSERT_EQ(run_class(class_options(subs, out), {}, rerun), kAllPassed) << rerun.str();
  EXPECT_NE(rerun.str().find("graded dee: 1/1"), std::string::npos) << rerun.str();
  EXPECT_NE(rerun.str().find("reused ann: 1/1"), std::string::npos) << rerun.str();
}

// Issue 25: --out inside the submissions folder made the next run grade the report as a student.
TEST_F(ClassCommand, AnOutputFolderInsideTheSubmissionsIsRefused) {
  ScratchDir dir("class_command_out_inside");
  const fs::path subs = write_class(dir.path());
  for (fs::path out : {subs / "report", subs, subs / "ann" / "x" / ".." / "out"}) {
    std::ostringstream err;
    EXPECT_EQ(run_class(class_options(subs, out), {}, err), kUsageOrSuiteError) << err.str();
    EXPECT_NE(err.str().find("is inside the submissions folder"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("choose an --out outside it"), std::string::npos) << err.str();
    EXPECT_FALSE(fs::exists(out / "gradebook.csv"));
  }
  std::ostringstream beside;  // next to it is fine
  EXPECT_EQ(run_class(class_options(subs, dir.path() / "subs-report"), {}, beside), kAllPassed) << beside.str();
}

// Issue 25: students/<id>.txt carried the instructor's paths and options in its reproduce lines.
TEST_F(ClassCommand, AStudentsReportSpeaksTheStudentsTerms) {
  ScratchDir dir("class_command_student_terms");
  const fs::path out = dir.path() / "out";
  std::ostringstream err;
  ASSERT_EQ(run_class(class_options(write_class(dir.path()), out), {}, err), kAllPassed) << err.str();
  std::string bob = slurp(out / "students" / "bob.txt");
  EXPECT_NE(bob.find("grade --week 1 ./student-uirc --only week1/add_i32"), std::string::npos) << bob;
  EXPECT_NE(bob.find("./student-uirc run prog.uir < data.txt"), std::string::npos) << bob;
  EXPECT_EQ(bob.find(dir.path().string()), std::string::npos) << bob;
  EXPECT_EQ(bob.find("--suites"), std::string::npos) << bob;
}

}  // namespace
}  // namespace uirgrade
