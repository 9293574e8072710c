#include "cli/similarity_command.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "class/similarity_report.h"

namespace uirgrade {

std::optional<std::string> write_similarity_outputs(const ClassRun& run, const std::string& out_dir, std::ostream& err,
                                                    CommandRunner* runner, const std::string& handout_dir,
                                                    const std::string& sim_bin_dir) {
  const auto start = std::chrono::steady_clock::now();
  std::set<std::string> graded;
  for (const StudentRecord& student : run.students)
    if (student.status == StudentStatus::Graded) graded.insert(student.id);
  SourceComparison sources;
  sources.runner = runner;
  sources.handout_dir = handout_dir;
  sources.tool.bin_dir = sim_bin_dir;
  auto ranked = similarity_report(out_dir, graded, SimilarityOptions{}, runner ? &sources : nullptr);
  if (auto* error = std::get_if<std::string>(&ranked)) {
    err << "grade similarity: " << *error << '\n';
    return std::nullopt;
  }
  const SimilarityReport& report = std::get<SimilarityReport>(ranked);
  std::ostringstream csv, json;
  write_similarity_csv(report, csv);
  write_similarity_json(report, json);
  for (const auto& [name, text] : {std::pair{"similarity.csv", csv.str()}, std::pair{"similarity.json", json.str()}}) {
    std::filesystem::path path = std::filesystem::path(out_dir) / name;
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    if (!file) {
      err << fmt::format("grade similarity: cannot write {}\n", path.string());
      return std::nullopt;
    }
  }
  const SimilarityRanking& ranking = report.ranking;
  err << fmt::format(
      "grade similarity: {} students, {} pairs, {} sharing any weighted evidence, {} listed, {} clusters, {:.1f} s; "
      "{}/similarity.csv, {}/similarity.json\n",
      ranking.students, ranking.pairs_in_class, ranking.pairs_scored, ranking.pairs.size(), ranking.clusters.size(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), out_dir, out_dir);
  if (report.source) {
    for (const std::string& line : report.source->runs) err << "grade similarity: source: " << line << '\n';
    for (const std::string& note : report.source->notes) err << "grade similarity: source: " << note << '\n';
  }
  return similarity_section_html(report);
}

}  // namespace uirgrade
