// The minimal root's command line, as words (what each word does is bubblewrap's documented
// meaning); that the root really hides the host is shown by the hostile students
// (grader/hostile_students_test.cc).
#include "sandbox/bwrap_root.h"

#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

bool has(const std::vector<std::string>& command, const std::vector<std::string>& run) {
  return std::search(command.begin(), command.end(), run.begin(), run.end()) != command.end();
}

BwrapRoot sample() {
  BwrapRoot root;
  root.bwrap_path = "/usr/bin/bwrap";
  root.workdir = "/tmp/run-1";
  root.read_only_paths = {"/autograder/submission"};
  return root;
}

TEST(BwrapMinimalRoot, UnsharesEveryNamespaceButTheUser) {
  std::vector<std::string> command = bwrap_minimal_root(sample());
  EXPECT_EQ(command.front(), "/usr/bin/bwrap");
  EXPECT_EQ(command.back(), "--");
  for (const char* flag : {"--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent"})
    EXPECT_TRUE(has(command, {flag})) << flag;
  EXPECT_FALSE(has(command, {"--unshare-user"})) << "root needs no user namespace; bwrap adds one when not root";
  EXPECT_FALSE(has(command, {"--mqueue"}));
}

TEST(BwrapMinimalRoot, AReusedSandboxHasAMessageQueueFileSystemAndOutlivesItsThread) {
  BwrapRoot root = sample();
  root.mqueue = true;
  root.die_with_parent = false;
  std::vector<std::string> command = bwrap_minimal_root(root);
  EXPECT_TRUE(has(command, {"--mqueue", "/dev/mqueue"}));
  EXPECT_LT(std::find(command.begin(), command.end(), "--dev"), std::find(command.begin(), command.end(), "--mqueue"))
      << "inside the sandbox's /dev";
  EXPECT_FALSE(has(command, {"--die-with-parent"}));
  for (const char* flag : {"--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"})
    EXPECT_TRUE(has(command, {flag})) << flag;
}

TEST(BwrapMinimalRoot, BindsOnlyTheSystemAndWhatTheRunNeeds) {
  std::vector<std::string> command = bwrap_minimal_root(sample());
  EXPECT_FALSE(has(command, {"--ro-bind", "/", "/"})) << "never the whole host";
  EXPECT_TRUE(has(command, {"--ro-bind", "/usr", "/usr", "--tmpfs", "/usr/local"}));
  EXPECT_TRUE(has(command, {"--ro-bind", "/autograder/submission", "/autograder/submission"}));
  EXPECT_TRUE(has(command, {"--bind", "/tmp/run-1", "/tmp/run-1", "--chdir", "/tmp/run-1"}));
  EXPECT_TRUE(has(command, {"--perms", "01777", "--size", std::to_string(64ull << 20), "--tmpfs", "/tmp"}));
  EXPECT_TRUE(has(command, {"--dev", "/dev", "--proc", "/proc"}));
  EXPECT_TRUE(has(command, {"--remount-ro", "/"}));
  // Every host path bound is the system's, the submission or the working directory.
  for (size_t k = 0; k + 2 < command.size(); k++) {
    if (command[k] != "--ro-bind" && command[k] != "--ro-bind-try" && command[k] != "--bind") continue;
    const std::string& source = command[k + 1];
    bool allowed = source == "/usr" || source.rfind("/etc/", 0) == 0 || source == "/var/lib/ghc" ||
                   source == "/autograder/submission" || source == "/tmp/run-1";
    EXPECT_TRUE(allowed) << source;
  }
  // A mount point's parents are made reachable (bwrap makes them 0700 otherwise).
  EXPECT_TRUE(has(command, {"--perms", "0755", "--dir", "/autograder"}));
}

TEST(BwrapMinimalRoot, AJdksConfigurationIsThereWhereOneIsInstalled) {
  // The JDK's lib/jvm.cfg is a link into /etc/java-17-openjdk: without it `java` does not start.
  std::vector<std::string> installed;
  for (const auto& entry : std::filesystem::directory_iterator("/etc"))
    if (entry.path().filename().string().rfind("java-", 0) == 0) installed.push_back(entry.path().string());
  if (installed.empty()) GTEST_SKIP() << "no /etc/java-* here (no JDK installed)";
  std::vector<std::string> command = bwrap_minimal_root(sample());
  for (const std::string& path : installed) EXPECT_TRUE(has(command, {"--ro-bind-try", path, path})) << path;
}

TEST(BwrapMinimalRoot, GhcsPackageDatabaseIsThereWhereGhcIsInstalled) {
  // /usr/lib/ghc/package.conf.d is a link to /var/lib/ghc/package.conf.d: `ghc` cannot build without
  // it, nor can a borrowed uid reach it through parents bwrap would make root's only.
  if (!std::filesystem::exists("/var/lib/ghc")) GTEST_SKIP() << "no /var/lib/ghc here (GHC is not installed)";
  std::vector<std::string> command = bwrap_minimal_root(sample());
  EXPECT_TRUE(has(command, {"--perms", "0755", "--dir", "/var/lib", "--ro-bind", "/var/lib/ghc", "/var/lib/ghc"}));
}

TEST(BwrapMinimalRoot, AsRootTheProgramStartsThroughSetprivAsTheBorrowedUid) {
  BwrapRoot root = sample();
  EXPECT_FALSE(has(bwrap_minimal_root(root), {"/usr/bin/setpriv"}));
  root.student_uid = 1600000007;
  std::vector<std::string> command = bwrap_minimal_root(root);
  EXPECT_TRUE(has(command, {"--", "/usr/bin/setpriv", "--reuid=1600000007", "--regid=1600000007", "--clear-groups",
                            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"}));
  EXPECT_EQ(command.back(), "--");
}

}  // namespace
}  // namespace uirgrade
