// Source similarity with Debian's similarity-tester (class/similarity_sources.h). The students are
// files of this repository's oracle (independent code by different hands of one project), and
// copies of three of them disguised the three ways a copier does: every identifier renamed, the
// functions reordered, the layout redone. The copies must rank above every independent pair; a
// handout every student carries must make pairs alike without --handout and not with it; a student's
// file names never reach sim's command line; a missing sim is a note, not a failure.
#include "class/similarity_sources.h"

#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <regex>
#include <set>

#include <gtest/gtest.h>

#include "class/similarity_report.h"
#include "class/similarity_run.h"
#include "class/similarity_sources_testing.h"
#include "base/file_text.h"
#include "grader/shell_testing.h"
#include "oracle/c_toolchain_testing.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;
using uir::testing::ScratchDir;
using uir::testing::write_text_file;
using testing::rename_identifiers;
using testing::reorder_top_level;
using testing::reformat;

bool sim_installed() { return ::access("/usr/bin/sim_c++", X_OK) == 0 && ::access("/usr/bin/sim_c", X_OK) == 0; }

std::string oracle_source(const std::string& name) {
  return read_file_text_or_empty(std::string(UIRGRADE_SOURCE_DIR) + "/oracle/" + name);
}

SourceTree tree_of(std::vector<std::pair<std::string, std::string>> files) {
  SourceTree tree;
  for (auto& [path, text] : files) tree.files.push_back({path, source_tool_for(path), std::move(text)});
  return tree;
}

/// Three planted pairs and six independent students, each with one C++ file (and the handout when
/// `with_handout`).
std::map<std::string, SourceTree> planted_class(const std::string& handout) {
  std::map<std::string, std::pair<std::string, std::string>> students = {
      {"ann", {"render.cc", oracle_source("render_c.cc")}},
      {"ann-copy", {"emit.cc", rename_identifiers(oracle_source("render_c.cc"))}},
      {"bob", {"linearize.cc", oracle_source("linearize.cc")}},
      {"bob-copy", {"linearize.cc", reorder_top_level(oracle_source("linearize.cc"))}},
      {"cat", {"parse.cc", oracle_source("parse.cc")}},
      {"cat-copy", {"parser.cpp", reformat(oracle_source("parse.cc"))}},
      {"dee", {"validate.cc", oracle_source("validate.cc")}},
      {"eve", {"typecheck.cc", oracle_source("typecheck.cc")}},
      {"fay", {"intervals.cc", oracle_source("intervals.cc")}},
      {"gus", {"bytecode.cc", oracle_source("bytecode.cc")}},
      {"hal", {"run.cc", oracle_source("run.cc")}},
      {"ivy", {"op_rules.cc", oracle_source("op_rules.cc")}},
  };
  std::map<std::string, SourceTree> trees;
  for (auto& [id, file] : students) {
    std::vector<std::pair<std::string, std::string>> files = {file};
    if (!handout.empty()) files.emplace_back("handout/analysis.cc", handout);
    trees[id] = tree_of(files);
  }
  return trees;
}

bool planted(const SourcePair& pair) { return pair.b == pair.a + "-copy"; }

double score_of(const SourceSimilarity& result, const std::string& a, const std::string& b) {
  for (const SourcePair& pair : result.pairs)
    if (pair.a == a && pair.b == b) return pair.score;
  return 0;
}

TEST(SimilaritySources, TheToolIsChosenByTheFileNameAndOtherFilesAreNoSource) {
  EXPECT_EQ(source_tool_for("main.c"), "sim_c");
  EXPECT_EQ(source_tool_for("ast.H"), "sim_c");
  EXPECT_EQ(source_tool_for("Parser.CPP"), "sim_c++");
  EXPECT_EQ(source_tool_for("x.hpp"), "sim_c++");
  EXPECT_EQ(source_tool_for("Main.java"), "sim_java");
  EXPECT_EQ(source_tool_for("unit.pas"), "sim_pasc");
  EXPECT_EQ(source_tool_for("main.py"), "sim_text");
  EXPECT_EQ(source_tool_for("main.rs"), "sim_text");
  EXPECT_EQ(source_tool_for("Main.hs"), "sim_text");
  for (const char* none : {"student-uirc", "Makefile", "main.o", ".c", "notes.txt", "a.out", "main.d"})
    EXPECT_EQ(source_tool_for(none), "") << none;
}

