// `grade class --similarity` end to end, on four real students whose C is compiled and run (the
// week-3 render tests of three programs): ann is the oracle, bob renders it in his own style with a
// comment of his own, cy hands in bob's compiler with every value renamed and the layout redone,
// dan has a style of his own. bob and cy must be the top pair, with bob's C shown as evidence in
// class.html; and nothing of the report may reach what a student is given (students/<id>.*).
// Their folders carry sources too (cy's a copy of bob's, renamed and reformatted; dan's file is
// named `-e.c`): the pair's source evidence is in the report, and in no student's files.
#include "cli/class_command.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>

#include "base/csv.h"
#include "class/similarity_sources_testing.h"
#include "cli/grade_command.h"
#include "cli/options.h"
#include "cli/usage_text.h"
#include "grader/shell_testing.h"
#include "oracle/c_toolchain_testing.h"
#include "reports/json_reader.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;
using uir::testing::ScratchDir;
using uir::testing::write_text_file;

constexpr const char* kBobsMarker = "BOBS_OWN_COMMENT_7f3a";
constexpr const char* kBobsSourceFile = "bobs_renderer_9c1d.c";

std::string testdata_student(const std::string& name) {
  return slurp(fs::path(UIRGRADE_SOURCE_DIR) / "grader" / "testdata" / "students" / name);
}

/// A student whose `render` is the oracle's piped through `sed_script` (its `run` is the oracle's).
void write_student(const fs::path& subs, const std::string& id, const std::string& sed_script) {
  fs::create_directories(subs / id);
  fs::copy_file(UIRGRADE_BINARY_DIR "/uir-oracle", subs / id / "prog", fs::copy_options::overwrite_existing);
  std::string script = "#!/bin/sh\nd=\"$(dirname \"$0\")\"\n";
  if (!sed_script.empty())
    script += "if [ \"$1\" = render ]; then\n  c=\"$(\"$d/prog\" render \"$2\")\" || exit $?\n"
              "  printf '%s\\n' \"$c\" | sed -e '" + sed_script + "'\n  exit 0\nfi\n";
  script += "exec \"$d/prog\" \"$@\"\n";
  write_text_file(subs / id / "student-uirc", script);
  ::chmod((subs / id / "student-uirc").c_str(), 0755);
}

// bob: pre-increments, const values, his comment after the kernel's first line. cy: bob's, values renamed, four-space indents.
const std::string kBobsStyle = std::string("s/(\\(int32_t r[0-9]*_[a-z]*\\) = \\([^;]*\\); \\(r[0-9]*_[a-z]*\\) < \\([^;]*\\); r[0-9]*_[a-z]*++)/(\\1 = \\2; \\3 < \\4; ++\\3)/;") +
                               "s/^\\(  *\\)\\(int32_t\\|float\\|bool\\) v/\\1const \\2 v/;s/^int32_t kernel(.*$/\\0 \\/\\/ " + kBobsMarker + "/";
const std::string kCysDisguise = kBobsStyle + ";s/v\\([0-9][0-9]*\\)_/value\\1_/g;s/^  /    /";
const std::string kDansStyle = "s/for (int32_t/for (int/;s/^  return 0;/  int32_t status = 0;\\n  return status;/";

