// `--seed random` end to end with the built `grade`: two runs draw different seeds; the seed is in
// the JSON report and Gradescope's extra_data, and nowhere a student looks (the text report, the
// progress on stderr, JUnit, Gradescope's shown fields, reproduce lines); and passing the recorded
// seed back as --seed N grades exactly the same data and generated programs (the kept cases are
// byte for byte the same).
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct GradeRunSeen {
  std::string seed;    // from the JSON report
  std::string shown;   // everything a student may see: stdout, stderr, JUnit, Gradescope without extra_data
  fs::path keep;
};

GradeRunSeen grade(const fs::path& dir, const std::string& name, const std::string& seed) {
  GradeRunSeen run;
  run.keep = dir / (name + "-keep");
  const fs::path json = dir / (name + ".json"), junit = dir / (name + ".xml"), gradescope = dir / (name + "-gs.json");
  const fs::path out = dir / (name + ".out"), err = dir / (name + ".err");
  std::string command = std::string(UIRGRADE_BINARY_DIR "/grade --week 3 ") +
                        UIRGRADE_BINARY_DIR "/students/student_exit_silently --only 'week3/acc*' --only 'fuzz/*' "
                        "--fuzz 4 -j 2 --seed " + seed + " --keep " + run.keep.string() +
                        " --format text --format json --output " + json.string() + " --format junit --output " +
                        junit.string() + " --format gradescope --output " + gradescope.string() + " > " +
                        out.string() + " 2> " + err.string();
  int status = std::system(command.c_str());
  EXPECT_EQ(WEXITSTATUS(status), 1) << read_file(err);
  std::smatch match;
  std::string report = read_file(json);
  if (std::regex_search(report, match, std::regex("\"seed\": *\"([0-9]+)\""))) run.seed = match[1];
  std::string gs = read_file(gradescope);
  size_t extra = gs.find("\"extra_data\"");
  EXPECT_NE(extra, std::string::npos);
  std::string gs_shown = gs.substr(0, extra) + gs.substr(gs.find('}', extra) + 1);
  EXPECT_NE(gs.substr(extra, 60).find(run.seed), std::string::npos);  // the seed is there for instructors
  run.shown = read_file(out) + read_file(err) + read_file(junit) + gs_shown;
  return run;
}

/// Every kept file (prog.uir, data.txt, expected.txt, ...) by its path under the keep directory.
std::map<std::string, std::string> kept_files(const fs::path& keep) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(keep))
    if (entry.is_regular_file()) files[fs::relative(entry.path(), keep).string()] = read_file(entry.path());
  return files;
}

TEST(SeedSecrecy, RandomSeedsDifferStayOutOfStudentViewAndReproduce) {
  fs::path dir = fs::temp_directory_path() / "uirgrade-seed-secrecy";
  fs::remove_all(dir);
  fs::create_directories(dir);
  GradeRunSeen first = grade(dir, "first", "random");
  GradeRunSeen second = grade(dir, "second", "random");
  ASSERT_FALSE(first.seed.empty());
  EXPECT_NE(first.seed, second.seed);
  for (const GradeRunSeen* run : {&first, &second}) {
    EXPECT_EQ(run->shown.find(run->seed), std::string::npos) << run->shown.substr(0, 3000);
    EXPECT_NE(run->shown.find("--seed SEED"), std::string::npos);  // reproduce lines name no seed
  }
  // The same attack against a run whose seed is not secret: the seed is everywhere a student looks.
  GradeRunSeen fixed = grade(dir, "fixed", first.seed);
  EXPECT_NE(fixed.shown.find(first.seed), std::string::npos);
  // ... and it graded exactly what the random run graded: data, generated programs, expectations.
  std::map<std::string, std::string> a = kept_files(first.keep), b = kept_files(fixed.keep);
  ASSERT_GT(a.size(), 10u);
  for (auto& [name, text] : a) {
    if (name.ends_with("README.txt")) continue;  // quotes the reproduce line, with or without the seed
    EXPECT_EQ(text, b[name]) << name;
  }
  EXPECT_NE(kept_files(second.keep), a);  // another random seed, other data and programs
  fs::remove_all(dir);
}

}  // namespace
