// Preparing a student, on real files in a scratch folder: what is wrong with what it handed in,
// worded for the command line and for a class's records; sources built (by the real build script,
// run without a sandbox: the sandbox's part is grader/submission_build_test.cc's) into an executable
// that runs, or into the build's reason; the copies each tier needs, and all of it removed with the
// prepared student.
#include "grader/student_prepare.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// A runner whose every process fails to start, as when the sandbox cannot be set up.
struct UnstartableRunner : CommandRunner {
  ProcessResult run(const ProcessRequest&) override {
    ProcessResult result;
    result.internal_error = "no sandbox today";
    return result;
  }
};

class StudentPrepare : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = readable_temp_dir("uirgrade-prepare-test");
    ASSERT_FALSE(dir_.empty());
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Writes the submission's file `name` (a path under the scratch folder) with `mode`.
  std::string write(const std::string& name, const std::string& text, mode_t mode = 0644) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name) << text;
    chmod((dir_ / name).c_str(), mode);
    return (dir_ / name).string();
  }
  std::optional<StudentProblem> command_line_problem(const std::string& executable) {
    return handed_in_problem(handed_in_on_command_line(executable));
  }
  std::optional<StudentProblem> roster_problem(const std::string& path) {
    return handed_in_problem(handed_in_by_roster(path));
  }

  fs::path dir_;
};

TEST_F(StudentPrepare, TheCommandLineIsToldWhatIsWrongWithTheFix) {
  const std::string plain = write("sub/student-uirc", "#!/bin/sh\n");
  std::optional<StudentProblem> problem = command_line_problem(plain);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->status, PrepareStatus::NotExecutable);
  EXPECT_EQ(problem->reason, plain + ": not executable (run: chmod +x " + plain + ")");

  problem = command_line_problem((dir_ / "nowhere/student-uirc").string());
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->status, PrepareStatus::Missing);
  EXPECT_EQ(problem->reason, (dir_ / "nowhere/student-uirc").string() +
                                 ": no such file (check the path; the compiler is usually ./student-uirc)");

  problem = command_line_problem((dir_ / "sub").string());
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->reason.find("sub: a folder, not a program (name the executable inside it, e.g. "),
            std::string::npos)
      << problem->reason;

  chmod(plain.c_str(), 0755);
  EXPECT_FALSE(command_line_problem(plain)) << command_line_problem(plain)->reason;
}

// chmod cannot fix a link out of the submission: it is named before the exec bit, for both readers.
TEST_F(StudentPrepare, ALinkOutOfTheSubmissionIsNamedBeforeTheExecBit) {
  write("ann/readme", "");
  fs::create_symlink("/proc/kmsg", dir_ / "ann/student-uirc");
  std::optional<StudentProblem> problem = command_line_problem((dir_ / "ann/student-uirc").string());
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->status, PrepareStatus::NotExecutable);
  EXPECT_NE(problem->reason.find("is a symbolic link to /proc/kmsg, outside"), std::string::npos) << problem->reason;
  EXPECT_EQ(problem->reason.find("chmod"), std::string::npos) << problem->reason;
  problem = roster_problem((dir_ / "ann").string());
  ASSERT_TRUE(problem);
  EXPECT_TRUE(problem->reason.starts_with("not executable: ")) << problem->reason;
  EXPECT_EQ(problem->reason.find("chmod"), std::string::npos) << problem->reason;
}

TEST_F(StudentPrepare, ARosterIsToldWhatIsMissingOrNotAProgram) {
  write("bob/main.c", "int main(void) { return 0; }\n");  // sources without a recipe
  std::optional<StudentProblem> problem = roster_problem((dir_ / "bob").string());
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->status, PrepareStatus::Missing);
  EXPECT_EQ(problem->reason, "missing: no student-uirc in " + (dir_ / "bob").string());

  // A roster row naming an executable alone: the fix names that file, not student-uirc.
  const std::string zed = write("bin/zed-compiler", "#!/bin/sh\n");
  problem = roster_problem(zed);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->reason, "not executable: " + zed + " (run: chmod +x zed-compiler)");
  problem = roster_problem((dir_ / "bin/gone").string());
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->reason, "missing: " + (dir_ / "bin/gone").string() + " does not exist");
}

