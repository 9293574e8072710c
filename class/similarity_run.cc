#include "class/similarity_run.h"

#include <filesystem>
#include <unordered_set>

#include <fmt/format.h>

#include "class/similarity_fingerprint.h"

namespace uirgrade {

std::set<int> shared_lines(const SimilarityIndex& index, const std::string& test, const std::string& c,
                           const std::string& other) {
  std::unordered_set<uint64_t> theirs;
  for (const Fingerprint& fingerprint : fingerprints(other)) theirs.insert(fingerprint.hash);
  std::set<int> lines;
  for (const Fingerprint& fingerprint : fingerprints(c))
    if (theirs.contains(fingerprint.hash) && index.weight(test, fingerprint.hash) > 0)
      for (int line = fingerprint.first_line; line <= fingerprint.last_line; ++line) lines.insert(line);
  return lines;
}

std::variant<SimilarityReport, std::string> similarity_report(const std::string& out_dir, const std::set<std::string>& ids,
                                                              const SimilarityOptions& options,
                                                              const SourceComparison* sources) {
  auto loaded = load_evidence(out_dir);
  if (auto* error = std::get_if<std::string>(&loaded)) return *error;
  const KeptEvidence& kept = std::get<KeptEvidence>(loaded);
  std::map<std::string, std::string> oracle_c;
  for (const auto& [label, sha] : kept.oracle) {
    auto c = kept_c(out_dir, sha);
    if (!c) return fmt::format("{}/c/{}.c: the oracle's C of {} is missing", similarity_dir(out_dir), sha, label);
    oracle_c[label] = *c;
  }
  SimilarityIndex index(oracle_c);
  // Each student's C is read, fingerprinted and dropped: only the fingerprints stay in memory.
  for (const StudentEvidence& student : kept.students) {
    if (!ids.contains(student.id)) continue;
    std::map<std::string, std::vector<Fingerprint>> renders;
    for (const auto& [label, sha] : student.renders) {
      auto c = kept_c(out_dir, sha);
      if (!c)
        return fmt::format("{}/c/{}.c: {}'s C of {} is missing", similarity_dir(out_dir), sha, student.id, label);
      renders[label] = fingerprints(*c);
    }
    index.add_student(student.id, renders, student.failures);
  }

  SimilarityReport report;
  report.options = options;
  report.render_tests = oracle_c.size();
  std::map<std::pair<std::string, std::string>, double> source_scores;
  std::map<std::pair<std::string, std::string>, const SourcePair*> source_of;
  if (sources && sources->runner) {
    std::optional<SourceTree> handout;
    if (!sources->handout_dir.empty()) {
      std::error_code ec;
      if (!std::filesystem::is_directory(sources->handout_dir, ec))
        return fmt::format("--handout {}: not a folder", sources->handout_dir);
      handout = read_source_tree(sources->handout_dir);
      report.handout_dir = sources->handout_dir;
    }
    std::map<std::string, SourceTree> trees;
    for (const StudentEvidence& student : kept.students) {
      if (!ids.contains(student.id)) continue;
      auto loaded_sources = load_student_sources(out_dir, student.id);
      if (auto* error = std::get_if<std::string>(&loaded_sources)) return *error;
      if (auto& tree = std::get<std::optional<SourceTree>>(loaded_sources)) trees[student.id] = std::move(*tree);
    }
    report.source = compare_sources(trees, handout ? &*handout : nullptr, *sources->runner, sources->tool);
    for (const SourcePair& pair : report.source->pairs) {
      source_scores[{pair.a, pair.b}] = pair.score;
      source_of[{pair.a, pair.b}] = &pair;
    }
  }
  report.ranking = index.rank(options, report.source ? &source_scores : nullptr);
  std::map<std::string, const StudentEvidence*> by_id;
  for (const StudentEvidence& student : kept.students) by_id[student.id] = &student;
  for (const SimilarPair& pair : report.ranking.pairs) {
    SideBySide shown;
    if (!pair.best_test.empty()) {
      shown.c_a = kept_c(out_dir, by_id.at(pair.a)->renders.at(pair.best_test)).value_or("");
      shown.c_b = kept_c(out_dir, by_id.at(pair.b)->renders.at(pair.best_test)).value_or("");
      shown.shared_a = shared_lines(index, pair.best_test, shown.c_a, shown.c_b);
      shown.shared_b = shared_lines(index, pair.best_test, shown.c_b, shown.c_a);
    }
    report.side_by_side.push_back(std::move(shown));
    auto source = source_of.find({std::min(pair.a, pair.b), std::max(pair.a, pair.b)});
    report.source_pairs.push_back(source == source_of.end() ? std::nullopt : std::optional<SourcePair>(*source->second));
  }
  return report;
}

}  // namespace uirgrade
