// Correct students in the languages a compilers course allows (issue 35; grader/testdata/languages):
// each built from its sources by the submission build, then graded by the real `grade` on a few
// tests of week 3 in every tier this machine gives, and run as a memory hog (its `hog` command),
// which the memory limit must end as `memory-limit` whatever the runtime. A language whose
// toolchain is not installed is skipped with a message, except in CI (CI=true), where it fails:
// scripts/install-deps.sh --tests installs them all. The whole of week 3 for each language is
// bench/language_students.sh (minutes, by hand).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "grader/judge.h"
#include "grader/shell_testing.h"
#include "grader/submission_build.h"
#include "reports/report.h"
#include "reports/report_totals.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

struct Language {
  std::string folder;     // under grader/testdata/languages
  std::string toolchain;  // what must be installed to build it
};

const std::vector<Language>& languages() {
  static const std::vector<Language> all = {
      {"java", "/usr/bin/javac"},   {"scala", "/usr/bin/scalac"},   {"ocaml", "/usr/bin/ocamlopt"},
      {"haskell", "/usr/bin/ghc"},  {"rust", "/usr/bin/cargo"},     {"go", "/usr/bin/go"},
      {"node", "/usr/bin/node"},    {"cpp", "/usr/bin/g++"},        {"cpp-sanitized", "/usr/bin/g++"}};
  return all;
}

bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci && std::string(ci) == "true";
}

/// Makes `path` and everything below it readable (and, where executable, executable) by anyone.
void open_up(const fs::path& path) { ASSERT_EQ(std::system(("chmod -R a+rX " + path.string()).c_str()), 0); }

/// The student of `folder` handed in at `dir`, as a student hands it in: its sources, its recipe,
/// and its native core (a copy of uir-oracle). cpp-sanitized builds cpp's main.cc.
void hand_in(const std::string& folder, const fs::path& dir) {
  const fs::path source = UIRGRADE_SOURCE_DIR "/grader/testdata/languages";
  fs::copy(source / folder, dir, fs::copy_options::recursive);
  if (folder == "cpp-sanitized") fs::copy_file(source / "cpp/main.cc", dir / "main.cc");
  fs::create_directories(dir / "core");
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", dir / "core/uirc-core");
  open_up(dir);
}

std::vector<std::string> tiers_here() {
  std::vector<std::string> tiers;
  std::string error;
  if (make_process_runner(Sandbox::Namespaces, &error)) tiers.push_back("namespaces");
  if (geteuid() == 0) tiers.push_back("uid");
  tiers.push_back("none");
  return tiers;
}

