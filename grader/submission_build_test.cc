// Building a submission handed in as sources, in each sandbox tier this machine has: a C++
// compiler built by its Makefile, a build that fails (its log and reason reach the student), a
// build that makes no student-uirc, a build that tries to reach the network (shown reaching it
// without the syscall filter first), and a build that tries to copy a file only the grader can
// read into what is graded (shown working without a sandbox first).
#include "grader/submission_build.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "grader/shell_testing.h"
#include "sandbox/loopback_listener_testing.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// A runner that changes each request before `inner` runs it (a shorter limit).
struct AdjustedRunner : CommandRunner {
  CommandRunner& inner;
  std::function<void(ProcessRequest&)> adjust;
  AdjustedRunner(CommandRunner& runner, std::function<void(ProcessRequest&)> change)
      : inner(runner), adjust(std::move(change)) {}
  ProcessResult run(const ProcessRequest& request) override {
    ProcessRequest changed = request;
    adjust(changed);
    return inner.run(changed);
  }
};

class SubmissionBuild : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "the sandbox tiers borrow uids: root only";
    dir_ = readable_temp_dir("uirgrade-build-test");
    ASSERT_FALSE(dir_.empty());
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  static Tier tier() { return GetParam() == "uid" ? Tier::Uid : Tier::Namespaces; }

  /// Writes `text` to the submission's file `name`, readable by every uid (as an upload is).
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    chmod((dir_ / name).c_str(), 0644);
  }
  BuildOutcome build(Tier in) {
    ProcessRunner runner(in);
    return build_submission(dir_.string(), runner);
  }

  fs::path dir_;
};

TEST_P(SubmissionBuild, AMakefileBuildsTheCompilerWhichThenRuns) {
  write("main.cc", "#include <iostream>\nint main(int argc, char** argv) { std::cout << \"built \" << argv[1] << '\\n'; }\n");
  write("Makefile", "student-uirc: main.cc\n\tg++ -O1 -o student-uirc main.cc\n");
  write("helper.sh", "#!/bin/sh\necho helper\n");  // uploaded without its exec bit
  BuildOutcome built = build(tier());
  ASSERT_EQ(built.status, BuildOutcome::Status::Built) << built.message << "\n" << built.log;
  EXPECT_FALSE(fs::exists(dir_ / "student-uirc")) << "the student's folder is never written";
  Shell ran = run_shell(built.built->executable() + " run");
  EXPECT_EQ(ran.output, "built run\n");
  EXPECT_EQ(run_shell(built.built->dir() + "/helper.sh").output, "helper\n") << "its exec bit restored";
  EXPECT_NE(built.log.find("g++ -O1 -o student-uirc main.cc"), std::string::npos) << built.log;
  std::string dir = built.built->dir();
  built.built.reset();
  EXPECT_FALSE(fs::exists(dir)) << "removed with the outcome";
}

TEST_P(SubmissionBuild, AFailingBuildGivesItsLogAndTheReason) {
  write("main.cc", "int main() { return undeclared_name; }\n");
  write("Makefile", "student-uirc: main.cc\n\tg++ -o student-uirc main.cc\n");
  BuildOutcome built = build(tier());
  ASSERT_EQ(built.status, BuildOutcome::Status::Failed) << built.message;
  EXPECT_EQ(built.message, "make exited 2");
  EXPECT_NE(built.log.find("'undeclared_name' was not declared"), std::string::npos) << built.log;
  EXPECT_FALSE(built.built);
}

TEST_P(SubmissionBuild, ABuildThatMakesNoCompilerSaysSo) {
  write("build.sh", "echo compiling; mkdir -p out && touch out/uirc\n");
  BuildOutcome built = build(tier());
  ASSERT_EQ(built.status, BuildOutcome::Status::Failed) << built.message;
  EXPECT_NE(built.message.find("made no file named student-uirc"), std::string::npos) << built.message;
  EXPECT_NE(built.log.find("compiling"), std::string::npos) << built.log;
}

