// uirgen, run as the built binary: it writes COUNT test files and a hidden manifest, byte-identical
// for one seed, different for another. (That the loader reads them: testcase/suite_test.cc.)
#include <gtest/gtest.h>

#include <boost/filesystem.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "testcase/case_headers.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = boost::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path.string(), std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int uirgen(const std::string& args) {
  std::string command = std::string(UIRGRADE_BINARY_DIR) + "/uirgen " + args + " >/dev/null 2>&1";
  return std::system(command.c_str());
}

TEST(Uirgen, WritesAReproducibleHiddenSuiteTheLoaderAccepts) {
  fs::path root = fs::temp_directory_path() / fs::unique_path("uirgen-%%%%%%%%");
  ASSERT_EQ(uirgen("--week 3 --count 12 --seed 5 --out " + (root / "a").string()), 0);
  ASSERT_EQ(uirgen("--week 3 --count 12 --seed 5 --out " + (root / "b").string()), 0);
  ASSERT_EQ(uirgen("--week 3 --count 12 --seed 6 --out " + (root / "c").string()), 0);
  int files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(root / "a")) {
    std::string name = entry.path().filename().string();
    EXPECT_EQ(read(entry.path()), read(root / "b" / name)) << name;
    if (entry.path().extension() == ".uir") {
      ++files;
      EXPECT_NE(read(entry.path()), read(root / "c" / name)) << name;
    }
  }
  EXPECT_EQ(files, 12);

  EXPECT_NE(read(root / "a" / "suite.yaml").find("visibility: hidden"), std::string::npos);
  int invalid = 0;
  for (int k = 1; k <= 12; ++k) {
    fs::path file = root / "a" / (std::string(k < 10 ? "gen_000" : "gen_00") + std::to_string(k) + ".uir");
    auto test = uirgrade::parse_test_file(file.string(), read(file), "hidden/t", "hidden", 3);
    ASSERT_TRUE(std::holds_alternative<uirgrade::TestCase>(test)) << file;
    invalid += std::get<uirgrade::TestCase>(test).expect_exit == 2 ? 1 : 0;
  }
  EXPECT_EQ(invalid, 3);  // 25% by default
  fs::remove_all(root);
}

// Issue 25: regenerating into an existing folder kept the old files (5 written, 12 graded).
TEST(Uirgen, RegeneratingReplacesItsOwnOldFilesAndRefusesOthers) {
  fs::path root = fs::temp_directory_path() / fs::unique_path("uirgen-%%%%%%%%");
  ASSERT_EQ(uirgen("--week 3 --count 12 --seed 5 --out " + (root / "h").string()), 0);
  ASSERT_EQ(uirgen("--week 3 --count 5 --seed 5 --out " + (root / "h").string()), 0);
  int files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(root / "h")) files += entry.path().extension() == ".uir";
  EXPECT_EQ(files, 5);
  fs::create_directories(root / "mine");
  std::ofstream((root / "mine" / "accumulator.uir").string()) << "# expect: exit 0\n";
  EXPECT_NE(uirgen("--week 3 --count 5 --seed 5 --out " + (root / "mine").string()), 0);
  EXPECT_TRUE(fs::exists(root / "mine" / "accumulator.uir"));
  EXPECT_FALSE(fs::exists(root / "mine" / "gen_0001.uir"));
  fs::remove_all(root);
}

TEST(Uirgen, RefusesBadArguments) {
  EXPECT_NE(uirgen("--week 4 --out /tmp/x"), 0);
  EXPECT_NE(uirgen("--week 3"), 0);
  EXPECT_NE(uirgen("--week three --out /tmp/x"), 0);
  EXPECT_EQ(uirgen("--help"), 0);
}

}  // namespace
