// Source similarity (docs/instructors.md, "Which submissions are too alike"): the students' source
// files compared by a field tool, Debian's similarity-tester (`sim_c`, `sim_c++`, `sim_java`, ...),
// beside the behaviour evidence of class/similarity_score.h.
//
// What a class run keeps: each student's source files (by extension; regular files only, no
// symbolic link followed, at most kMaxSourceFileBytes each and kMaxSourceBytes in all, text only),
// copied under OUT/similarity/sources/<id>/ as `<k>.src` with a manifest (`files.json`: each copy's
// original path and the sim_* that reads it, and what was skipped and why). The original names are
// the students' and may hold anything; they are only ever shown, escaped. sim is given names of its
// own (`f<N>`) in a working directory of the tool's run (sandbox/process.h), so no student text
// reaches its command line.
//
// The comparison, one sim run per language over every student's files of that language:
//  1. the instructor's handout (--handout DIR): `sim_X -S -n` of the students' files against the
//     handout's (sim's `/` separates the "new" files from the "old"); the lines of each student's file
//     in a run found in the handout are blanked. sim itself has no exclusion: with the handout as an
//     "old" file, two students' copies of it are still reported as alike (tested);
//  2. `sim_X -p -s -u -t 5` over what is left: "F consists for x % of G material". x% of F's tokens
//     (sim's own count, after the handout) is the text F and G share;
//  3. per pair of students, the tokens their files share (each file's share capped at its size) over
//     the tokens of the smaller of the two plus a prior (kSourcePriorTokens): the share of the
//     smaller submission found in the other.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "sandbox/process.h"

namespace uirgrade {

inline constexpr uint64_t kMaxSourceFileBytes = 512 << 10;
inline constexpr uint64_t kMaxSourceBytes = 4 << 20;
inline constexpr size_t kMaxSourceFiles = 300;
inline constexpr double kSourcePriorTokens = 100;

/// The sim_* program that reads a file of this name ("sim_c++" for x.cpp), sim_text for the source
/// languages sim has no lexer for (.py, .rs, .ml, ...); empty when the name is no source file.
std::string source_tool_for(std::string_view file_name);

struct SourceFile {
  std::string path;  // relative to the folder, as the student named it (shown escaped only)
  std::string tool;  // sim_c, sim_c++, ...
  std::string text;
};

struct SourceTree {
  std::vector<SourceFile> files;
  std::vector<std::string> skipped;  // "big.c: 3.1 MiB, over the 512 KiB a file may have", escaped
};

/// The source files under `folder` (no symbolic link followed; hidden folders and build outputs
/// such as node_modules, target, _build skipped), in path order.
SourceTree read_source_tree(const std::string& folder);

/// Keeps `tree` under OUT/similarity/sources/<id>/ (replacing what was kept before); an error naming
/// the file otherwise.
std::optional<std::string> save_student_sources(const std::string& out_dir, const std::string& id, const SourceTree& tree);

/// What was kept for `id`; nullopt when nothing was (a class graded without sources), an error
/// naming the file when the manifest cannot be read.
std::variant<std::optional<SourceTree>, std::string> load_student_sources(const std::string& out_dir, const std::string& id);

struct SourceToolConfig {
  std::string bin_dir = "/usr/bin";  // where the sim_* programs are
  double wall_seconds = 300;         // per run of one sim
  uint64_t output_cap_bytes = 64ull << 20;
  int threshold_percent = 5;         // sim -t: smaller shares of a file are not reported
};

/// The source evidence of one pair of students.
struct SourcePair {
  std::string a, b;       // a < b
  double score = 0;       // shared / (min(tokens_a, tokens_b) + prior)
  double shared_tokens = 0;
  double tokens_a = 0, tokens_b = 0;  // after the handout
  std::string tools;      // "sim_c++", or "sim_c, sim_text"
  /// The file pairs that share most, best first (at most three): (a's path, b's path, tokens).
  std::vector<std::tuple<std::string, std::string, double>> files;
};

struct SourceSimilarity {
  size_t students_with_sources = 0;
  size_t files = 0;
  std::vector<SourcePair> pairs;   // every pair sim found anything for, best first
  std::vector<std::string> notes;  // tools missing, runs cut short, files skipped (instructor-side)
  std::vector<std::string> runs;   // one line per sim run: "sim_c++ over 812 files: 3.1 s"
  bool handout = false;            // a handout was excluded
};

/// Compares the sources of `students` (id -> tree) per language, run by `runner` (the sandbox of
/// the class run), the handout's text excluded. A missing tool or a failed run is a note.
SourceSimilarity compare_sources(const std::map<std::string, SourceTree>& students, const SourceTree* handout,
                                 CommandRunner& runner, const SourceToolConfig& config);

/// Parses sim's -n output ("fA: line 3-18 |fB: line 5-20 [40]"): for each file named on the left,
/// its line ranges (1-based, inclusive). Lines that are not runs are ignored.
std::map<std::string, std::vector<std::pair<int, int>>> parse_sim_runs(std::string_view output);

/// Parses sim's -p output: each file's tokens ("File fA: 3617 tokens, ...") and each
/// "fA consists for x % of fB material".
struct SimPercentages {
  std::map<std::string, double> tokens;
  std::vector<std::tuple<std::string, std::string, double>> shares;  // (F, G, percent)
};
SimPercentages parse_sim_percentages(std::string_view output);

}  // namespace uirgrade
