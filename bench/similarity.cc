// Similarity benchmark (issue 38): a class of N synthetic students (N = 125, 250, 500) on the C of
// week 3's valid programs (one render test each): every student renders the oracle's C in a style of
// its own (class/similarity_testing.h, 1728 combinations of habits, drawn without repeats from a
// seeded shuffle, so many students share habits as a real class does), five of them copied by another
// student with every name renamed and the layout redone. Each size runs in a child process: its
// evidence is written as `grade class` writes it (OUT/similarity/), then ranked from those files as
// `grade similarity` does. Prints the CPU time of each step and the child's peak RSS, beside the
// number of pairs (N²/2), so that the growth of each can be read against N and against N².
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "bench/thread_cpu_time.h"
#include "class/similarity_run.h"
#include "class/similarity_testing.h"
#include "base/file_text.h"
#include "oracle/oracle.h"
#include "oracle/seeded_random.h"
#include "uirgrade_paths.h"

namespace {

namespace fs = std::filesystem;
using namespace uirgrade;

constexpr uint64_t kSeed = 38;
constexpr int kCopies = 5;

std::map<std::string, std::string> week3_oracle_c() {
  std::map<std::string, std::string> c_by_label;
  for (const fs::directory_entry& entry : fs::directory_iterator(UIRGRADE_SOURCE_DIR "/suites/week3")) {
    if (entry.path().extension() != ".uir") continue;
    uir::Compiled compiled =
        uir::compile(entry.path().filename().string(), read_file_text_or_empty(entry.path().string()));
    if (!compiled.error) c_by_label["week3/" + entry.path().stem().string() + " [render]"] = uir::render_c(compiled);
  }
  return c_by_label;
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

void run_size(size_t students, const std::map<std::string, std::string>& oracle_c, const fs::path& dir) {
  std::vector<uint32_t> styles(1728);
  std::iota(styles.begin(), styles.end(), 0);
  uir::SplitMix64 random{kSeed};
  for (size_t k = styles.size() - 1; k > 0; --k) std::swap(styles[k], styles[random.next() % (k + 1)]);

  const double write_start = thread_cpu_seconds();
  if (auto error = save_oracle_renders(dir.string(), oracle_c)) {
    fmt::print(stderr, "bench_similarity: {}\n", *error);
    _exit(1);
  }
  for (size_t s = 0; s < students; ++s) {
    // The last kCopies students copy the first kCopies.
    const bool copy = s >= students - kCopies;
    const testing::RenderStyle style = testing::style_number(styles[copy ? s - (students - kCopies) : s]);
    std::map<std::string, StudentOutput> outputs;
    std::vector<TestResult> results;
    for (const auto& [label, c] : oracle_c) {
      std::string mine = testing::render_in_style(c, style);
      if (copy) mine = testing::reformat(testing::rename_every_identifier(mine));
      outputs[label] = {mine, ""};
      TestResult result;
      result.name = label.substr(0, label.find(' '));
      result.mode = Mode::Render;
      results.push_back(result);
    }
    std::string id = fmt::format("s{:04}", s);
    if (auto error = save_student_evidence(dir.string(), student_evidence(id, results, outputs), outputs)) {
      fmt::print(stderr, "bench_similarity: {}\n", *error);
      _exit(1);
    }
  }
  const double write_seconds = thread_cpu_seconds() - write_start;
  const long rss_before = peak_rss_kib();

  const double rank_start = thread_cpu_seconds();
  std::set<std::string> ids;
  for (size_t s = 0; s < students; ++s) ids.insert(fmt::format("s{:04}", s));
  auto report = similarity_report(dir.string(), ids, SimilarityOptions{});
  const double rank_seconds = thread_cpu_seconds() - rank_start;
  if (auto* error = std::get_if<std::string>(&report)) {
    fmt::print(stderr, "bench_similarity: {}\n", *error);
    _exit(1);
  }
  const SimilarityRanking& ranking = std::get<SimilarityReport>(report).ranking;
  // Where each copy and its original rank (the list keeps the best 50; "-" beyond).
  std::vector<std::string> copy_ranks;
  for (int c = 0; c < kCopies; ++c) {
    std::string original = fmt::format("s{:04}", c), copy = fmt::format("s{:04}", students - kCopies + c);
    std::string rank = "-";
    for (size_t k = 0; k < ranking.pairs.size(); ++k)
      if (ranking.pairs[k].a == original && ranking.pairs[k].b == copy) rank = std::to_string(k + 1);
    copy_ranks.push_back(rank);
  }
  fmt::print("{:>8} {:>10} {:>13} {:>10.2f} {:>10.2f} {:>12} {:>12}   {}\n", students, ranking.pairs_in_class,
             ranking.pairs_scored, write_seconds, rank_seconds, rss_before, peak_rss_kib(), fmt::join(copy_ranks, ","));
  std::fflush(stdout);
}

}  // namespace

int main() {
  const auto oracle_c = week3_oracle_c();
  fmt::print("bench_similarity: seed {}, {} render tests (week 3's valid programs), {} planted copies per class\n",
             kSeed, oracle_c.size(), kCopies);
  fmt::print("{:>8} {:>10} {:>13} {:>10} {:>10} {:>12} {:>12}   {}\n", "students", "pairs", "pairs scored",
             "write s", "rank s", "RSS KiB pre", "RSS KiB peak", "ranks of the copies");
  for (size_t students : {125, 250, 500}) {
    fs::path dir = fs::temp_directory_path() / fmt::format("bench_similarity_{}_{}", getpid(), students);
    std::fflush(stdout);  // or the child prints what the parent buffered
    pid_t child = fork();
    if (child == 0) {
      run_size(students, oracle_c, dir);
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
  }
  return 0;
}
