#include "class/class_roster.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"
#include "base/file_text.h"
#include "grader/student_prepare.h"
#include "base/csv.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// The compiler of a folder or the executable itself, and what is wrong with it
/// (grader/student_prepare.h).
Submission submission_at(const std::string& id, const fs::path& path) {
  HandedIn handed_in = handed_in_by_roster(path.string());
  std::optional<StudentProblem> problem = handed_in_problem(handed_in);
  return Submission{id, handed_in.executable, handed_in.folder, problem ? problem->reason : "", handed_in.recipe};
}

std::variant<std::vector<Submission>, std::string> from_directory(const fs::path& dir) {
  std::vector<Submission> students;
  std::set<std::string> taken;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_directory()) continue;  // a README or a stray file is not a student
    std::string name = entry.path().filename().string();
    if (name.starts_with(".")) continue;  // .git and the like
    // Any folder name is a student: one with odd characters is graded under its escaped name
    // (two names that escape alike get " (2)", " (3)"), never a reason to stop the class.
    std::string id = student_id_from_name(name);
    for (int copy = 2; taken.count(id); ++copy) id = fmt::format("{} ({})", student_id_from_name(name), copy);
    taken.insert(id);
    students.push_back(submission_at(id, entry.path()));
  }
  if (ec) return fmt::format("{}: cannot list: {}", printable_line(dir.string()), ec.message());
  return students;
}

std::variant<std::vector<Submission>, std::string> from_csv(const fs::path& csv) {
  std::optional<std::string> text = read_file_text(csv.string());
  if (!text) return fmt::format("{}: cannot read", csv.string());
  auto parsed = parse_csv(*text);
  if (auto* error = std::get_if<std::string>(&parsed)) return fmt::format("{}: {}", csv.string(), *error);
  std::vector<Submission> students;
  const auto& rows = std::get<std::vector<std::vector<std::string>>>(parsed);
  for (size_t k = 0; k < rows.size(); ++k) {
    const std::vector<std::string>& row = rows[k];
    int line = static_cast<int>(k) + 1;
    if (row.empty() || (row.size() == 1 && row[0].empty())) continue;
    if (k == 0 && row.size() >= 2 && row[0] == "id" && row[1] == "path") continue;  // a header row
    if (row.size() != 2)
      return fmt::format("{}:{}: expected 2 fields (id,path), got {}", csv.string(), line, row.size());
    std::string id = student_id_from_name(row[0]);
    if (auto why = invalid_student_id(id)) return fmt::format("{}:{}: student id: {}", csv.string(), line, *why);
    fs::path path = row[1];
    if (path.is_relative()) path = csv.parent_path() / path;
    students.push_back(submission_at(id, path));
  }
  return students;
}

}  // namespace

std::optional<std::string> invalid_student_id(std::string_view id) {
  if (id.empty()) return "empty";
  if (id == "." || id == "..") return fmt::format("\"{}\" cannot name a file", id);
  if (id.find('/') != std::string_view::npos) return "contains a /";
  return std::nullopt;
}

std::string student_id_from_name(std::string_view name) {
  std::string id = printable_line(name);
  if (id.size() > 200) id = elide_middle(id, 60);
  return id;
}

std::variant<std::vector<Submission>, std::string> load_roster(const std::string& submissions) {
  std::error_code ec;
  if (!fs::exists(submissions, ec)) return fmt::format("{}: no such directory or roster CSV", submissions);
  auto loaded = fs::is_directory(submissions, ec) ? from_directory(submissions) : from_csv(submissions);
  if (auto* error = std::get_if<std::string>(&loaded)) return *error;
  auto students = std::get<std::vector<Submission>>(std::move(loaded));
  std::sort(students.begin(), students.end(), [](const Submission& a, const Submission& b) { return a.id < b.id; });
  for (size_t k = 1; k < students.size(); ++k)
    if (students[k].id == students[k - 1].id) return fmt::format("{}: student {} is listed twice", submissions, students[k].id);
  if (students.empty()) return fmt::format("{}: no students", submissions);
  return students;
}

std::vector<Submission> select_student_shard(std::vector<Submission> students, const Shard& shard) {
  return deal_shard(std::move(students), shard, [](const Submission& student) { return student.id; });
}

}  // namespace uirgrade
