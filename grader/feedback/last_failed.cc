#include "grader/feedback/last_failed.h"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

namespace uirgrade {

std::string last_failed_path(const std::string& dir, int week) {
  return (std::filesystem::path(dir) / ".uirgrade" / fmt::format("last-failed-week{}.txt", week)).string();
}

std::optional<std::set<std::string>> read_last_failed(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::set<std::string> names;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') names.insert(line);
  return names;
}

std::set<std::string> next_last_failed(const std::set<std::string>& before, const std::vector<TestResult>& graded) {
  std::set<std::string> names = before;
  for (const TestResult& result : graded) names.erase(result.name);
  for (const TestResult& result : graded)
    if (result.verdict != Verdict::Pass) names.insert(result.name);
  return names;
}

std::optional<std::string> write_last_failed(const std::string& path, const std::set<std::string>& names) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream out(path, std::ios::trunc);
  out << "# the tests that failed in the last runs of grade; grade --last-failed re-grades only these\n";
  for (const std::string& name : names) out << name << '\n';
  out.close();
  if (!out) return fmt::format("cannot write {}", path);
  return std::nullopt;
}

}  // namespace uirgrade
