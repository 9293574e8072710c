// Archives made by GNU tar (the one the build's sandbox runs), honest and hostile. Each hostile
// archive is first unpacked the naive way, `tar -xf` as root, to show what it would do to the
// grader's machine; then unpack_ustar refuses it or makes only plain files of it.
#include "grader/ustar_extract.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class UstarUnpack : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = readable_temp_dir("uirgrade-ustar");
    ASSERT_FALSE(dir_.empty());
    fs::create_directories(dir_ / "tree");
    fs::create_directories(dir_ / "out");
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Runs `command` in the scratch directory; its exit code.
  int sh(const std::string& command) { return run_shell("cd '" + dir_.string() + "' && " + command).exit_code; }
  /// Archives tree/ as the build's sandbox does, with `flags` in place of its own.
  void archive(const std::string& flags = "--dereference --hard-dereference") {
    ASSERT_EQ(sh("tar --format=ustar " + flags + " -cf built.tar -C tree ."), 0);
  }
  std::string unpack(const UnpackLimits& limits = {}) {
    return unpack_ustar((dir_ / "built.tar").string(), (dir_ / "out").string(), limits);
  }
  mode_t mode_of(const fs::path& path) {
    struct stat info {};
    EXPECT_EQ(lstat(path.c_str(), &info), 0) << path;
    return info.st_mode;
  }

  fs::path dir_;
};

TEST_F(UstarUnpack, AnHonestTreeComesOutWithItsContentsAndExecBits) {
  ASSERT_EQ(sh("mkdir -p tree/src/deep && printf '#!/bin/sh\\necho hi\\n' > tree/student-uirc && chmod 755 tree/student-uirc"
               " && printf 'int main(){}' > tree/src/deep/main.cc && chmod 600 tree/src/deep/main.cc"
               " && head -c 100000 /dev/urandom > tree/blob"),
            0);
  archive();
  EXPECT_EQ(unpack(), "");
  EXPECT_EQ(slurp(dir_ / "out/student-uirc"), "#!/bin/sh\necho hi\n");
  EXPECT_EQ(mode_of(dir_ / "out/student-uirc") & 07777, 0755u);
  EXPECT_EQ(mode_of(dir_ / "out/src/deep/main.cc") & 07777, 0644u) << "readable by the borrowed uids";
  EXPECT_EQ(mode_of(dir_ / "out/src/deep") & 07777, 0755u);
  EXPECT_EQ(slurp(dir_ / "out/blob"), slurp(dir_ / "tree/blob"));
}

TEST_F(UstarUnpack, ADeviceNodeIsNeverMade) {
  if (geteuid() != 0) GTEST_SKIP() << "only root makes device nodes (and only root unpacks them as such)";
  ASSERT_EQ(sh("mknod tree/mem c 1 3 && chmod 666 tree/mem"), 0);  // /dev/null's numbers: harmless here
  archive("");
  // Naively, root's tar makes the node: with /dev/mem's numbers, the student's uid reads the machine.
  ASSERT_EQ(sh("mkdir naive && tar -xf built.tar -C naive"), 0);
  EXPECT_TRUE(S_ISCHR(mode_of(dir_ / "naive/mem")));
  EXPECT_NE(unpack().find("./mem: not a regular file or a directory"), std::string::npos);
  EXPECT_FALSE(fs::exists(fs::symlink_status(dir_ / "out/mem")));
}

TEST_F(UstarUnpack, ALinkIsNeverMade) {
  ASSERT_EQ(sh("ln -s /etc/shadow tree/secret"), 0);
  archive("");  // a build's leftover process can put such an archive in place of tar's
  ASSERT_EQ(sh("mkdir naive && tar -xf built.tar -C naive"), 0);
  EXPECT_TRUE(fs::is_symlink(dir_ / "naive/secret")) << "the naive way keeps the link";
  EXPECT_NE(unpack().find("./secret: not a regular file or a directory"), std::string::npos);
  EXPECT_FALSE(fs::exists(fs::symlink_status(dir_ / "out/secret")));
}

TEST_F(UstarUnpack, ASetuidFileComesOutPlain) {
  ASSERT_EQ(sh("printf x > tree/tool && chmod 4777 tree/tool"), 0);
  archive("");
  ASSERT_EQ(sh("mkdir naive && tar -xpf built.tar -C naive"), 0);
  EXPECT_EQ(mode_of(dir_ / "naive/tool") & 07777, 04777u) << "the naive way keeps setuid";
  EXPECT_EQ(unpack(), "");
  EXPECT_EQ(mode_of(dir_ / "out/tool") & 07777, 0755u);
}

TEST_F(UstarUnpack, ANameOutsideTheDirectoryIsRefused) {
  ASSERT_EQ(sh("printf x > tree/f && tar --format=ustar -P -cf built.tar '" + (dir_ / "tree/f").string() + "'"), 0);
  EXPECT_NE(unpack().find("a name that leaves the build's directory"), std::string::npos);
  ASSERT_EQ(sh("cd tree && tar --format=ustar -P -cf ../built.tar ../tree/f"), 0);
  EXPECT_NE(unpack().find("../tree/f: a name that leaves the build's directory"), std::string::npos);
}

TEST_F(UstarUnpack, ATooLargeOrBrokenArchiveIsRefused) {
  ASSERT_EQ(sh("head -c 5000 /dev/zero > tree/big && mkdir tree/d1 tree/d2"), 0);
  archive();
  EXPECT_NE(unpack({.bytes = 4000, .entries = 100}).find("more than 0 MiB of files"), std::string::npos);
  fs::remove_all(dir_ / "out");
  fs::create_directories(dir_ / "out");
  EXPECT_NE(unpack({.bytes = 1 << 20, .entries = 2}).find("more than 2 files and directories"), std::string::npos);
  fs::remove_all(dir_ / "out");
  fs::create_directories(dir_ / "out");
  ASSERT_EQ(sh("head -c 1000 built.tar > cut.tar && mv cut.tar built.tar"), 0);
  EXPECT_NE(unpack().find("the archive ends"), std::string::npos);
  ASSERT_EQ(sh("head -c 2048 /dev/urandom > built.tar"), 0);
  EXPECT_EQ(unpack(), "a member's header is not ustar");
}

}  // namespace
}  // namespace uirgrade
