#include "class/class_state.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/sha256.h"
#include "base/file_text.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// Writes `path` through a temporary file and a rename, so that it is either whole or absent.
std::optional<std::string> write_whole(const fs::path& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  fs::path temporary = path;
  temporary += ".partial";
  {
    std::ofstream file(temporary, std::ios::binary);
    file << text;
    file.close();
    if (!file) return fmt::format("cannot write {}", temporary.string());
  }
  fs::rename(temporary, path, ec);
  if (ec) return fmt::format("cannot rename {} to {}: {}", temporary.string(), path.string(), ec.message());
  return std::nullopt;
}

/// Each text of a result a class keeps in memory, at most (kept_in_memory below).
constexpr size_t kKeptTextBytes = 4096;

fs::path state_path(const std::string& out_dir, const std::string& id) {
  return fs::path(out_dir) / "state" / (id + ".json");
}

}  // namespace

std::string_view status_name(StudentStatus status) {
  switch (status) {
    case StudentStatus::Graded: return "graded";
    case StudentStatus::Missing: return "missing";
    case StudentStatus::NotExecutable: return "not-executable";
    case StudentStatus::Broken: return "broken";
    case StudentStatus::NotGraded: return "not-graded";
  }
  return "graded";
}

std::string run_key(const std::vector<TestCase>& tests, const GradeConfig& config,
                    const std::optional<double>& student_budget) {
  Sha256 sha;
  sha.field(fmt::format("seed {} week {} timeout {} budget {}", config.seed, config.week,
                        config.timeout_seconds.value_or(-1), student_budget.value_or(-1)));
  const ProcessLimits& limits = config.limits;
  sha.field(fmt::format("limits {} {} {} {} {} {}", limits.wall_seconds, limits.cpu_seconds, limits.memory_bytes,
                        limits.stdout_cap_bytes, limits.stderr_cap_bytes, limits.file_size_bytes));
  for (const TestCase& test : tests) {
    sha.field(test.name);
    sha.field(fmt::format("{} {} {} {} {} {} {}", static_cast<int>(test.mode), test.points,
                          static_cast<int>(test.visibility), test.minimized_shown, test.tolerance.rtol,
                          test.tolerance.atol, test.timeout_seconds.value_or(-1)));
    sha.field(test.source);  // every header (data, expectations) is in the source
  }
  return sha.hex();
}

std::string student_report_path(const std::string& out_dir, const std::string& id) {
  return (fs::path(out_dir) / "students" / (id + ".json")).string();
}

std::string student_text_report_path(const std::string& out_dir, const std::string& id) {
  return (fs::path(out_dir) / "students" / (id + ".txt")).string();
}

std::optional<StudentRecord> load_student(const std::string& out_dir, const std::string& id, const std::string& key) {
  auto state_text = read_file_text(state_path(out_dir, id));
  auto report_text = read_file_text(student_report_path(out_dir, id));
  if (!state_text || !report_text) return std::nullopt;
  nlohmann::json state = nlohmann::json::parse(*state_text, nullptr, false);
  if (!state.is_object() || state.value("key", "") != key) return std::nullopt;
  auto report = read_json(*report_text);
  if (!std::holds_alternative<Report>(report)) return std::nullopt;
  StudentRecord record;
  record.id = id;
  record.key = key;
  record.reason = state.value("reason", "");
  std::string status = state.value("status", "");
  for (StudentStatus candidate : {StudentStatus::Graded, StudentStatus::Missing, StudentStatus::NotExecutable,
                                  StudentStatus::Broken})
    if (status == status_name(candidate)) record.status = candidate;
  record.report = std::get<Report>(std::move(report));
  return record;
}

void keep_summary_only(StudentRecord& record) {
  for (TestResult& result : record.report.results)
    for (std::string* text : {&result.message, &result.details, &result.reproduce, &result.description,
                              &result.context, &result.minimized, &result.minimized_message}) {
      if (text->size() <= kKeptTextBytes) continue;
      size_t cut = kKeptTextBytes;
      while (cut > 0 && (static_cast<unsigned char>((*text)[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
      *text = text->substr(0, cut) + "\n... (cut here; the whole text is in the student's report)";
    }
}

std::optional<std::string> save_student(const std::string& out_dir, const StudentRecord& record) {
  std::ostringstream report, text;
  write_json(record.report, report);
  if (auto error = write_whole(student_report_path(out_dir, record.id), report.str())) return error;
  // The text report now too, while the whole record is at hand: the class keeps only its summary.
  write_text(record.report, text);
  if (auto error = write_whole(student_text_report_path(out_dir, record.id), text.str())) return error;
  nlohmann::json state = {{"id", record.id}, {"key", record.key}, {"status", status_name(record.status)},
                          {"reason", record.reason}};
  // dump's `replace` handler: a reason quoting a student's bytes stays valid JSON.
  return write_whole(state_path(out_dir, record.id), state.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace uirgrade
