// Source similarity benchmark (issue 38): a class of N synthetic students (N = 100, 500) whose
// compilers are mutated from a few seed compilers, compared by Debian's similarity-tester as
// `grade class --similarity` compares them (class/similarity_sources.h: one sim run per language,
// through the sandbox grade would use), with and without a handout every student carries.
//
// The seeds: the oracle's own stages (parse, typecheck, validate, linearize, render, bytecode, run,
// intervals, op rules, statement analysis), each a file of a compiler. A student's compiler is four of
// them, each mutated line by line (neighbours swapped, lines dropped, lines of another seed put in),
// so that students of one seed share the seed's shape but few runs of sim's 24 tokens; plus the
// handout (a file every student was given). The last five students hand in the first five's
// compilers with every identifier renamed, the top-level pieces reordered and the layout redone.
// Each size runs in a child process; prints the wall time, the peak RSS of the largest process
// (sim or the bench itself, RUSAGE_CHILDREN), and where the five copies rank.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "class/similarity_sources.h"
#include "class/similarity_sources_testing.h"
#include "base/file_text.h"
#include "oracle/seeded_random.h"
#include "uirgrade_paths.h"

namespace {

using namespace uirgrade;

constexpr uint64_t kSeed = 38;
constexpr int kCopies = 5;
const std::vector<std::string> kSeeds = {"parse.cc",  "typecheck.cc", "validate.cc",  "linearize.cc",
                                         "render_c.cc", "bytecode.cc",  "run.cc",       "intervals.cc",
                                         "op_rules.cc", "statement_analysis.cc"};
const std::string kHandout = "scalar_ops.cc";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// One student's version of a seed: neighbours swapped (a third of the lines), lines dropped (one in
/// eight) and lines of other seeds put in (one in eight).
std::string mutate(const std::vector<std::string>& seed, const std::vector<std::vector<std::string>>& all,
                   uir::SplitMix64& random) {
  std::vector<std::string> lines = seed;
  for (size_t k = 0; k + 1 < lines.size(); ++k)
    if (random.next() % 3 == 0) std::swap(lines[k], lines[k + 1]);
  std::string out;
  for (const std::string& line : lines) {
    if (random.next() % 8 == 0) continue;
    out += line + "\n";
    if (random.next() % 8 == 0) {
      const auto& other = all[random.next() % all.size()];
      out += other[random.next() % other.size()] + "\n";
    }
  }
  return out;
}

void run_size(size_t students, bool with_handout) {
  std::vector<std::vector<std::string>> seeds;
  for (const std::string& name : kSeeds)
    seeds.push_back(lines_of(read_file_text_or_empty(std::string(UIRGRADE_SOURCE_DIR) + "/oracle/" + name)));
  const std::string handout = read_file_text_or_empty(std::string(UIRGRADE_SOURCE_DIR) + "/oracle/" + kHandout);
  uir::SplitMix64 random{kSeed};
  std::map<std::string, SourceTree> trees;
  size_t bytes = 0;
  for (size_t s = 0; s < students; ++s) {
    SourceTree tree;
    const bool copy = s >= students - kCopies;
    if (copy) {
      const SourceTree& original = trees.at(fmt::format("s{:04}", s - (students - kCopies)));
      for (const SourceFile& file : original.files)
        tree.files.push_back({"copied_" + file.path, file.tool,
                              testing::reformat(testing::reorder_top_level(testing::rename_identifiers(file.text)))});
    } else {
      for (int f = 0; f < 4; ++f) {
        size_t seed = random.next() % seeds.size();
        tree.files.push_back({fmt::format("stage{}.cc", f), "sim_c++", mutate(seeds[seed], seeds, random)});
      }
      tree.files.push_back({"handout.cc", "sim_c++", handout});
    }
    for (const SourceFile& file : tree.files) bytes += file.text.size();
    trees[fmt::format("s{:04}", s)] = std::move(tree);
  }
  std::string error;
  auto runner = make_process_runner(Sandbox::Auto, &error);
  if (!runner) {
    fmt::print(stderr, "bench_source_similarity: {}\n", error);
    _exit(1);
  }
  SourceTree handout_tree;
  handout_tree.files.push_back({"handout.cc", "sim_c++", handout});
  const auto start = std::chrono::steady_clock::now();
  SourceSimilarity result = compare_sources(trees, with_handout ? &handout_tree : nullptr, *runner, SourceToolConfig{});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::string> copy_ranks;
  for (int c = 0; c < kCopies; ++c) {
    std::string original = fmt::format("s{:04}", c), copy = fmt::format("s{:04}", students - kCopies + c);
    std::string rank = "-";
    for (size_t k = 0; k < result.pairs.size(); ++k)
      if (result.pairs[k].a == original && result.pairs[k].b == copy)
        rank = fmt::format("{} ({:.2f})", k + 1, result.pairs[k].score);
    copy_ranks.push_back(rank);
  }
  double best_other = 0;
  for (const SourcePair& pair : result.pairs)
    if (!(pair.b >= fmt::format("s{:04}", students - kCopies) &&
          pair.a == fmt::format("s{:04}", std::stoul(pair.b.substr(1)) - (students - kCopies))))
      best_other = std::max(best_other, pair.score);
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  fmt::print("{:>8} {:>8} {:>7} {:>9.1f} {:>7} {:>8.2f} {:>10} {:>12.2f}   {}\n", students, with_handout ? "yes" : "no",
             result.files, static_cast<double>(bytes) / (1 << 20), result.pairs.size(), seconds, usage.ru_maxrss / 1024,
             best_other, fmt::join(copy_ranks, ", "));
  for (const std::string& run : result.runs) fmt::print("           {}\n", run);
  fmt::print("           sandbox: {}\n", runner->isolation());
  for (const std::string& note : result.notes) fmt::print("           note: {}\n", note);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<size_t> sizes = {100, 500};
  if (argc > 1) {
    sizes.clear();
    for (int k = 1; k < argc; ++k) sizes.push_back(std::stoul(argv[k]));
  }
  fmt::print("bench_source_similarity: seed {}, {} seed files, handout oracle/{}, {} planted copies per class\n", kSeed,
             kSeeds.size(), kHandout, kCopies);
  fmt::print("{:>8} {:>8} {:>7} {:>9} {:>7} {:>8} {:>10} {:>12}   {}\n", "students", "handout", "files", "MiB",
             "pairs", "wall s", "peak MiB", "best other", "ranks of the copies (score)");
  for (size_t students : sizes)
    for (bool with_handout : {false, true}) {
      std::fflush(stdout);
      pid_t child = fork();
      if (child == 0) {
        run_size(students, with_handout);
        _exit(0);
      }
      int status = 0;
      waitpid(child, &status, 0);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
    }
  return 0;
}
