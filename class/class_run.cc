#include "class/class_run.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "base/file_text.h"
#include "reports/report_names.h"

namespace uirgrade {
namespace {

constexpr const char* kManifest = "class.json";

}  // namespace

std::optional<std::string> save_class_manifest(const std::string& out_dir, const ClassRun& run) {
  nlohmann::json tests = nlohmann::json::array();
  for (const TestResult& test : run.tests) {
    auto about = run.about_by_test.find(result_label(test));
    tests.push_back({{"name", test.name}, {"suite", test.suite}, {"week", test.week},
                     {"mode", test.mode == Mode::Run ? "run" : "render"}, {"max_points", test.max_points},
                     {"about", about == run.about_by_test.end() ? "" : about->second}});
  }
  nlohmann::json students = nlohmann::json::array();
  for (const StudentRecord& student : run.students)
    if (student.status != StudentStatus::NotGraded) students.push_back({{"id", student.id}, {"key", student.key}});
  nlohmann::json manifest = {{"week", run.week}, {"seed", run.seed}, {"tests_key", run.tests_key},
                             {"shard", run.shard ? fmt::format("{}/{}", run.shard->index, run.shard->count) : ""},
                             {"tests", tests}, {"students", students}};
  if (!run.incomplete.empty()) manifest["incomplete"] = run.incomplete;
  std::filesystem::path path = std::filesystem::path(out_dir) / kManifest;
  std::ofstream file(path, std::ios::binary);
  file << manifest.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  file.close();
  if (!file) return fmt::format("cannot write {}", path.string());
  return std::nullopt;
}

std::variant<ClassRun, std::string> load_class_dir(const std::string& dir) {
  std::filesystem::path path = std::filesystem::path(dir) / kManifest;
  std::optional<std::string> text = read_file_text(path.string());
  if (!text) return fmt::format("{}: cannot read (is {} a `grade class --out` directory?)", path.string(), dir);
  try {
    nlohmann::json manifest = nlohmann::json::parse(*text);
    ClassRun run;
    run.week = manifest.at("week").get<int>();
    run.seed = manifest.at("seed").get<uint64_t>();
    run.tests_key = manifest.at("tests_key").get<std::string>();
    if (std::string incomplete = manifest.value("incomplete", ""); !incomplete.empty())
      return fmt::format("{}: the run was not finished ({}): run the same `grade class` again to grade the rest",
                         path.string(), incomplete);
    if (std::string shard = manifest.at("shard").get<std::string>(); !shard.empty()) run.shard = parse_shard(shard);
    for (const nlohmann::json& test : manifest.at("tests")) {
      TestResult result;
      result.name = test.at("name").get<std::string>();
      result.suite = test.at("suite").get<std::string>();
      result.week = test.at("week").get<int>();
      result.mode = test.at("mode").get<std::string>() == "run" ? Mode::Run : Mode::Render;
      result.max_points = test.at("max_points").get<double>();
      if (std::string about = test.value("about", ""); !about.empty()) run.about_by_test[result_label(result)] = about;
      run.tests.push_back(std::move(result));
    }
    for (const nlohmann::json& student : manifest.at("students")) {
      std::string id = student.at("id").get<std::string>();
      auto record = load_student(dir, id, student.at("key").get<std::string>());
      if (!record) return fmt::format("{}: student {}: its report or state is missing or stale", dir, id);
      run.students.push_back(std::move(*record));
    }
    return run;
  } catch (const nlohmann::json::exception& error) {
    return fmt::format("{}: {}", path.string(), error.what());
  }
}

std::variant<ClassRun, std::string> merge_class_shards(const std::vector<ClassRun>& shards) {
  if (shards.empty()) return std::string("no class directories to merge");
  const ClassRun& first = shards.front();
  if (!first.shard) return std::string("the first directory is not a shard (graded without --shard)");
  std::map<int, const ClassRun*> by_index;
  for (const ClassRun& shard : shards) {
    if (!shard.shard || shard.shard->count != first.shard->count)
      return std::string("the directories come from runs split in different ways");
    if (shard.tests_key != first.tests_key || shard.seed != first.seed || shard.week != first.week)
      return fmt::format("shard {}/{} graded other tests, seed or week than shard {}/{}", shard.shard->index,
                         shard.shard->count, first.shard->index, first.shard->count);
    if (!by_index.emplace(shard.shard->index, &shard).second)
      return fmt::format("shard {}/{} is given twice", shard.shard->index, shard.shard->count);
  }
  std::vector<std::string> missing;
  for (int k = 1; k <= first.shard->count; ++k)
    if (!by_index.count(k)) missing.push_back(fmt::format("{}/{}", k, first.shard->count));
  if (!missing.empty()) return fmt::format("shard(s) {} missing", fmt::join(missing, ", "));

  ClassRun merged = first;
  merged.shard.reset();
  merged.students.clear();
  for (const auto& [index, shard] : by_index)
    for (const StudentRecord& student : shard->students) merged.students.push_back(student);
  std::sort(merged.students.begin(), merged.students.end(),
            [](const StudentRecord& a, const StudentRecord& b) { return a.id < b.id; });
  for (size_t k = 1; k < merged.students.size(); ++k)
    if (merged.students[k].id == merged.students[k - 1].id)
      return fmt::format("student {} is in two shards", merged.students[k].id);
  return merged;
}

}  // namespace uirgrade
