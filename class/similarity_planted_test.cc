// A class made for the test, on the C of week 3's programs: independent correct students (the
// oracle's C as it is, the oracle's C with every name renamed, and eight renderers each with its
// own style, some sharing one or two habits), and planted copies (one student's C with every name
// renamed, reformatted, its functions reordered, all three at once; another's printed by a renderer
// translated into another language). Every planted pair must rank above every other pair, no two
// independent students may reach the cluster threshold, and the planted family must be the one cluster.
#include <filesystem>
#include <iostream>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "class/similarity_score.h"
#include "class/similarity_testing.h"
#include "base/file_text.h"
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;
using testing::RenderStyle;

/// The oracle's C of every valid program of suites/week3 (test label -> C).
std::map<std::string, std::string> week3_oracle_c() {
  std::map<std::string, std::string> c_by_label;
  for (const fs::directory_entry& entry : fs::directory_iterator(UIRGRADE_SOURCE_DIR "/suites/week3")) {
    if (entry.path().extension() != ".uir") continue;
    std::string text = read_file_text_or_empty(entry.path().string());
    uir::Compiled compiled = uir::compile(entry.path().filename().string(), text);
    if (!compiled.error) c_by_label["week3/" + entry.path().stem().string() + " [render]"] = uir::render_c(compiled);
  }
  return c_by_label;
}

struct Student {
  std::string id;
  std::string family;  // planted copies share it with their original; empty: independent
  std::function<std::string(const std::string&)> render;
};

RenderStyle style(int increment, int declaration, int helpers, std::set<std::string> flags) {
  RenderStyle s;
  s.increment = increment;
  s.declaration = declaration;
  s.helpers = helpers;
  s.parenthesised = flags.contains("parenthesised");
  s.pointer_indexing = flags.contains("pointer");
  s.reversed_bound = flags.contains("reversed");
  s.int_counters = flags.contains("int");
  s.status_return = flags.contains("status");
  s.memset_as_loop = flags.contains("memset");
  return s;
}

std::function<std::string(const std::string&)> in_style(RenderStyle s) {
  return [s](const std::string& c) { return testing::render_in_style(c, s); };
}

TEST(SimilarityPlanted, PlantedCopiesRankAboveEveryIndependentPairAndCorrectnessIsNoEvidence) {
  const std::map<std::string, std::string> oracle_c = week3_oracle_c();
  ASSERT_GT(oracle_c.size(), 50u);
  const RenderStyle copied = style(2, 1, 0, {"pointer", "status"});
  const RenderStyle ported = style(1, 2, 2, {"parenthesised", "memset"});
  std::vector<Student> students = {
      {"oracle", "", [](const std::string& c) { return c; }},
      {"oracle-renamed", "", testing::rename_every_identifier},
      // Independent renderers; some share a habit or two (a and h share two).
      {"ind-a", "", in_style(style(1, 1, 0, {"parenthesised"}))},
      {"ind-b", "", in_style(style(2, 2, 0, {"pointer"}))},
      {"ind-c", "", in_style(style(0, 0, 1, {"int", "status"}))},
      {"ind-d", "", in_style(style(0, 1, 0, {"reversed", "memset"}))},
      {"ind-e", "", in_style(style(1, 0, 2, {"pointer"}))},
      {"ind-f", "", in_style(style(0, 2, 0, {"reversed", "status"}))},
      {"ind-g", "", in_style(style(2, 0, 0, {"int", "memset", "parenthesised"}))},
      {"ind-h", "", in_style(style(1, 1, 1, {}))},
      // One student's C and four disguised copies of it.
      {"x-original", "x", in_style(copied)},
      {"x-renamed", "x", [=](const std::string& c) { return testing::rename_every_identifier(testing::render_in_style(c, copied)); }},
      {"x-reformatted", "x", [=](const std::string& c) { return testing::reformat(testing::render_in_style(c, copied)); }},
      {"x-reordered", "x", [=](const std::string& c) { return testing::reorder_functions(testing::render_in_style(c, copied)); }},
      {"x-all-three", "x", [=](const std::string& c) {
         return testing::reformat(testing::reorder_functions(testing::rename_every_identifier(testing::render_in_style(c, copied))));
       }},
      // Another's renderer translated into another language: the same C, printed its own way.
      {"y-original", "y", in_style(ported)},
      {"y-translated", "y", [=](const std::string& c) { return testing::as_translated_renderer(testing::render_in_style(c, ported)); }},
  };
  SimilarityIndex index(oracle_c);
  std::map<std::string, std::string> family;
  for (const Student& student : students) {
    std::map<std::string, std::vector<Fingerprint>> renders;
    for (const auto& [label, c] : oracle_c) renders[label] = fingerprints(student.render(c));
    index.add_student(student.id, renders, {});
    family[student.id] = student.family;
  }
  SimilarityOptions options;
  options.max_pairs = 1000;
  options.min_score = 0;
  SimilarityRanking ranking = index.rank(options);

  double lowest_planted = 1, highest_other = 0, highest_independent = 0;
  std::string lowest_planted_pair, highest_other_pair;
  for (const SimilarPair& pair : ranking.pairs) {
    std::string name = pair.a + " & " + pair.b;
    std::cout << fmt::format("{:32} score {:.3f} (behaviour {:.3f})\n", name, pair.score, pair.behaviour);
    bool planted = !family[pair.a].empty() && family[pair.a] == family[pair.b];
    if (planted && pair.score < lowest_planted) lowest_planted = pair.score, lowest_planted_pair = name;
    if (!planted && pair.score > highest_other) highest_other = pair.score, highest_other_pair = name;
    if (family[pair.a].empty() && family[pair.b].empty()) highest_independent = std::max(highest_independent, pair.score);
  }
  EXPECT_GT(lowest_planted, highest_other) << lowest_planted_pair << " is not above " << highest_other_pair;
  EXPECT_GT(lowest_planted, 0.8) << lowest_planted_pair;
  EXPECT_LT(highest_independent, options.cluster_threshold);
  EXPECT_LT(highest_other, options.cluster_threshold) << highest_other_pair;
  // The oracle's C, renamed or not, is no evidence at all.
  for (const SimilarPair& pair : ranking.pairs)
    EXPECT_FALSE(pair.a.starts_with("oracle") || pair.b.starts_with("oracle")) << pair.a << " & " << pair.b;
  ASSERT_EQ(ranking.clusters.size(), 1u);
  EXPECT_EQ(ranking.clusters[0],
            (std::vector<std::string>{"x-all-three", "x-original", "x-reformatted", "x-renamed", "x-reordered"}));
}

}  // namespace
}  // namespace uirgrade