TEST_F(StudentPrepare, OnlyStudentUircBesideARecipeIsBuilt) {
  write("cy/Makefile", "student-uirc:\n\tcp run.sh student-uirc\n");
  HandedIn built = handed_in_on_command_line((dir_ / "cy/student-uirc").string());
  EXPECT_EQ(built.recipe, "Makefile");
  EXPECT_FALSE(handed_in_problem(built)) << "the build makes it";
  // A compiler named otherwise beside a build system's own Makefile is graded as it is.
  HandedIn as_it_is = handed_in_on_command_line(write("cy/uirc", "#!/bin/sh\n", 0755));
  EXPECT_EQ(as_it_is.recipe, "");
  EXPECT_EQ(handed_in_by_roster((dir_ / "cy").string()).recipe, "Makefile");
}

TEST_F(StudentPrepare, AStudentHandedInAsItIsRunsFromWhereItIs) {
  write("dee/student-uirc", "#!/bin/sh\n", 0755);
  ProcessRunner runner(Tier::None);
  PreparedStudent prepared = prepare_student(handed_in_on_command_line((dir_ / "dee/./student-uirc").string()),
                                             runner, SubmissionCopyFor::Nobody);
  EXPECT_EQ(prepared.status(), PrepareStatus::Ready);
  EXPECT_EQ(prepared.executable(), (dir_ / "dee/student-uirc").string());
  EXPECT_EQ(prepared.submission_dir(), (dir_ / "dee").string());
  EXPECT_EQ(prepared.build_line(), "");
  GradeConfig config;
  prepared.apply_to(config);
  EXPECT_EQ(config.student_path, prepared.executable());
  EXPECT_FALSE(config.build_failure);
  EXPECT_FALSE(config.submission_group);
}

TEST_F(StudentPrepare, ACopyForEveryUidHoldsTheFolderAndGoesWithThePreparedStudent) {
  write("eve/student-uirc", "#!/bin/sh\n. ./helper.sh\n", 0755);
  write("eve/helper.sh", "echo helper\n");
  ProcessRunner runner(Tier::None);
  std::string copy_dir;
  {
    PreparedStudent prepared = prepare_student(handed_in_on_command_line((dir_ / "eve/student-uirc").string()),
                                               runner, SubmissionCopyFor::EveryUid);
    ASSERT_EQ(prepared.status(), PrepareStatus::Ready) << prepared.reason();
    copy_dir = prepared.submission_dir();
    EXPECT_NE(copy_dir, (dir_ / "eve").string());
    EXPECT_EQ(prepared.executable(), copy_dir + "/student-uirc");
    EXPECT_EQ(slurp(copy_dir + "/helper.sh"), "echo helper\n");
    EXPECT_EQ(fs::status(copy_dir).permissions() & fs::perms::others_read, fs::perms::others_read);
  }
  EXPECT_FALSE(fs::exists(copy_dir)) << "the copy outlived the prepared student";
}

TEST_F(StudentPrepare, AFailingBuildIsTheStudentsWithItsLog) {
  write("fay/build.sh", "echo 'compiling for real'\nexit 3\n");
  ProcessRunner runner(Tier::None);
  PreparedStudent prepared = prepare_student(handed_in_by_roster((dir_ / "fay").string()), runner,
                                             SubmissionCopyFor::Nobody);
  EXPECT_EQ(prepared.status(), PrepareStatus::BuildFailed);
  EXPECT_EQ(prepared.reason(), "sh ./build.sh exited 3");
  EXPECT_TRUE(prepared.build_line().starts_with("building from build.sh in the sandbox: sh ./build.sh exited 3 ("))
      << prepared.build_line();
  GradeConfig config;
  prepared.apply_to(config);
  ASSERT_TRUE(config.build_failure);
  EXPECT_EQ(config.build_failure->message, "sh ./build.sh exited 3");
  EXPECT_NE(config.build_failure->log.find("compiling for real"), std::string::npos) << config.build_failure->log;
}