TEST(SimilaritySources, SimsOutputIsParsed) {
  // The two forms of sim's output (its manual page, `man sim`), for names of the form it is given.
  const std::string runs =
      "File f0: 3617 tokens, 387 lines\nFile /: new/old separator\nFile h0: 825 tokens, 150 lines\n"
      "Total input: 2 files (1 new, 1 old), 4442 tokens\n\n"
      "f0: line 24-149                      |h0: line 24-149                 [825]\n\n"
      "f0: line 200-210 |h0: line 3-12 [30]\n";
  auto ranges = parse_sim_runs(runs);
  ASSERT_EQ(ranges.size(), 1u);
  EXPECT_EQ(ranges["f0"], (std::vector<std::pair<int, int>>{{24, 149}, {200, 210}}));
  const std::string percentages =
      "File f0: 3617 tokens, 387 lines\nFile f1: 436 tokens, 58 lines\nFile f2: 0 tokens, 3 lines\n"
      "Total input: 3 files (3 new, 0 old), 4053 tokens\n\nf0 consists for 47 % of f1 material\n"
      "f1 consists for 100 % of f0 material\n";
  SimPercentages parsed = parse_sim_percentages(percentages);
  EXPECT_EQ(parsed.tokens, (std::map<std::string, double>{{"f0", 3617}, {"f1", 436}, {"f2", 0}}));
  ASSERT_EQ(parsed.shares.size(), 2u);
  EXPECT_EQ(parsed.shares[0], std::make_tuple(std::string("f0"), std::string("f1"), 47.0));
}

TEST(SimilaritySources, PlantedCopiesRankAboveEveryIndependentPair) {
  if (!sim_installed()) GTEST_SKIP() << "similarity-tester is not installed (scripts/install-deps.sh installs it)";
  std::string error;
  auto runner = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(runner) << error;
  SourceSimilarity result = compare_sources(planted_class(""), nullptr, *runner, SourceToolConfig{});
  EXPECT_TRUE(result.notes.empty()) << result.notes.front();
  EXPECT_EQ(result.students_with_sources, 12u);
  double worst_planted = 1, best_independent = 0;
  for (const SourcePair& pair : result.pairs) {
    if (planted(pair)) worst_planted = std::min(worst_planted, pair.score);
    else best_independent = std::max(best_independent, pair.score);
  }
  for (const char* id : {"ann", "bob", "cat"}) {
    EXPECT_GT(score_of(result, id, std::string(id) + "-copy"), 0.6) << id;
  }
  EXPECT_GT(worst_planted, best_independent);
  EXPECT_LT(best_independent, 0.2);
  // The copies rank first, and the evidence names the files and the tool.
  ASSERT_GE(result.pairs.size(), 3u);
  for (size_t k = 0; k < 3; ++k) EXPECT_TRUE(planted(result.pairs[k])) << result.pairs[k].a << " " << result.pairs[k].b;
  const SourcePair& top = result.pairs[0];
  EXPECT_EQ(top.tools, "sim_c++");
  ASSERT_FALSE(top.files.empty());
}

TEST(SimilaritySources, TheHandoutMakesEveryoneAlikeUnlessItIsExcluded) {
  if (!sim_installed()) GTEST_SKIP() << "similarity-tester is not installed (scripts/install-deps.sh installs it)";
  std::string error;
  auto runner = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(runner) << error;
  const std::string handout = oracle_source("statement_analysis.cc");
  ASSERT_GT(handout.size(), 5000u);
  auto best_independent = [](const SourceSimilarity& result) {
    double best = 0;
    for (const SourcePair& pair : result.pairs)
      if (!planted(pair)) best = std::max(best, pair.score);
    return best;
  };
  // Without the exclusion the handout is shared text: independent students look alike.
  SourceSimilarity without = compare_sources(planted_class(handout), nullptr, *runner, SourceToolConfig{});
  EXPECT_GT(best_independent(without), 0.3);
  EXPECT_FALSE(without.handout);
  // With it, only the copies are alike.
  SourceTree handout_tree = tree_of({{"analysis.cc", handout}});
  SourceSimilarity with = compare_sources(planted_class(handout), &handout_tree, *runner, SourceToolConfig{});
  EXPECT_TRUE(with.notes.empty()) << with.notes.front();
  EXPECT_TRUE(with.handout);
  EXPECT_LT(best_independent(with), 0.2);
  for (const char* id : {"ann", "bob", "cat"}) {
    EXPECT_GT(score_of(with, id, std::string(id) + "-copy"), std::max(0.6, best_independent(with))) << id;
  }
}

