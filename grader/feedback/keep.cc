#include "grader/feedback/keep.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace uirgrade {

std::string kept_case_dir(const std::string& keep_dir, const std::string& test_name) {
  std::string safe;
  for (char ch : test_name) {
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
              ch == '-' || ch == '.' || ch == '/';
    safe.push_back(ok ? ch : '_');
  }
  // No empty, `.` or `..` components.
  std::string cleaned;
  size_t start = 0;
  while (start <= safe.size()) {
    size_t end = safe.find('/', start);
    if (end == std::string::npos) end = safe.size();
    std::string part = safe.substr(start, end - start);
    if (part == "." || part == "..") part = std::string(part.size(), '_');
    if (!part.empty()) {
      if (!cleaned.empty()) cleaned.push_back('/');
      cleaned += part;
    }
    start = end + 1;
  }
  if (cleaned.empty()) cleaned.push_back('_');
  return (std::filesystem::path(keep_dir) / cleaned).string();
}

std::optional<std::string> write_kept_case(const std::string& keep_dir, const KeptCase& kept) {
  std::filesystem::path dir = kept_case_dir(keep_dir, kept.test_name);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  std::filesystem::create_directories(dir, ec);
  if (ec) return fmt::format("--keep: cannot create {}: {}", dir.string(), ec.message());
  const std::vector<std::pair<const char*, const std::string*>> files = {
      {"prog.uir", &kept.program},          {"data.txt", &kept.input_data},
      {"expected.txt", &kept.expected_out}, {"actual.txt", &kept.actual_out},
      {"actual-stderr.txt", &kept.actual_err}, {"kernel.c", &kept.rendered_c},
      {"driver.c", &kept.driver_c},         {"sanitizer_defaults.c", &kept.sanitizer_c},
      {"reproduce.sh", &kept.reproduce},    {"README.txt", &kept.summary}};
  for (const auto& [name, content] : files) {
    if (content->empty() && std::string_view(name) != "data.txt") continue;  // data.txt: stdin, even empty
    std::filesystem::path path = dir / name;
    std::ofstream out(path, std::ios::binary);
    out << *content;
    if (!out) return fmt::format("--keep: cannot write {}", path.string());
  }
  if (!kept.reproduce.empty()) chmod((dir / "reproduce.sh").c_str(), 0755);
  return std::nullopt;
}

}  // namespace uirgrade