TEST(SimilarityCommand, TheCopiedPairRanksFirstAndNothingReachesAStudent_SecondsToCompileRealKernels) {
  ScratchDir dir("issue38_class");  // no "similar" in the paths the reports name
  const fs::path subs = dir.path() / "subs", out = dir.path() / "out";
  write_student(subs, "ann", "");
  write_student(subs, "bob", kBobsStyle);
  write_student(subs, "cy", kCysDisguise);
  write_student(subs, "dan", kDansStyle);
  // Their sources: independent for ann and dan, cy's bob's with every name renamed and the layout redone.
  write_text_file(subs / "ann" / "main.c", testdata_student("busy_helper_threads.c"));
  write_text_file(subs / "bob" / kBobsSourceFile, testdata_student("hostile_traces.c"));
  write_text_file(subs / "cy" / "my renderer.c",
                  testing::reformat(testing::rename_identifiers(testdata_student("hostile_traces.c"))));
  write_text_file(subs / "dan" / "-e.c", testdata_student("hostile_daemon.c"));
  Options options;
  options.command = Command::Class;
  options.week = 3;
  options.suites_dir = UIRGRADE_SOURCE_DIR "/suites";
  options.seed = 3;
  options.sandbox = Sandbox::None;
  options.jobs = 2;
  options.only = {"week3/accumulator", "week3/transpose", "week3/predict"};
  options.submissions = subs.string();
  options.out_dir = out.string();
  options.similarity = true;
  std::ostringstream err;
  ASSERT_EQ(run_class(options, {}, err), kAllPassed) << err.str();
  // Every student passes: their styles and disguises are correct C.
  for (const char* id : {"ann", "bob", "cy", "dan"}) {
    const std::string log = err.str();
    size_t at = log.find(std::string("graded ") + id + ": ");
    ASSERT_NE(at, std::string::npos) << log;
    std::string score = log.substr(at, log.find('\n', at) - at);
    score = score.substr(score.find(": ") + 2);
    EXPECT_EQ(score.substr(0, score.find('/')), score.substr(score.find('/') + 1)) << id << ": " << score;
  }
  EXPECT_NE(err.str().find("grade similarity: 4 students, 6 pairs"), std::string::npos) << err.str();

  auto rows = parse_csv(slurp(out / "similarity.csv"));
  ASSERT_TRUE(std::holds_alternative<std::vector<std::vector<std::string>>>(rows));
  const auto& table = std::get<std::vector<std::vector<std::string>>>(rows);
  ASSERT_GE(table.size(), 2u) << slurp(out / "similarity.csv");
  EXPECT_EQ(table[1][1] + "," + table[1][2], "bob,cy") << slurp(out / "similarity.csv");
  EXPECT_GT(std::stod(table[1][3]), 0.5);
  for (size_t row = 2; row < table.size(); ++row) EXPECT_LT(std::stod(table[row][3]), 0.5) << table[row][1] << table[row][2];
  // Their sources too: column 8 the source score, 9 its evidence (sim_c, bob's file in cy's).
  ASSERT_EQ(table[0][8], "source");
  if (::access("/usr/bin/sim_c", X_OK) == 0) {
    EXPECT_GT(std::stod(table[1][8]), 0.6) << slurp(out / "similarity.csv");
    EXPECT_NE(table[1][9].find("by sim_c"), std::string::npos) << table[1][9];
    EXPECT_NE(table[1][9].find(kBobsSourceFile), std::string::npos) << table[1][9];
    for (size_t row = 2; row < table.size(); ++row) EXPECT_LT(std::stod(table[row][8]), 0.3) << table[row][1] << table[row][2];
  }

  auto json = parse_json(slurp(out / "similarity.json"));
  ASSERT_TRUE(std::holds_alternative<JsonValue>(json));
  const JsonValue* pairs = std::get<JsonValue>(json).find("pairs");
  ASSERT_NE(pairs, nullptr);
  ASSERT_FALSE(pairs->items.empty());
  EXPECT_EQ(pairs->items[0].find("a")->text + "," + pairs->items[0].find("b")->text, "bob,cy");

  // The instructor sees the evidence: bob's C with his comment, in class.html (the scan below can
  // see the marker, so its absence from the students' files means something).
  const std::string html = slurp(out / "class.html");
  EXPECT_NE(html.find("<h2 id=\"similarity-title\">"), std::string::npos);
  EXPECT_NE(html.find(kBobsMarker), std::string::npos);
  EXPECT_NE(html.find("<details id=\"pair-1\" open>"), std::string::npos);
  EXPECT_NE(html.find("<mark>"), std::string::npos);
  if (::access("/usr/bin/sim_c", X_OK) == 0) {
    EXPECT_NE(html.find("<p class=\"source-evidence\">Source: "), std::string::npos);
    EXPECT_NE(html.find(kBobsSourceFile), std::string::npos);
  }
  // What a student is given: its report (JSON and text). Nothing of the ranking, of another
  // student's C or of anyone's similarity is there.
  for (const fs::directory_entry& entry : fs::directory_iterator(out / "students")) {
    const std::string text = slurp(entry.path());
    const std::string student = entry.path().stem().string();
    EXPECT_EQ(text.find("similar"), std::string::npos) << entry.path();
    EXPECT_EQ(text.find("sim_c"), std::string::npos) << entry.path();
    EXPECT_EQ(text.find(kBobsSourceFile), std::string::npos) << entry.path();
    EXPECT_EQ(text.find("renderer.c"), std::string::npos) << entry.path();
    if (student == "ann" || student == "dan") {
      EXPECT_EQ(text.find(kBobsMarker), std::string::npos) << entry.path();
    }
    for (const std::string other : {"bob", "cy", "dan", "ann"}) {
      if (other != student) {
        EXPECT_EQ(text.find("/" + other + "/"), std::string::npos) << entry.path();
      }
    }
  }

  // `grade similarity DIR` ranks the graded class again from what it kept, to the same list.
  const std::string csv = slurp(out / "similarity.csv");
  fs::remove(out / "similarity.csv");
  Options again;
  again.command = Command::Similarity;
  again.out_dir = out.string();
  again.similarity = true;
  again.sandbox = Sandbox::None;
  std::ostringstream again_err;
  EXPECT_EQ(run_similarity(again, again_err), kAllPassed) << again_err.str();
  EXPECT_EQ(slurp(out / "similarity.csv"), csv);
  EXPECT_NE(slurp(out / "class.html").find(kBobsMarker), std::string::npos);

  // Evidence that cannot be read: exit 2 naming the file, and the grades' outputs still written.
  fs::remove(out / "similarity" / "oracle.json");
  fs::remove(out / "gradebook.csv");
  std::ostringstream broken_err;
  EXPECT_EQ(run_similarity(again, broken_err), kUsageOrSuiteError);
  EXPECT_NE(broken_err.str().find((out / "similarity" / "oracle.json").string()), std::string::npos) << broken_err.str();
  EXPECT_TRUE(fs::exists(out / "gradebook.csv"));
  EXPECT_EQ(slurp(out / "class.html").find(kBobsMarker), std::string::npos);
}