/// Passes every request to the real runner and keeps it, to see what sim was given.
class RecordingRunner : public CommandRunner {
 public:
  explicit RecordingRunner(CommandRunner& real) : real_(real) {}
  ProcessResult run(const ProcessRequest& request) override {
    requests.push_back(request);
    return real_.run(request);
  }
  std::vector<ProcessRequest> requests;

 private:
  CommandRunner& real_;
};

TEST(SimilaritySources, AStudentsFileNamesNeverReachSimsCommandLine) {
  if (!sim_installed()) GTEST_SKIP() << "similarity-tester is not installed (scripts/install-deps.sh installs it)";
  ScratchDir dir("sources_hostile_names");
  const std::string code = oracle_source("render_c.cc");
  // Names sim would read as options or as its new/old separator, spaces, a newline, a glob.
  const std::vector<std::string> names = {"-e.c", "--help.c", "-S.cc", "/.c", "|.c", "a b.c", "x\ny.c", "*.c"};
  fs::create_directories(dir.path() / "mal" / "-p");
  write_text_file(dir.path() / "mal" / "-e.c", code.substr(0, code.size() / 3));
  write_text_file(dir.path() / "mal" / "-p" / "--help.c", code.substr(code.size() / 3));
  write_text_file(dir.path() / "mal" / "x\ny.c", "int main(void) { return 0; }\n");
  write_text_file(dir.path() / "mal" / "|.c", "int f(void) { return 1; }\n");
  fs::create_directories(dir.path() / "ben");
  write_text_file(dir.path() / "ben" / "a b.c", code);
  std::map<std::string, SourceTree> trees = {{"mal", read_source_tree((dir.path() / "mal").string())},
                                             {"ben", read_source_tree((dir.path() / "ben").string())}};
  ASSERT_EQ(trees["mal"].files.size(), 4u);
  ASSERT_EQ(trees["ben"].files.size(), 1u);
  EXPECT_EQ(trees["ben"].files[0].path, "a b.c");

  std::string error;
  auto real = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(real) << error;
  RecordingRunner recording(*real);
  SourceTree handout = tree_of({{"-S.c", "int handout(void) { return 2; }\n"}});
  SourceSimilarity result = compare_sources(trees, &handout, recording, SourceToolConfig{});
  EXPECT_TRUE(result.notes.empty()) << result.notes.front();
  ASSERT_EQ(recording.requests.size(), 2u);  // against the handout, then the percentages
  const std::regex own_name("f[0-9]+|h[0-9]+");
  for (const ProcessRequest& request : recording.requests) {
    ASSERT_FALSE(request.argv.empty());
    EXPECT_EQ(request.argv[0], "/usr/bin/sim_c");
    for (size_t k = 1; k < request.argv.size(); ++k) {
      const std::string& arg = request.argv[k];
      EXPECT_TRUE(arg.starts_with("-") || std::all_of(arg.begin(), arg.end(), ::isdigit)) << arg;
      for (const std::string& name : names) EXPECT_EQ(arg.find(name), std::string::npos) << arg;
    }
    EXPECT_EQ(request.argv.back(), "-i");
    for (const auto& [name, content] : request.files) EXPECT_TRUE(std::regex_match(name, own_name)) << name;
    size_t start = 0;
    while (start < request.stdin_data.size()) {
      size_t end = request.stdin_data.find('\n', start);
      std::string line = request.stdin_data.substr(start, end - start);
      EXPECT_TRUE(line == "/" || std::regex_match(line, own_name)) << line;
      start = end + 1;
    }
  }
  // And the comparison still works: ben's file is mal's two, which the evidence names as the student did.
  ASSERT_EQ(result.pairs.size(), 1u);
  EXPECT_GT(result.pairs[0].score, 0.8);
  ASSERT_FALSE(result.pairs[0].files.empty());
  std::set<std::string> mal_files;
  for (const auto& [ben_file, mal_file, tokens] : result.pairs[0].files) mal_files.insert(mal_file);
  EXPECT_TRUE(mal_files.contains("-e.c") || mal_files.contains("-p/--help.c"));
}

