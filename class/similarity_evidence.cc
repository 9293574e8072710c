#include "class/similarity_evidence.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/sha256.h"
#include "base/file_text.h"
#include "grader/grade.h"
#include "oracle/oracle.h"
#include "reports/report_names.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

// Spec §6.2 refuses a kernel over 1 MiB before compiling it; nothing larger is worth keeping.
constexpr size_t kMaxKeptC = 1 << 20;

std::string sha_of(std::string_view bytes) {
  Sha256 sha;
  sha.raw(bytes);
  return sha.hex();
}

std::optional<std::string> write_file(const fs::path& path, const std::string& text) {
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

fs::path c_path(const std::string& out_dir, const std::string& sha) {
  return fs::path(similarity_dir(out_dir)) / "c" / (sha + ".c");
}

/// Keeps `c` under its hash (once: a file already there has these bytes) and sets *sha to it.
std::optional<std::string> keep_c(const std::string& out_dir, const std::string& c, std::string* sha) {
  std::string bytes = c.substr(0, kMaxKeptC);
  *sha = sha_of(bytes);
  std::error_code ec;
  if (fs::exists(c_path(out_dir, *sha), ec)) return std::nullopt;
  return write_file(c_path(out_dir, *sha), bytes);
}

std::string dump(const nlohmann::json& json) {
  return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

bool is_sha(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

/// label -> sha from a JSON object; false when it is not one (or a value is no SHA-256).
bool read_label_map(const nlohmann::json& json, std::map<std::string, std::string>& out) {
  if (!json.is_object()) return false;
  for (const auto& [label, sha] : json.items()) {
    if (!sha.is_string() || !is_sha(sha.get<std::string>())) return false;
    out[label] = sha.get<std::string>();
  }
  return true;
}

}  // namespace

void StudentOutputs::add(const TestCase& test, const std::string& rendered_c, const std::string& out,
                         const std::string& err) {
  // Printing nothing (a time-out, a crash) is what every broken compiler does alike: no digest.
  std::string_view first_err = std::string_view(err).substr(0, err.find('\n'));
  Sha256 sha;
  sha.field(out);
  sha.field(first_err);
  StudentOutput output{test.mode == Mode::Render ? rendered_c : "", out.empty() && first_err.empty() ? "" : sha.hex()};
  std::string label = result_label(result_naming(test));
  std::lock_guard lock(mutex_);
  by_label_[label] = std::move(output);  // a retried test: its last attempt
}

std::map<std::string, StudentOutput> StudentOutputs::take() {
  std::lock_guard lock(mutex_);
  return std::exchange(by_label_, {});
}

bool FailureSignature::operator<(const FailureSignature& other) const {
  return std::tie(test, verdict, digest) < std::tie(other.test, other.verdict, other.digest);
}

StudentEvidence student_evidence(const std::string& id, const std::vector<TestResult>& results,
                                 const std::map<std::string, StudentOutput>& outputs) {
  StudentEvidence evidence;
  evidence.id = id;
  for (const TestResult& result : results) {
    std::string label = result_label(result);
    auto output = outputs.find(label);
    if (output == outputs.end()) continue;  // not run: nothing printed
    if (!output->second.rendered_c.empty())
      evidence.renders[label] = sha_of(std::string_view(output->second.rendered_c).substr(0, kMaxKeptC));
    // A failure the grader caused or a test the budget left unrun says nothing of the student.
    if (result.verdict != Verdict::Pass && result.verdict != Verdict::InternalError &&
        result.verdict != Verdict::NotRun && !output->second.output_digest.empty())
      evidence.failures.push_back({label, std::string(verdict_name(result.verdict)), output->second.output_digest});
  }
  std::sort(evidence.failures.begin(), evidence.failures.end());
  return evidence;
}

std::string similarity_dir(const std::string& out_dir) { return (fs::path(out_dir) / "similarity").string(); }

std::optional<std::string> save_student_evidence(const std::string& out_dir, const StudentEvidence& evidence,
                                                 const std::map<std::string, StudentOutput>& outputs) {
  nlohmann::json renders = nlohmann::json::object();
  for (const auto& [label, output] : outputs) {
    if (output.rendered_c.empty() || !evidence.renders.contains(label)) continue;
    std::string sha;
    if (auto error = keep_c(out_dir, output.rendered_c, &sha)) return error;
    renders[label] = sha;
  }
  nlohmann::json failures = nlohmann::json::array();
  for (const FailureSignature& failure : evidence.failures)
    failures.push_back({{"test", failure.test}, {"verdict", failure.verdict}, {"digest", failure.digest}});
  nlohmann::json json = {{"id", evidence.id}, {"renders", renders}, {"failures", failures}};
  return write_file(fs::path(similarity_dir(out_dir)) / "students" / (evidence.id + ".json"), dump(json));
}

std::optional<std::string> save_oracle_renders(const std::string& out_dir,
                                               const std::map<std::string, std::string>& c_by_label) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [label, c] : c_by_label) {
    std::string sha;
    if (auto error = keep_c(out_dir, c, &sha)) return error;
    json[label] = sha;
  }
  return write_file(fs::path(similarity_dir(out_dir)) / "oracle.json", dump(json));
}