// Long (about a minute on two cores) because it builds nine compilers, javac, kotlinc and ghc
// among them, and starts each runtime some twenty times; a few tests each, not the whole week.
TEST(LanguageStudents, EachBuildsFromSourceScoresFullMarksInEveryTierAndItsHogGetsMemoryLimit_LongBuildsNine) {
  if (geteuid() != 0) GTEST_SKIP() << "the submission build borrows uids: root only";
  const fs::path area = private_grader_area("uirgrade-languages", false);
  ASSERT_FALSE(area.empty());
  ASSERT_EQ(std::system(("chmod -R go-rwx " + area.string()).c_str()), 0);
  const std::vector<std::string> tiers = tiers_here();
  std::vector<std::string> skipped;
  for (const Language& language : languages()) {
    SCOPED_TRACE(language.folder);
    if (access(language.toolchain.c_str(), X_OK) != 0) {
      if (in_ci()) ADD_FAILURE() << language.toolchain << " is missing: scripts/install-deps.sh --tests installs it";
      skipped.push_back(language.folder + " (no " + language.toolchain + ")");
      continue;
    }
    const fs::path sources = readable_temp_dir("uirgrade-language-" + language.folder);
    hand_in(language.folder, sources);
    // What the build made, handed to `grade` without its recipe (else each tier would build again);
    // a student with nothing to build (a script and its module) as it was handed in.
    fs::path graded = sources;
    if (build_recipe(sources.string())) {
      ProcessRunner builder(tiers.front() == "namespaces" ? Tier::Namespaces : Tier::Uid);
      BuildOutcome built = build_submission(sources.string(), builder);
      ASSERT_EQ(built.status, BuildOutcome::Status::Built) << built.message << "\n" << built.log;
      std::cout << language.folder << ": built in " << built.seconds << " s" << std::endl;
      graded = readable_temp_dir("uirgrade-language-built-" + language.folder);
      fs::copy(built.built->dir(), graded, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
      for (const char* recipe : {"build.sh", "Makefile"}) fs::remove(graded / recipe);
      open_up(graded);
    }
    const fs::path student = graded / "student-uirc";

    for (const std::string& tier : tiers) {
      SCOPED_TRACE(tier);
      const fs::path report_path = area / ("report-" + language.folder + "-" + tier + ".json");
      // A valid program graded in both modes, one whose assert fails (exit 1), one that is invalid.
      Shell ran = run_shell("cd " + area.string() + " && bin/grade --week 3 " + student.string() + " --suites " +
                            (area / "suites").string() + " --sandbox " + tier +
                            " --only week3/accumulator --only week3/assert_after_loop_fails --only week3/err_end_twice"
                            " --format text --format json --output " + report_path.string());
      EXPECT_EQ(ran.exit_code, 0) << ran.output.substr(0, 4000);
      auto read = read_json(slurp(report_path));
      ASSERT_TRUE(std::holds_alternative<Report>(read)) << std::get<std::string>(read);
      const Totals totals = add_up(std::get<Report>(read).results);
      EXPECT_GE(totals.tests, 4);  // accumulator is run and rendered
      EXPECT_EQ(totals.passed, totals.tests) << ran.output.substr(0, 4000);

      // The hog: whichever of the runtime's own limit (a JVM's heap), the cgroup or RLIMIT_DATA stops
      // it, the grader says memory-limit.
      std::string error;
      auto runner = make_process_runner(tier == "namespaces" ? Sandbox::Namespaces
                                        : tier == "uid"      ? Sandbox::Uid
                                                             : Sandbox::None,
                                        &error);
      ASSERT_TRUE(runner) << error;
      ProcessRequest hog;
      hog.argv = {student.string(), "hog", "prog.uir"};
      hog.read_only_paths = {graded.string()};
      hog.limits.memory_bytes = 512ull << 20;
      hog.limits.wall_seconds = hog.limits.cpu_seconds = 60;
      ProcessResult held = runner->run(hog);
      std::optional<Judgement> judged = judge_process(held, hog.limits, "student-uirc hog", {0, 1, 2}, false);
      ASSERT_TRUE(judged);
      EXPECT_EQ(judged->verdict, Verdict::MemoryLimit) << judged->message << "\n" << held.err.substr(0, 2000);
    }
    fs::remove_all(sources);
    if (graded != sources) fs::remove_all(graded);
  }
  fs::remove_all(area);
  for (const std::string& language : skipped) std::cout << "skipped: " << language << "\n";
}

// A compiler whose runtime cannot start (here a script saying what a JVM says on stdout, then exit 1)
// fails every test alike: the text report's first cause quotes it once, through the real engine.
TEST(LanguageStudents, ACompilerThatDiesAtStartIsToldSoInTheFirstCause) {
  const fs::path dir = readable_temp_dir("uirgrade-dies-at-start");
  std::ofstream(dir / "student-uirc") << "#!/bin/sh\necho 'Error occurred during initialization of VM'\n"
                                         "echo 'Could not allocate compressed class space: 1073741824 bytes'\nexit 1\n";
  open_up(dir);
  ASSERT_EQ(chmod((dir / "student-uirc").c_str(), 0755), 0);
  Shell graded = run_shell(std::string(UIRGRADE_BINARY_DIR "/grade") + " --week 3 --only 'week3/a*' --sandbox none " +
                           (dir / "student-uirc").string());
  EXPECT_EQ(graded.exit_code, 1) << graded.output;
  const size_t first = graded.output.find("== cause 1 of 1: your compiler did not start: stdout: Error occurred during "
                                          "initialization of VM | Could not allocate compressed class space: 1073741824 "
                                          "bytes (the same on every test)");
  EXPECT_NE(first, std::string::npos) << graded.output.substr(0, 3000);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace uirgrade