TEST(SimilaritySources, BinaryHugeAndLinkedFilesAreSkippedWithANote) {
  ScratchDir dir("sources_skipped");
  const fs::path folder = dir.path() / "stu";
  fs::create_directories(folder / ".git");
  fs::create_directories(folder / "node_modules");
  write_text_file(folder / "main.c", "int main(void) { return 0; }\n");
  write_text_file(folder / "blob.c", std::string("int x;\0\1\2", 9));
  write_text_file(folder / "latin1.c", "/* caf\xe9 */ int y;\n");
  write_text_file(folder / "huge.c", std::string(kMaxSourceFileBytes + 10, ' '));
  write_text_file(folder / ".git" / "hook.c", "int z;\n");
  write_text_file(folder / "node_modules" / "dep.js", "var a;\n");
  fs::create_symlink("/etc/passwd", folder / "passwd.c");
  fs::create_symlink("/etc", folder / "etc");
  SourceTree tree = read_source_tree(folder.string());
  ASSERT_EQ(tree.files.size(), 1u);
  EXPECT_EQ(tree.files[0].path, "main.c");
  std::string skipped;
  for (const std::string& note : tree.skipped) skipped += note + "\n";
  EXPECT_NE(skipped.find("blob.c: not text"), std::string::npos) << skipped;
  EXPECT_NE(skipped.find("latin1.c: not text"), std::string::npos) << skipped;
  EXPECT_NE(skipped.find("huge.c: 0.5 MiB, over the 512 KiB"), std::string::npos) << skipped;
  EXPECT_EQ(skipped.find("passwd"), std::string::npos) << skipped;  // a link is not a file of the student's

  // Kept and read back as they were.
  ScratchDir out("sources_kept");
  ASSERT_EQ(save_student_sources(out.path().string(), "stu", tree), std::nullopt);
  auto loaded = load_student_sources(out.path().string(), "stu");
  ASSERT_TRUE(std::holds_alternative<std::optional<SourceTree>>(loaded)) << std::get<std::string>(loaded);
  const std::optional<SourceTree>& back = std::get<std::optional<SourceTree>>(loaded);
  ASSERT_TRUE(back.has_value());
  ASSERT_EQ(back->files.size(), 1u);
  EXPECT_EQ(back->files[0].text, "int main(void) { return 0; }\n");
  EXPECT_EQ(back->skipped, tree.skipped);
  auto none = load_student_sources(out.path().string(), "nobody");
  ASSERT_TRUE(std::holds_alternative<std::optional<SourceTree>>(none));
  EXPECT_FALSE(std::get<std::optional<SourceTree>>(none).has_value());
}