TEST_F(StudentPrepare, ABuildThatMakesNoProgramFails) {
  write("gus/build.sh", "echo 'not a program' > student-uirc\n");
  ProcessRunner runner(Tier::None);
  PreparedStudent prepared = prepare_student(handed_in_by_roster((dir_ / "gus").string()), runner,
                                             SubmissionCopyFor::Nobody);
  EXPECT_EQ(prepared.status(), PrepareStatus::BuildFailed);
  EXPECT_TRUE(prepared.reason().starts_with("the build made student-uirc, but not as a program")) << prepared.reason();
}

TEST_F(StudentPrepare, BuiltSourcesRunFromTheirOwnTreeWhichGoesWithThePreparedStudent) {
  write("hal/build.sh", "printf '#!/bin/sh\\necho built\\n' > student-uirc\nchmod +x student-uirc\n");
  ProcessRunner runner(Tier::None);
  std::string built_dir;
  {
    PreparedStudent prepared = prepare_student(handed_in_on_command_line((dir_ / "hal/student-uirc").string()),
                                               runner, SubmissionCopyFor::Nobody);
    ASSERT_EQ(prepared.status(), PrepareStatus::Ready) << prepared.reason();
    EXPECT_TRUE(prepared.build_line().starts_with("built from build.sh in the sandbox: student-uirc ("))
        << prepared.build_line();
    built_dir = prepared.submission_dir();
    EXPECT_EQ(prepared.executable(), built_dir + "/student-uirc");
    EXPECT_EQ(run_shell(prepared.executable()).output, "built\n");
    EXPECT_FALSE(fs::exists(dir_ / "hal/student-uirc")) << "the student's folder is never written";
  }
  EXPECT_FALSE(fs::exists(built_dir)) << "the built tree outlived the prepared student";
}

TEST_F(StudentPrepare, ABuildThatCannotRunIsOursWordedForEachReader) {
  write("ivy/Makefile", "student-uirc:\n\ttrue\n");
  UnstartableRunner runner;
  PreparedStudent alone = prepare_student(handed_in_on_command_line((dir_ / "ivy/student-uirc").string()), runner,
                                          SubmissionCopyFor::Nobody);
  EXPECT_EQ(alone.status(), PrepareStatus::InternalError);
  EXPECT_EQ(alone.reason(), "cannot build " + (dir_ / "ivy/student-uirc").string() +
                                " (not the student's fault): the build could not start: no sandbox today");
  PreparedStudent in_class =
      prepare_student(handed_in_by_roster((dir_ / "ivy").string()), runner, SubmissionCopyFor::Nobody);
  EXPECT_EQ(in_class.reason(),
            "the submission could not be built (not the student's fault): the build could not start: no sandbox today");
}

TEST_F(StudentPrepare, AClassStudentsCopyIsForItsOwnGroupAndHoldsAnExecutableAloneAlone) {
  if (geteuid() != 0) GTEST_SKIP() << "a group of its own is a borrowed uid's: root only";
  const std::string zed = write("bin/zed-compiler", "#!/bin/sh\n", 0755);
  write("bin/other-students-file", "secret");
  ProcessRunner runner(Tier::None);
  PreparedStudent prepared = prepare_student(handed_in_by_roster(zed), runner, SubmissionCopyFor::ItsGroupAlone);
  ASSERT_EQ(prepared.status(), PrepareStatus::Ready) << prepared.reason();
  EXPECT_EQ(prepared.submission_dir(), prepared.executable()) << "the executable alone is shown";
  EXPECT_FALSE(fs::exists(fs::path(prepared.executable()).parent_path() / "other-students-file"));
  GradeConfig config;
  prepared.apply_to(config);
  ASSERT_TRUE(config.submission_group);
  struct stat info {};
  ASSERT_EQ(stat(prepared.executable().c_str(), &info), 0);
  EXPECT_EQ(info.st_gid, *config.submission_group);
  EXPECT_EQ(info.st_mode & 07, 0u) << "nothing for other uids";
}

}  // namespace
}  // namespace uirgrade
