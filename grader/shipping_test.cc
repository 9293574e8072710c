// What ships with the grader stays true: the Dockerfile builds with the README's setup scripts, the
// CI recipes in docs/ci/ are valid and shard + merge, and every command the docs mark runnable runs.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include "grader/shell_testing.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;
const fs::path kSource = UIRGRADE_SOURCE_DIR;
const fs::path kBuild = UIRGRADE_BINARY_DIR;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The scripts/*.sh a text invokes, in order.
std::vector<std::string> scripts_called(const std::string& text) {
  std::vector<std::string> out;
  std::regex script(R"(scripts/([a-z_-]+\.sh))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), script); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

TEST(Shipping, DockerfileBuildsWithTheReadmeSetupScripts) {
  std::string dockerfile = read(kSource / "Dockerfile");
  std::string setup = read(kSource / "scripts/grade-example.sh");
  std::string readme = read(kSource / "README.md");
  ASSERT_NE(readme.find("scripts/grade-example.sh"), std::string::npos) << "README's first command";
  ASSERT_NE(readme.find("scripts/test.sh"), std::string::npos) << "README's second command";
  // The README's setup runs install-deps.sh then build.sh; the image must run exactly those, in order.
  std::vector<std::string> setup_steps = scripts_called(setup);
  std::vector<std::string> docker_steps = scripts_called(dockerfile);
  ASSERT_EQ(setup_steps, (std::vector<std::string>{"install-deps.sh", "build.sh"}));
  // The Dockerfile copies install-deps.sh before running it, so it names it twice.
  docker_steps.erase(std::unique(docker_steps.begin(), docker_steps.end()), docker_steps.end());
  EXPECT_EQ(docker_steps, setup_steps);
  EXPECT_NE(dockerfile.find("FROM debian:12"), std::string::npos);
  EXPECT_EQ(dockerfile.find("\nUSER "), std::string::npos) << "the image grades as root, to borrow uids";
  // Two stages: the grader's files are made private in the build stage; a chmod -R in the final
  // stage would copy every file it touches into a layer of its own.
  size_t final_stage = dockerfile.rfind("\nFROM ");
  ASSERT_NE(final_stage, dockerfile.find("\nFROM ")) << "a build stage, then the final one";
  size_t private_chmod = dockerfile.find("chmod -R go-rwx /stage/opt/uirgrade");
  EXPECT_LT(private_chmod, final_stage) << "the uid tier needs the grader's files private, made so in the build stage";
  EXPECT_EQ(dockerfile.find("chmod -R", final_stage), std::string::npos) << "a layer copying another";
  EXPECT_NE(dockerfile.find("COPY --from=build", final_stage), std::string::npos);
  // Only tini: `docker run IMAGE /autograder/run_autograder` (Gradescope's local test) runs what it names.
  EXPECT_NE(dockerfile.find("ENTRYPOINT [\"/usr/bin/tini\", \"--\"]\n"), std::string::npos);
  EXPECT_NE(dockerfile.find("/opt/uirgrade/build/grade"), std::string::npos);
  EXPECT_NE(dockerfile.find("run_autograder"), std::string::npos);
  // The CI recipes grade in the uid tier with this image: its /autograder must pass grade's check.
  EXPECT_NE(dockerfile.find("chmod 0711 /stage/autograder && chmod 0700 /stage/autograder/run_autograder"),
            std::string::npos);
  EXPECT_NE(read(kSource / ".ci/run").find("scripts/test.sh"), std::string::npos) << ".ci/run runs the README's second command";
}

/// The folders CMakeLists.txt reads sources from when the tests are off, as the image and the zip
/// build: its layers (uirgrade_library NAME FOLDER), the folders of the files it names, and those it
/// globs under ${PROJECT_SOURCE_DIR}. What follows `if(NOT UIRGRADE_BUILD_TESTS) return()` (the
/// tests, the students they start, the scripts ctest runs) is never read there.
std::set<std::string> cmake_source_folders() {
  std::string cmake = read(kSource / "CMakeLists.txt");
  size_t tests_only = cmake.find("if(NOT UIRGRADE_BUILD_TESTS)");
  EXPECT_NE(tests_only, std::string::npos) << "CMakeLists.txt no longer stops before its tests";
  cmake = cmake.substr(0, tests_only);
  std::set<std::string> folders;
  for (const std::regex& pattern : {std::regex(R"(uirgrade_library\([a-z_]+ ([a-z_]+))"),
                                    std::regex(R"(PROJECT_SOURCE_DIR\}/([a-z_]+)/)"),
                                    std::regex(R"([\s"]([a-z_]+)/[a-z_]+\.(cc|h|in)\b)")})
    for (auto it = std::sregex_iterator(cmake.begin(), cmake.end(), pattern); it != std::sregex_iterator(); ++it)
      folders.insert((*it)[1]);
  return folders;
}

// The image and the Gradescope zip build from copies of the sources: a folder CMake reads and they
// leave out (a new layer) fails the build where courses grade, never on this machine.
TEST(Shipping, TheImageAndTheZipCopyEveryFolderCMakeReads) {
  std::set<std::string> folders = cmake_source_folders();
  for (const char* layer : {"base", "sandbox", "oracle", "grader", "cli", "oracle_faults"})
    ASSERT_TRUE(folders.count(layer)) << "the parse of CMakeLists.txt missed " << layer;
  std::string dockerfile = read(kSource / "Dockerfile");
  std::string zip = read(kSource / "scripts/make-gradescope-zip.sh");
  std::smatch parts;
  ASSERT_TRUE(std::regex_search(zip, parts, std::regex(R"(for part in ([^;]*); do)")));
  std::string zip_parts = std::regex_replace(parts[1].str(), std::regex(R"(\\\n\s*)"), " ") + " ";
  for (const std::string& folder : folders) {
    if (!fs::is_directory(kSource / folder)) continue;  // a folder of the build tree (generated/)
    EXPECT_NE(dockerfile.find("COPY " + folder + " /opt/uirgrade/src/" + folder + "\n"), std::string::npos)
        << "the Dockerfile does not copy " << folder;
    EXPECT_NE((" " + zip_parts).find(" " + folder + " "), std::string::npos) << "the zip leaves out " << folder;
  }
}

/// A faked /autograder and /opt/uirgrade (UIRGRADE_AUTOGRADER, UIRGRADE_HOME) for docker/run_autograder,
/// with the course's suites and the built grade; removed afterwards.
struct FakeAutograder {
  fs::path root;
  FakeAutograder() {
    std::string pattern = (fs::temp_directory_path() / "uirgrade-autograder-XXXXXX").string();
    EXPECT_TRUE(mkdtemp(pattern.data()));
    root = pattern;
    fs::create_directories(root / "autograder/submission");
    fs::create_directories(root / "autograder/source");
    fs::create_directories(root / "opt/build");
    fs::copy(kSource / "suites", root / "autograder/source/suites", fs::copy_options::recursive);
    fs::copy_file(kBuild / "grade", root / "opt/build/grade");
  }
  ~FakeAutograder() { fs::remove_all(root); }
  fs::path submission() const { return root / "autograder/submission"; }
  /// Runs run_autograder with `environment` (NAME=VALUE ...) as Gradescope would; its exit status.
  int run(const std::string& environment) const {
    EXPECT_EQ(std::system(("chmod -R a+rX " + root.string()).c_str()), 0);  // as an upload leaves them
    std::string command = "UIRGRADE_AUTOGRADER=" + (root / "autograder").string() + " UIRGRADE_HOME=" +
                          (root / "opt").string() + " " + environment + " " +
                          (kSource / "docker/run_autograder").string() + " > " + (root / "log").string() + " 2>&1";
    return std::system(command.c_str());
  }
  std::string log() const { return read(root / "log"); }
  std::string results() const { return read(root / "autograder/results/results.json"); }
};

// docker/run_autograder in the uid tier (a default Gradescope container): it makes the suites and
// the grader private itself, so grade does not refuse, and the oracle's CLI as the submission
// scores full marks.
TEST(Shipping, RunAutograderMakesTheGradersFilesPrivateAndGradesInTheUidTier) {
  if (geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
  FakeAutograder autograder;
  const fs::path& root = autograder.root;
  fs::copy_file(kBuild / "uir-oracle", autograder.submission() / "student-uirc");
  // Gradescope's metadata: every earlier submission's full results, hidden tests included.
  std::ofstream(root / "autograder/submission_metadata.json") << "{\"previous_submissions\": []}\n";
  // What else Gradescope puts beside them (the zip's scripts): grade would refuse to run if left open.
  fs::copy_file(kSource / "docker/run_autograder", root / "autograder/run_autograder");
  EXPECT_EQ(autograder.run("UIRGRADE_SANDBOX=uid UIRGRADE_WEEK=1"), 0) << autograder.log();
  struct stat info {};
  ASSERT_EQ(stat((root / "autograder/source/suites").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 077, 0u) << "the suites were left readable to students";
  ASSERT_EQ(stat((root / "autograder").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 066, 0u) << "/autograder was left listable or writable to students";
  ASSERT_EQ(stat((root / "autograder/submission_metadata.json").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 077, 0u) << "submission_metadata.json was left readable to students";
  ASSERT_EQ(stat((root / "autograder/run_autograder").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 077, 0u) << "run_autograder was left readable to students";
  std::string results = autograder.results();
  EXPECT_NE(results.find("Sandbox: uid"), std::string::npos) << results.substr(0, 400);
  EXPECT_NE(results.find("\"passed\""), std::string::npos) << results.substr(0, 400);
  EXPECT_EQ(results.find("\"failed\""), std::string::npos) << results.substr(0, 2000);
}

// grade itself, not only run_autograder, keeps Gradescope's files from the student in the uid tier:
// a student that prints submission_metadata.json (every earlier submission's full results) reads
// it when grade is not told where /autograder is, and grade refuses to start when it is.
TEST(Shipping, GradeInTheUidTierRefusesAnAutograderDirectoryOthersCanRead) {
  if (geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
  FakeAutograder autograder;
  const fs::path& root = autograder.root;
  const fs::path metadata = root / "autograder/submission_metadata.json";
  std::ofstream(metadata) << "{\"previous_submissions\": [\"HIDDEN-RESULTS-5521\"]}\n";
  std::ofstream(autograder.submission() / "student-uirc") << "#!/bin/sh\ncat " + metadata.string() + "\n";
  const std::string setup = "chmod -R a+rX " + root.string() + " && chmod -R go-rwx " + (root / "autograder/source").string() +
                            " " + (root / "opt").string() + " && chmod 0711 " + (root / "autograder").string() +
                            " && chmod 0755 " + (autograder.submission() / "student-uirc").string();
  ASSERT_EQ(std::system(setup.c_str()), 0);
  auto grade = [&](const fs::path& autograder_dir) {
    return uirgrade::run_shell("cd " + autograder.submission().string() + " && UIRGRADE_AUTOGRADER=" + autograder_dir.string() +
                     " " + (root / "opt/build/grade").string() + " --week 1 --suites " +
                     (root / "autograder/source/suites").string() +
                     " --sandbox uid --only week1/add_i32 --format json ./student-uirc");
  };
  uirgrade::Shell unchecked = grade(root / "not-gradescope");
  EXPECT_NE(unchecked.output.find("HIDDEN-RESULTS-5521"), std::string::npos) << unchecked.output.substr(0, 2000);
  uirgrade::Shell checked = grade(root / "autograder");
  EXPECT_EQ(checked.exit_code, 2) << checked.output;
  EXPECT_EQ(checked.output.find("HIDDEN-RESULTS-5521"), std::string::npos) << checked.output;
  EXPECT_NE(checked.output.find("could read " + metadata.string()), std::string::npos) << checked.output;
  // The directory itself listable: the fix named is for it alone (the submission in it stays readable).
  ASSERT_EQ(chmod(metadata.c_str(), 0600), 0);
  ASSERT_EQ(chmod((root / "autograder").c_str(), 0755), 0);
  uirgrade::Shell listable = grade(root / "autograder");
  EXPECT_EQ(listable.exit_code, 2) << listable.output;
  EXPECT_NE(listable.output.find("`chmod go-rw " + (root / "autograder").string() + "`"), std::string::npos)
      << listable.output;
}

// Sources uploaded through the web: a C++ wrapper built by its Makefile, which runs a program
// beside it that lost its exec bit in the upload. Built in the sandbox and graded: full marks.
TEST(Shipping, RunAutograderBuildsASourceSubmission) {
  if (geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
  FakeAutograder autograder;
  fs::copy_file(kBuild / "uir-oracle", autograder.submission() / "engine");
  std::ofstream(autograder.submission() / "main.cc")
      << "#include <unistd.h>\n#include <string>\n"
         "int main(int argc, char** argv) {\n"
         "  std::string self = argv[0], engine = self.substr(0, self.rfind('/') + 1) + \"engine\";\n"
         "  argv[0] = engine.data();\n  execv(engine.c_str(), argv);\n  return 3;\n}\n";
  std::ofstream(autograder.submission() / "Makefile") << "student-uirc: main.cc\n\tg++ -O1 -o student-uirc main.cc\n";
  EXPECT_EQ(std::system(("chmod -R a-x+X " + autograder.submission().string()).c_str()), 0);  // the upload
  for (const std::string sandbox : {"uid", "namespaces"}) {
    EXPECT_EQ(autograder.run("UIRGRADE_SANDBOX=" + sandbox + " UIRGRADE_WEEK=1"), 0) << autograder.log();
    std::string results = autograder.results();
    EXPECT_NE(results.find("\"passed\""), std::string::npos) << sandbox << results.substr(0, 2000) << autograder.log();
    EXPECT_EQ(results.find("\"failed\""), std::string::npos) << sandbox << results.substr(0, 2000);
  }
  EXPECT_FALSE(fs::exists(autograder.submission() / "student-uirc")) << "the upload itself is never written";
}

// A build that fails: every test fails with the build's reason, and the student sees the log.
TEST(Shipping, RunAutograderShowsAFailedBuildsLog) {
  if (geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
  FakeAutograder autograder;
  std::ofstream(autograder.submission() / "main.cc") << "int main() { return undeclared_name; }\n";
  std::ofstream(autograder.submission() / "Makefile") << "student-uirc: main.cc\n\tg++ -o student-uirc main.cc\n";
  EXPECT_EQ(autograder.run("UIRGRADE_SANDBOX=uid UIRGRADE_WEEK=1"), 0) << autograder.log();
  std::string results = autograder.results();
  EXPECT_NE(results.find("your submission did not build: make exited 2"), std::string::npos) << results.substr(0, 3000);
  EXPECT_NE(results.find("undeclared_name"), std::string::npos) << results.substr(0, 3000);
  EXPECT_EQ(results.find("\"passed\""), std::string::npos) << results.substr(0, 2000);
}

// An empty submission: no grading, the student's results.json says what to upload.
TEST(Shipping, RunAutograderTellsAnEmptySubmissionWhatToUpload) {
  if (geteuid() != 0) GTEST_SKIP() << "run_autograder runs as root";
  FakeAutograder autograder;
  EXPECT_EQ(autograder.run(""), 0) << autograder.log();
  std::string results = autograder.results();
  EXPECT_NE(results.find("No file named student-uirc"), std::string::npos) << results;
  EXPECT_NE(results.find("\"score\": 0"), std::string::npos) << results;
}

/// The `run` steps of a GitHub Actions job.
std::vector<std::string> job_runs(const YAML::Node& job) {
  std::vector<std::string> runs;
  for (const auto& step : job["steps"])
    if (step["run"]) runs.push_back(step["run"].as<std::string>());
  return runs;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

TEST(Shipping, GithubWorkflowIsAClassMatrixThenAMerge) {
  YAML::Node workflow = YAML::LoadFile((kSource / "docs/ci/github-actions.yml").string());
  YAML::Node grade = workflow["jobs"]["grade"], merge = workflow["jobs"]["merge"];
  ASSERT_TRUE(grade && merge);
  EXPECT_EQ(grade["strategy"]["fail-fast"].as<std::string>(), "false") << "one shard must not cancel the others";
  EXPECT_EQ(grade["strategy"]["matrix"]["shard"].size(), std::stoul(workflow["env"]["SHARDS"].as<std::string>()));
  EXPECT_EQ(merge["needs"].as<std::string>(), "grade");
  ASSERT_EQ(job_runs(grade).size(), 1u);
  EXPECT_NE(job_runs(grade)[0].find("grade class"), std::string::npos);
  EXPECT_NE(job_runs(grade)[0].find("--shard \"${{ matrix.shard }}/$SHARDS\""), std::string::npos);
  ASSERT_EQ(job_runs(merge).size(), 1u);
  EXPECT_NE(job_runs(merge)[0].find("grade merge --out"), std::string::npos);
}

// The workflow's own commands, run here on a class with a missing and a non-executable submission:
// every shard exits 0 and the merge has every student. As in Actions' default container: the uid
// tier, the grader and its suites private to root (as in the image) — `grade` on PATH is a copy of
// the grader in the checkout (which the workflow makes root's only), told --sandbox uid.
TEST(Shipping, GithubWorkflowCommandsSurviveMissingSubmissions) {
  if (geteuid() != 0) GTEST_SKIP() << "the uid tier needs root";
  YAML::Node workflow = YAML::LoadFile((kSource / "docs/ci/github-actions.yml").string());
  fs::path dir = fs::temp_directory_path() / "uirgrade-ci-class";
  fs::remove_all(dir);
  fs::create_directories(dir / "tools");
  fs::copy_file(kBuild / "grade", dir / "tools/grade-real");
  fs::copy(kSource / "suites", dir / "tools/suites", fs::copy_options::recursive);
  std::ofstream(dir / "tools/grade") << "#!/bin/sh\nif [ \"$1\" = class ]; then shift; exec '" << (dir / "tools/grade-real").string()
                                     << "' class --sandbox uid --suites '" << (dir / "tools/suites").string()
                                     << "' \"$@\"; fi\nexec '" << (dir / "tools/grade-real").string() << "' \"$@\"\n";
  fs::permissions(dir / "tools/grade", fs::perms::owner_all);
  for (const char* id : {"ann", "bob", "cy", "dee"}) fs::create_directories(dir / "submissions" / id);
  for (const char* id : {"ann", "cy"}) {
    std::ofstream(dir / "submissions" / id / "student-uirc") << "#!/bin/sh\nexec " << (kBuild / "uir-oracle").string()
                                                             << " \"$@\"\n";
    fs::permissions(dir / "submissions" / id / "student-uirc", fs::perms::owner_all | fs::perms::others_read |
                                                                    fs::perms::others_exec | fs::perms::group_read |
                                                                    fs::perms::group_exec);
  }
  std::ofstream(dir / "submissions/dee/student-uirc") << "not executable\n";  // bob handed in nothing
  std::string grade_run = job_runs(workflow["jobs"]["grade"])[0];
  std::string merge_run = job_runs(workflow["jobs"]["merge"])[0];
  std::string shards = workflow["env"]["SHARDS"].as<std::string>();
  for (int k = 1; k <= std::stoi(shards); ++k) {
    std::string run = replace_all(replace_all(grade_run, "${{ inputs.week }}", "1"), "${{ matrix.shard }}",
                                  std::to_string(k));
    std::ofstream(dir / "step.sh") << "set -e\nSEED=5 SHARDS=" << shards << "\n" << run;
    std::string command = "cd '" + dir.string() + "' && PATH='" + (dir / "tools").string() + ":" + std::getenv("PATH") +
                          "' bash step.sh > out.txt 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << run << "\n" << read(dir / "out.txt");
    EXPECT_NE(read(dir / "out.txt").find("sandbox: uid"), std::string::npos) << read(dir / "out.txt");
    // download-artifact puts each artifact in its own folder under shards/
    fs::create_directories(dir / "shards");
    fs::rename(dir / ("class-" + std::to_string(k)), dir / "shards" / ("class-" + std::to_string(k)));
  }
  std::ofstream(dir / "step.sh") << "set -e\n" << merge_run;
  std::string command = "cd '" + dir.string() + "' && PATH='" + kBuild.string() + ":" + std::getenv("PATH") +
                        "' bash step.sh > out.txt 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << merge_run << "\n" << read(dir / "out.txt");
  std::string gradebook = read(dir / "class/gradebook.csv");
  EXPECT_NE(gradebook.find("\r\nann,graded,"), std::string::npos) << gradebook;
  EXPECT_NE(gradebook.find("\r\nbob,missing,0,"), std::string::npos) << gradebook;
  EXPECT_NE(gradebook.find("\r\ncy,graded,"), std::string::npos) << gradebook;
  EXPECT_NE(gradebook.find("\r\ndee,not-executable,0,"), std::string::npos) << gradebook;
  EXPECT_TRUE(fs::exists(dir / "class/class.html"));
  fs::remove_all(dir);
}

// GitHub Classroom: a student's own repository grades its compiler on every push, in the course's
// image, with the report written where the student's processes cannot read it (the uid tier's rule).
TEST(Shipping, ClassroomWorkflowGradesThePushedCompiler) {
  YAML::Node workflow = YAML::LoadFile((kSource / "docs/ci/github-classroom.yml").string());
  bool on_push = false;
  for (const auto& event : workflow["on"]) on_push = on_push || event.as<std::string>() == "push";
  EXPECT_TRUE(on_push);
  YAML::Node job = workflow["jobs"]["grade"];
  EXPECT_TRUE(job["container"]["image"]);
  ASSERT_EQ(job_runs(job).size(), 1u);
  std::string run = job_runs(job)[0];
  EXPECT_NE(run.find("work=$(mktemp -d)"), std::string::npos) << run;
  EXPECT_NE(run.find("grade --week \"$WEEK\" ./student-uirc"), std::string::npos) << run;
  EXPECT_NE(run.find("--output \"$work/"), std::string::npos) << run;
}

TEST(Shipping, GitlabRecipeIsAClassMatrixThenAMerge) {
  YAML::Node gitlab = YAML::LoadFile((kSource / "docs/ci/gitlab-ci.yml").string());
  ASSERT_TRUE(gitlab["grade"] && gitlab["merge"]);
  EXPECT_EQ(gitlab["grade"]["parallel"].as<int>(), 4);
  std::string grade;
  for (const auto& line : gitlab["grade"]["script"]) grade += line.as<std::string>() + "\n";
  EXPECT_NE(grade.find("grade class"), std::string::npos);
  EXPECT_NE(grade.find("--shard \"$CI_NODE_INDEX/$CI_NODE_TOTAL\""), std::string::npos);
  EXPECT_EQ(gitlab["grade"]["artifacts"]["when"].as<std::string>(), "always");
  EXPECT_NE(gitlab["merge"]["script"][0].as<std::string>().find("grade merge --out class"), std::string::npos);
}

TEST(Shipping, KubernetesIndexedJobHasOnePodPerShard) {
  YAML::Node job = YAML::LoadFile((kSource / "docs/ci/kubernetes-job.yml").string());
  EXPECT_EQ(job["apiVersion"].as<std::string>(), "batch/v1");
  EXPECT_EQ(job["kind"].as<std::string>(), "Job");
  YAML::Node spec = job["spec"];
  EXPECT_EQ(spec["completionMode"].as<std::string>(), "Indexed");
  int shards = spec["completions"].as<int>();
  EXPECT_EQ(spec["parallelism"].as<int>(), shards);
  std::string args = spec["template"]["spec"]["containers"][0]["args"][0].as<std::string>();
  EXPECT_NE(args.find("--shard \"$((JOB_COMPLETION_INDEX + 1))/" + std::to_string(shards) + "\""), std::string::npos)
      << args;
  std::string merge = read(kSource / "docs/ci/kubernetes-merge-job.yml");
  // Both volumes under the image's root-only /grading: no student uid reaches them (the uid tier).
  EXPECT_NE(args.find("--out \"/grading/results/shards/class-$shard\" /grading/submissions"), std::string::npos) << args;
  for (const auto& mount : spec["template"]["spec"]["containers"][0]["volumeMounts"])
    EXPECT_EQ(mount["mountPath"].as<std::string>().rfind("/grading/", 0), 0u) << mount["mountPath"];
  for (int k = 1; k <= shards; ++k)
    EXPECT_NE(merge.find("/results/shards/class-" + std::to_string(k)), std::string::npos) << "the merge reads shard " << k;
}

// Real schema checkers from the npm registry (scripts/validate-ci-recipes.sh); skipped, with the
// script's reason, where node or the registry is not available.
TEST(Shipping, CiRecipesPassTheirSchemaCheckers) {
  std::string command = "cd '" + kSource.string() + "' && UIRGRADE_CI_VALIDATORS='" + (kBuild / "ci-validators").string() +
                        "' scripts/validate-ci-recipes.sh > '" + (kBuild / "validate-ci.log").string() + "' 2>&1";
  int status = std::system(command.c_str());
  std::string log = read(kBuild / "validate-ci.log");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 77) GTEST_SKIP() << log;
  EXPECT_EQ(status, 0) << log;
}

// The class report in a real browser (scripts/class-report-screenshot.sh): it renders with the
// histogram and the per-test table, and a student's <script> stays text. Skipped without chromium.
TEST(Shipping, ClassReportRendersInChromium) {
  std::string log = (kBuild / "class-report-screenshot.log").string();
  std::string command = "cd '" + kSource.string() + "' && scripts/class-report-screenshot.sh '" +
                        (kBuild / "class-report.png").string() + "' '" + kBuild.string() + "' > '" + log + "' 2>&1";
  int status = std::system(command.c_str());
  if (WIFEXITED(status) && WEXITSTATUS(status) == 77) GTEST_SKIP() << read(log);
  EXPECT_EQ(status, 0) << read(log);
}

/// The ```sh runnable blocks of a Markdown file.
std::vector<std::string> runnable_blocks(const std::string& markdown) {
  std::vector<std::string> blocks;
  std::istringstream in(markdown);
  std::string line, block;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line.rfind("```sh runnable", 0) == 0) {
      inside = true;
      block.clear();
    } else if (inside && line.rfind("```", 0) == 0) {
      inside = false;
      blocks.push_back(block);
    } else if (inside) {
      block += line + "\n";
    }
  }
  return blocks;
}

/// Runs a doc's runnable blocks in order, each with bash -e, in one fresh directory (as a reader would
/// in one shell), the built binaries first on PATH and $UIRGRADE_SRC pointing at the repository.
void run_doc_blocks(const std::string& doc) {
  std::vector<std::string> blocks = runnable_blocks(read(kSource / "docs" / doc));
  ASSERT_GE(blocks.size(), 2u) << doc << " should show runnable commands";
  fs::path dir = fs::temp_directory_path() / ("uirgrade-docs-" + doc);
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::all);  // students run as another uid when the grader is root
  for (size_t i = 0; i < blocks.size(); ++i) {
    std::ofstream(dir / "block.sh") << "set -e -o pipefail\n" << blocks[i];
    std::string command = "cd '" + dir.string() + "' && PATH='" + kBuild.string() + ":" + std::getenv("PATH") +
                          "' UIRGRADE_SRC='" + kSource.string() + "' bash block.sh > out.txt 2>&1";
    int status = std::system(command.c_str());
    ASSERT_EQ(status, 0) << doc << " block " << i + 1 << ":\n" << blocks[i] << "\noutput:\n" << read(dir / "out.txt");
  }
  fs::remove_all(dir);
}

TEST(Shipping, StudentDocCommandsRun) { run_doc_blocks("students.md"); }
TEST(Shipping, InstructorDocCommandsRun) { run_doc_blocks("instructors.md"); }

}  // namespace