TEST_P(SubmissionBuild, ABuildThatNeverEndsIsStopped) {
  write("build.sh", "touch student-uirc; sleep 100000 & wait\n");
  // The real limit is minutes; the outcome's wording is what is checked here, with a run cut short.
  ProcessRunner runner(tier());
  AdjustedRunner short_runner(runner, [](ProcessRequest& request) { request.limits.wall_seconds = 1; });
  BuildOutcome built = build_submission(dir_.string(), short_runner);
  ASSERT_EQ(built.status, BuildOutcome::Status::Failed) << built.message;
  EXPECT_NE(built.message.find("the build did not finish within"), std::string::npos) << built.message;
}

TEST_P(SubmissionBuild, ABuildCannotCopyTheGradersFilesIntoWhatIsGraded) {
  fs::path secret_dir = dir_.string() + "-secret";
  fs::create_directories(secret_dir);
  chmod(secret_dir.c_str(), 0700);
  std::ofstream(secret_dir / "secret") << "GRADER-SECRET-4417";
  write("build.sh", "ln -s " + (secret_dir / "secret").string() + " student-uirc\n");
  // Without a sandbox (the build run as the grader), the link is followed and the secret is graded.
  BuildOutcome weak = build(Tier::None);
  ASSERT_EQ(weak.status, BuildOutcome::Status::Built) << weak.message << weak.log;
  EXPECT_EQ(slurp(weak.built->executable()), "GRADER-SECRET-4417");
  // In the sandbox, the student's uid cannot read it: the build fails and nothing of it is kept.
  BuildOutcome built = build(tier());
  EXPECT_EQ(built.status, BuildOutcome::Status::Failed) << built.message;
  EXPECT_EQ(built.log.find("GRADER-SECRET"), std::string::npos);
  EXPECT_FALSE(built.built);
  fs::remove_all(secret_dir);
}

// In the uid tier the build shares the container's network: what keeps it from the grader's host
// and the internet is the syscall filter (sandbox/syscall_filter.h). A listener of the test's on
// 127.0.0.1 stands for them. (The namespaces tier adds a network namespace of its own.)
TEST_P(SubmissionBuild, ABuildReachesNoNetwork) {
  LoopbackListener listener;
  ASSERT_NE(listener.port(), 0);
  write("build.sh", fmt::format("bash -c 'echo LOOT >/dev/tcp/127.0.0.1/{}' && echo CONNECTED\n"
                                "printf '#!/bin/sh\\n' > student-uirc\nchmod +x student-uirc\n",
                                listener.port()));
  ProcessRunner runner(tier());
  if (tier() == Tier::Uid) {
    ProcessRunner unfiltered(tier(), {.no_syscall_filter = true});
    BuildOutcome weak = build_submission(dir_.string(), unfiltered);
    EXPECT_NE(weak.log.find("CONNECTED"), std::string::npos) << weak.message << weak.log;
    EXPECT_EQ(listener.connections(), 1) << "without the filter the build reaches the listener";
  }
  BuildOutcome built = build_submission(dir_.string(), runner);
  ASSERT_EQ(built.status, BuildOutcome::Status::Built) << built.message << built.log;
  EXPECT_EQ(built.log.find("CONNECTED"), std::string::npos) << built.log;
  EXPECT_EQ(listener.connections(), 0);
}

TEST(SubmissionBuildRecipe, BuildShComesFirstThenMakefiles) {
  fs::path dir = readable_temp_dir("uirgrade-recipe");
  EXPECT_EQ(build_recipe(dir.string()), std::nullopt);
  std::ofstream(dir / "GNUmakefile") << "";
  EXPECT_EQ(build_recipe(dir.string()), "GNUmakefile");
  std::ofstream(dir / "Makefile") << "";
  EXPECT_EQ(build_recipe(dir.string()), "Makefile");
  std::ofstream(dir / "build.sh") << "";
  EXPECT_EQ(build_recipe(dir.string()), "build.sh");
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Tiers, SubmissionBuild, ::testing::Values("namespaces", "uid"),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });

}  // namespace
}  // namespace uirgrade