TEST(SimilaritySources, AMissingToolIsANoteAndTheBehaviourIsStillRanked) {
  ScratchDir empty("no_sim_here");
  SourceToolConfig config;
  config.bin_dir = empty.path().string();
  std::string error;
  auto runner = make_process_runner(Sandbox::None, &error);
  ASSERT_TRUE(runner) << error;
  SourceSimilarity result = compare_sources(planted_class(""), nullptr, *runner, config);
  EXPECT_TRUE(result.pairs.empty());
  ASSERT_EQ(result.notes.size(), 1u);
  EXPECT_NE(result.notes[0].find("sim_c++ is not installed (apt-get install similarity-tester)"), std::string::npos)
      << result.notes[0];
  EXPECT_NE(result.notes[0].find("12 students"), std::string::npos) << result.notes[0];

  // Through the class's report: the behaviour pair is ranked, the note is in the section.
  ScratchDir out("no_sim_class");
  const std::string label = "week3/x [render]";
  ASSERT_EQ(save_oracle_renders(out.path().string(), {{label, "int kernel(void) { return 0; }\n"}}), std::nullopt);
  std::string odd_c;
  for (int k = 0; k < 40; ++k) odd_c += "  acc = acc * " + std::to_string(k) + " + data0[i ^ " + std::to_string(k) + "];\n";
  std::map<std::string, std::string> c_of = {{"ann", "int kernel(void) {\n" + odd_c + "}\n"},
                                             {"bob", "int kernel(void) {\n" + odd_c + "}\n"},
                                             {"cy", "int kernel(void) { int z = 1; return z; }\n"},
                                             {"dan", "int kernel(void) { for (;;) {} }\n"}};
  for (const auto& [id, c] : c_of) {
    StudentEvidence evidence;
    evidence.id = id;
    evidence.renders[label] = "kept";
    ASSERT_EQ(save_student_evidence(out.path().string(), evidence, {{label, StudentOutput{c, ""}}}), std::nullopt);
  }
  // cy and dan hand in the same source (renamed) and behave differently: a pair by source alone.
  const std::map<std::string, std::string> source_of = {{"ann", oracle_source("render_c.cc")},
                                                        {"bob", oracle_source("linearize.cc")},
                                                        {"cy", oracle_source("parse.cc")},
                                                        {"dan", rename_identifiers(oracle_source("parse.cc"))}};
  for (const auto& [id, text] : source_of)
    ASSERT_EQ(save_student_sources(out.path().string(), id, tree_of({{"main.cc", text}})), std::nullopt);
  SourceComparison sources;
  sources.runner = runner.get();
  sources.tool = config;
  auto report = similarity_report(out.path().string(), {"ann", "bob", "cy", "dan"}, SimilarityOptions{}, &sources);
  ASSERT_TRUE(std::holds_alternative<SimilarityReport>(report)) << std::get<std::string>(report);
  const SimilarityReport& ranked = std::get<SimilarityReport>(report);
  ASSERT_FALSE(ranked.ranking.pairs.empty());
  EXPECT_EQ(ranked.ranking.pairs[0].a + "," + ranked.ranking.pairs[0].b, "ann,bob");
  EXPECT_EQ(ranked.ranking.pairs[0].source, 0);
  ASSERT_TRUE(ranked.source.has_value());
  ASSERT_EQ(ranked.source->notes.size(), 1u);
  EXPECT_NE(similarity_section_html(ranked).find("sim_c++ is not installed"), std::string::npos);

  // With sim, the source-only pair is ranked too, beside the behaviour pair, with its evidence.
  if (!sim_installed()) GTEST_SKIP() << "similarity-tester is not installed (scripts/install-deps.sh installs it)";
  sources.tool = SourceToolConfig{};
  auto with_sim = similarity_report(out.path().string(), {"ann", "bob", "cy", "dan"}, SimilarityOptions{}, &sources);
  ASSERT_TRUE(std::holds_alternative<SimilarityReport>(with_sim)) << std::get<std::string>(with_sim);
  const SimilarityReport& both = std::get<SimilarityReport>(with_sim);
  EXPECT_TRUE(both.source->notes.empty()) << both.source->notes.front();
  std::map<std::string, const SimilarPair*> by_pair;
  for (const SimilarPair& pair : both.ranking.pairs) by_pair[pair.a + "," + pair.b] = &pair;
  ASSERT_TRUE(by_pair.contains("cy,dan"));
  ASSERT_TRUE(by_pair.contains("ann,bob"));
  EXPECT_GT(by_pair["cy,dan"]->source, 0.8);
  EXPECT_EQ(by_pair["cy,dan"]->behaviour, 0);
  EXPECT_GT(by_pair["ann,bob"]->behaviour, 0.2);  // a few lines shared: the prior keeps it modest
  // The two lead the list (by the larger of their two scores), ahead of every pair with neither.
  ASSERT_GE(both.ranking.pairs.size(), 2u);
  std::set<std::string> top = {both.ranking.pairs[0].a + "," + both.ranking.pairs[0].b,
                               both.ranking.pairs[1].a + "," + both.ranking.pairs[1].b};
  EXPECT_EQ(top, (std::set<std::string>{"cy,dan", "ann,bob"}));
  const std::string html = similarity_section_html(both);
  EXPECT_NE(html.find("of cy&#39;s source tokens"), std::string::npos) << html;
}

}  // namespace
}  // namespace uirgrade