TEST(SimilarityCommand, TheCommandLine) {
  auto parse = [](std::vector<std::string> args) { return parse_options(args, 2, "/suites"); };
  auto similarity = parse({"similarity", "class-week3"});
  ASSERT_TRUE(std::holds_alternative<Options>(similarity));
  EXPECT_EQ(std::get<Options>(similarity).command, Command::Similarity);
  EXPECT_EQ(std::get<Options>(similarity).out_dir, "class-week3");
  EXPECT_TRUE(std::get<Options>(similarity).similarity);
  auto with_class = parse({"class", "--week", "3", "subs", "--similarity"});
  ASSERT_TRUE(std::holds_alternative<Options>(with_class));
  EXPECT_TRUE(std::get<Options>(with_class).similarity);
  EXPECT_FALSE(std::get<Options>(parse({"class", "--week", "3", "subs"})).similarity);
  for (std::vector<std::string> wrong : {std::vector<std::string>{"similarity"}, {"similarity", "a", "b"},
                                         {"--week", "3", "student", "--similarity"}, {"class", "--similarity=yes"},
                                         {"merge", "a.json", "--similarity"}})
    EXPECT_TRUE(std::holds_alternative<UsageError>(parse(wrong))) << wrong.back();
  auto handout = parse({"similarity", "class-week3", "--handout", "starter"});
  ASSERT_TRUE(std::holds_alternative<Options>(handout));
  EXPECT_EQ(std::get<Options>(handout).handout_dir, "starter");
  auto class_handout = parse({"class", "--week", "3", "subs", "--similarity", "--handout=starter"});
  ASSERT_TRUE(std::holds_alternative<Options>(class_handout));
  EXPECT_EQ(std::get<Options>(class_handout).handout_dir, "starter");
  for (std::vector<std::string> wrong : {std::vector<std::string>{"class", "--week", "3", "subs", "--handout", "h"},
                                         {"--week", "3", "student", "--handout", "h"}, {"similarity", "d", "--handout"}})
    EXPECT_TRUE(std::holds_alternative<UsageError>(parse(wrong))) << wrong.back();
  EXPECT_NE(usage_text().find("--handout DIR"), std::string::npos);
  EXPECT_NE(usage_text().find("grade similarity CLASS_DIR"), std::string::npos);
  EXPECT_NE(usage_text().find("--similarity"), std::string::npos);
}

TEST(SimilarityCommand, AClassDirectoryWithoutEvidenceIsRefusedNamingTheFile) {
  ScratchDir dir("similarity_command_none");
  Options options;
  options.command = Command::Similarity;
  options.out_dir = (dir.path() / "nothing").string();
  options.similarity = true;
  std::ostringstream err;
  EXPECT_EQ(run_similarity(options, err), kUsageOrSuiteError);
  EXPECT_NE(err.str().find((dir.path() / "nothing").string()), std::string::npos) << err.str();
}

}  // namespace
}  // namespace uirgrade