std::optional<std::string> save_oracle_renders(const std::string& out_dir, const std::vector<TestCase>& tests,
                                               const std::vector<ExpectedOrError>& expected) {
  std::map<std::string, std::string> c_by_label;
  for (size_t k = 0; k < tests.size() && k < expected.size(); ++k) {
    const Expected* outcome = std::get_if<Expected>(&expected[k]);
    if (tests[k].mode == Mode::Render && outcome && outcome->exit_code != 2)
      c_by_label[result_label(result_naming(tests[k]))] = uir::render_c(outcome->compiled);
  }
  return save_oracle_renders(out_dir, c_by_label);
}

std::variant<KeptEvidence, std::string> load_evidence(const std::string& out_dir) {
  KeptEvidence kept;
  const fs::path dir = similarity_dir(out_dir);
  const std::string oracle_path = (dir / "oracle.json").string();
  auto oracle_text = read_file_text(oracle_path);
  if (!oracle_text)
    return fmt::format("{}: cannot read it (was the class graded by a grade that keeps similarity evidence?)",
                       oracle_path);
  if (!read_label_map(nlohmann::json::parse(*oracle_text, nullptr, false), kept.oracle))
    return fmt::format("{}: not an object of test labels and SHA-256s", oracle_path);
  std::error_code ec;
  if (!fs::exists(dir / "students", ec)) return kept;  // no student graded yet
  for (const fs::directory_entry& entry : fs::directory_iterator(dir / "students", ec)) {
    if (entry.path().extension() != ".json") continue;
    const std::string path = entry.path().string();
    nlohmann::json json = nlohmann::json::parse(read_file_text_or_empty(path), nullptr, false);
    StudentEvidence evidence;
    if (!json.is_object() || !json.contains("id") || !json["id"].is_string() || !json.contains("renders") ||
        !read_label_map(json["renders"], evidence.renders) || !json.contains("failures") || !json["failures"].is_array())
      return fmt::format("{}: not a student's similarity evidence", path);
    evidence.id = json["id"].get<std::string>();
    for (const nlohmann::json& failure : json["failures"]) {
      if (!failure.is_object() || !failure.value("test", nlohmann::json()).is_string() ||
          !failure.value("verdict", nlohmann::json()).is_string() || !failure.value("digest", nlohmann::json()).is_string())
        return fmt::format("{}: a failure without test, verdict and digest", path);
      evidence.failures.push_back({failure["test"], failure["verdict"], failure["digest"]});
    }
    std::sort(evidence.failures.begin(), evidence.failures.end());
    kept.students.push_back(std::move(evidence));
  }
  if (ec) return fmt::format("{}: cannot list it: {}", (dir / "students").string(), ec.message());
  std::sort(kept.students.begin(), kept.students.end(),
            [](const StudentEvidence& a, const StudentEvidence& b) { return a.id < b.id; });
  return kept;
}

std::optional<std::string> merge_evidence(const std::vector<std::string>& shard_dirs, const std::string& out_dir) {
  const fs::path to = similarity_dir(out_dir);
  for (const std::string& shard : shard_dirs) {
    const fs::path from = similarity_dir(shard);
    std::error_code ec;
    if (!fs::is_directory(from, ec) || fs::equivalent(from, to, ec)) continue;
    fs::create_directories(to, ec);
    fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
    if (ec) return fmt::format("cannot copy {} into {}: {}", from.string(), to.string(), ec.message());
  }
  return std::nullopt;
}

std::optional<std::string> kept_c(const std::string& out_dir, const std::string& sha) {
  if (!is_sha(sha)) return std::nullopt;
  return read_file_text(c_path(out_dir, sha).string());
}

}  // namespace uirgrade
