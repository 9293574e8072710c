#include "class/similarity_sources.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/text_lines.h"
#include "grader/feedback/display_text.h"
#include "base/file_text.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

/// Folders that hold what a build made or fetched, not what the student wrote.
bool skipped_folder(const std::string& name) {
  static const std::set<std::string> names = {"node_modules", "target", "_build", "build", "dist-newstyle",
                                              ".stack-work", "__pycache__", "bin", "obj", "out"};
  return name.starts_with(".") || names.contains(name);
}

std::string mib(uint64_t bytes) { return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1 << 20)); }

/// The bytes of a regular file, opened without following a symbolic link and read at most to `cap`
/// (+1, to see that it is over); nullopt when it cannot be opened as one.
std::optional<std::string> read_regular(const fs::path& path, uint64_t cap, uint64_t* size) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return std::nullopt;
  }
  *size = static_cast<uint64_t>(st.st_size);
  std::string bytes;
  char buffer[65536];
  while (bytes.size() <= cap) {
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    bytes.append(buffer, static_cast<size_t>(got));
  }
  ::close(fd);
  *size = std::max<uint64_t>(*size, bytes.size());
  return bytes;
}

/// A file sim reads as text: no NUL byte and valid UTF-8 (what sim takes, its manual says).
bool looks_like_text(std::string_view bytes) {
  size_t k = 0;
  while (k < bytes.size()) {
    unsigned char c = static_cast<unsigned char>(bytes[k]);
    if (c == 0) return false;
    size_t more = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : 9;
    if (more == 9 || (more > 0 && k + more >= bytes.size())) return false;
    for (size_t j = 1; j <= more; ++j)
      if ((static_cast<unsigned char>(bytes[k + j]) >> 6) != 0x2) return false;
    k += more + 1;
  }
  return true;
}

std::string dump(const nlohmann::json& json) {
  return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

fs::path sources_dir(const std::string& out_dir, const std::string& id) {
  return fs::path(out_dir) / "similarity" / "sources" / id;
}

}  // namespace

std::string source_tool_for(std::string_view file_name) {
  std::string name = lower(file_name);
  size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot == 0) return "";
  std::string ext = name.substr(dot + 1);
  static const std::map<std::string, std::string> tools = {
      {"c", "sim_c"},        {"h", "sim_c"},        {"cc", "sim_c++"},     {"cpp", "sim_c++"},
      {"cxx", "sim_c++"},    {"c++", "sim_c++"},    {"hh", "sim_c++"},     {"hpp", "sim_c++"},
      {"hxx", "sim_c++"},    {"java", "sim_java"},  {"pas", "sim_pasc"},
      {"mod", "sim_m2"},     {"mi", "sim_m2"},      {"lisp", "sim_lisp"},  {"lsp", "sim_lisp"},
      {"el", "sim_lisp"},
      // Languages sim has no lexer for: compared as text (words, not tokens).
      {"py", "sim_text"},    {"rs", "sim_text"},    {"go", "sim_text"},    {"ml", "sim_text"},
      {"mli", "sim_text"},   {"hs", "sim_text"},    {"scala", "sim_text"}, {"kt", "sim_text"},
      {"js", "sim_text"},    {"ts", "sim_text"},    {"mjs", "sim_text"},   {"rb", "sim_text"},
      {"cs", "sim_text"},    {"fs", "sim_text"},    {"swift", "sim_text"}, {"zig", "sim_text"},
      {"nim", "sim_text"},   {"jl", "sim_text"},    {"lua", "sim_text"},
      {"ex", "sim_text"},    {"erl", "sim_text"},   {"clj", "sim_text"},   {"rkt", "sim_text"},
      {"scm", "sim_text"},   {"sml", "sim_text"},   {"v", "sim_text"},     {"dart", "sim_text"},
  };
  auto tool = tools.find(ext);
  return tool == tools.end() ? "" : tool->second;
}

SourceTree read_source_tree(const std::string& folder) {
  SourceTree tree;
  std::vector<fs::path> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::error_code status_ec;
    fs::file_status status = entry.symlink_status(status_ec);
    std::string name = entry.path().filename().string();
    if (fs::is_directory(status)) {
      if (skipped_folder(name) || it.depth() >= 8) it.disable_recursion_pending();
      continue;
    }
    if (!fs::is_regular_file(status) || source_tool_for(name).empty()) continue;  // links are not followed
    found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  uint64_t total = 0;
  for (const fs::path& path : found) {
    const std::string relative = path.lexically_relative(folder).string();
    const std::string shown = shown_line(relative);
    if (tree.files.size() >= kMaxSourceFiles) {
      tree.skipped.push_back(fmt::format("{} more source files past the first {}", found.size() - kMaxSourceFiles,
                                         kMaxSourceFiles));
      break;
    }
    uint64_t size = 0;
    std::optional<std::string> bytes = read_regular(path, kMaxSourceFileBytes, &size);
    if (!bytes) {
      tree.skipped.push_back(shown + ": cannot be read as a regular file");
    } else if (size > kMaxSourceFileBytes) {
      tree.skipped.push_back(fmt::format("{}: {}, over the {} KiB a source file may have", shown, mib(size),
                                         kMaxSourceFileBytes >> 10));
    } else if (!looks_like_text(*bytes)) {
      tree.skipped.push_back(shown + ": not text (a NUL byte or invalid UTF-8)");
    } else if (total + size > kMaxSourceBytes) {
      tree.skipped.push_back(fmt::format("{}: past the {} a submission's sources may have", shown, mib(kMaxSourceBytes)));
    } else {
      total += size;
      tree.files.push_back({relative, source_tool_for(path.filename().string()), std::move(*bytes)});
    }
  }
  return tree;
}

std::optional<std::string> save_student_sources(const std::string& out_dir, const std::string& id, const SourceTree& tree) {
  const fs::path dir = sources_dir(out_dir, id);
  std::error_code ec;
  fs::remove_all(dir, ec);
  fs::create_directories(dir, ec);
  if (ec) return fmt::format("cannot create {}: {}", dir.string(), ec.message());
  nlohmann::json files = nlohmann::json::array();
  for (size_t k = 0; k < tree.files.size(); ++k) {
    const std::string kept = fmt::format("{}.src", k);
    std::ofstream file(dir / kept, std::ios::binary);
    file << tree.files[k].text;
    file.close();
    if (!file) return fmt::format("cannot write {}", (dir / kept).string());
    files.push_back({{"path", tree.files[k].path}, {"tool", tree.files[k].tool}, {"kept", kept}});
  }
  nlohmann::json manifest = {{"id", id}, {"files", files}, {"skipped", tree.skipped}};
  std::ofstream file(dir / "files.json", std::ios::binary);
  file << dump(manifest);
  file.close();
  if (!file) return fmt::format("cannot write {}", (dir / "files.json").string());
  return std::nullopt;
}

std::variant<std::optional<SourceTree>, std::string> load_student_sources(const std::string& out_dir,
                                                                          const std::string& id) {
  const fs::path dir = sources_dir(out_dir, id);
  const std::string manifest_path = (dir / "files.json").string();
  std::error_code ec;
  if (!fs::exists(manifest_path, ec)) return std::optional<SourceTree>{};
  nlohmann::json manifest = nlohmann::json::parse(read_file_text_or_empty(manifest_path), nullptr, false);
  if (!manifest.is_object() || !manifest.value("files", nlohmann::json()).is_array())
    return fmt::format("{}: not a manifest of kept source files", manifest_path);
  SourceTree tree;
  for (const nlohmann::json& file : manifest["files"]) {
    if (!file.is_object() || !file.value("path", nlohmann::json()).is_string() ||
        !file.value("tool", nlohmann::json()).is_string() || !file.value("kept", nlohmann::json()).is_string())
      return fmt::format("{}: a file without path, tool and kept", manifest_path);
    std::string kept = file["kept"];
    if (kept.find('/') != std::string::npos || kept.starts_with("."))
      return fmt::format("{}: kept file name {} is not one of this folder", manifest_path, shown_line(kept));
    std::optional<std::string> text = read_file_text((dir / kept).string());
    if (!text) return fmt::format("{}: cannot read it", (dir / kept).string());
    tree.files.push_back({file["path"], file["tool"], std::move(*text)});
  }
  if (manifest.value("skipped", nlohmann::json()).is_array())
    for (const nlohmann::json& note : manifest["skipped"])
      if (note.is_string()) tree.skipped.push_back(note);
  return std::optional<SourceTree>{std::move(tree)};
}

std::map<std::string, std::vector<std::pair<int, int>>> parse_sim_runs(std::string_view output) {
  static const std::regex run(R"(^(\S+): line (\d+)-(\d+)\s*\|(\S+): line (\d+)-(\d+)\s*\[(\d+)\]\s*$)");
  std::map<std::string, std::vector<std::pair<int, int>>> ranges;
  for (std::string_view text : split_lines(output)) {
    const std::string line(text);  // std::regex matches std::string, not string_view
    std::smatch match;
    if (std::regex_match(line, match, run))
      ranges[match[1]].push_back({std::stoi(match[2]), std::stoi(match[3])});
  }
  return ranges;
}

SimPercentages parse_sim_percentages(std::string_view output) {
  static const std::regex file(R"(^File (\S+): (\d+) tokens?, .*$)");
  static const std::regex share(R"(^(\S+) consists for (\d+) % of (\S+) material$)");
  SimPercentages parsed;
  for (std::string_view text : split_lines(output)) {
    const std::string line(text);  // std::regex matches std::string, not string_view
    std::smatch match;
    if (std::regex_match(line, match, file)) parsed.tokens[match[1]] = std::stod(match[2]);
    else if (std::regex_match(line, match, share))
      parsed.shares.emplace_back(match[1], match[3], std::stod(match[2]));
  }
  return parsed;
}

namespace {

/// One file of a sim run: whose it is and its text as sim is given it.
struct RunFile {
  std::string owner;  // student id
  size_t index = 0;   // in the owner's tree
  std::string text;
};

std::string blank_lines(const std::string& text, const std::vector<std::pair<int, int>>& ranges) {
  std::string out;
  int line = 1;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    bool last = end == std::string::npos;
    if (last) end = text.size();
    bool blank = std::any_of(ranges.begin(), ranges.end(), [&](auto range) { return line >= range.first && line <= range.second; });
    if (!blank) out.append(text, start, end - start);
    if (!last) out += '\n';
    start = end + 1;
    ++line;
  }
  return out;
}

/// Runs `tool` over the files f0..f(n-1) (then `/` and h0.. when `old` is not empty) with `options`.
ProcessResult run_sim(CommandRunner& runner, const SourceToolConfig& config, const std::string& tool,
                      const std::vector<std::string>& options, const std::vector<RunFile>& files,
                      const std::vector<std::string>& old) {
  ProcessRequest request;
  request.argv = {config.bin_dir + "/" + tool};
  for (const std::string& option : options) request.argv.push_back(option);
  request.argv.push_back("-i");  // the names come on stdin, one a line: none of them is an option
  uint64_t bytes = 0;
  for (size_t k = 0; k < files.size(); ++k) {
    request.files.emplace_back(fmt::format("f{}", k), files[k].text);
    request.stdin_data += fmt::format("f{}\n", k);
    bytes += files[k].text.size();
  }
  if (!old.empty()) request.stdin_data += "/\n";
  for (size_t k = 0; k < old.size(); ++k) {
    request.files.emplace_back(fmt::format("h{}", k), old[k]);
    request.stdin_data += fmt::format("h{}\n", k);
    bytes += old[k].size();
  }
  request.limits.wall_seconds = config.wall_seconds;
  request.limits.cpu_seconds = config.wall_seconds;
  request.limits.stdout_cap_bytes = config.output_cap_bytes;
  request.limits.stderr_cap_bytes = 64 << 10;
  request.limits.workdir_bytes = bytes + (16 << 20);
  request.limits.workdir_files = request.files.size() + 64;
  request.limits.file_size_bytes = 1 << 20;  // sim writes nothing but its output
  return runner.run(request);
}

/// Why a run of sim did not give all its output; empty when it did.
std::string run_problem(const ProcessResult& result) {
  if (!result.started) return "it did not start: " + result.internal_error;
  if (result.timed_out || result.cpu_limit) return fmt::format("it was stopped at its time limit after {:.0f} s", result.wall_seconds);
  if (result.stdout_truncated) return "its output was cut at the cap";
  if (!result.exited || result.exit_code != 0)
    return fmt::format("it failed ({}): {}", result.signal ? fmt::format("signal {}", result.signal)
                                                           : fmt::format("exit {}", result.exit_code),
                       shown_line(result.err.substr(0, result.err.find('\n'))));
  return "";
}

/// The students' files, grouped by the sim tool that reads them; counts and skipped files noted in `result`.
std::map<std::string, std::vector<RunFile>> files_by_tool(const std::map<std::string, SourceTree>& students,
                                                          const SourceTree* handout, SourceSimilarity& result) {
  std::map<std::string, std::vector<RunFile>> by_tool;
  for (const auto& [id, tree] : students) {
    if (!tree.files.empty()) ++result.students_with_sources;
    for (size_t k = 0; k < tree.files.size(); ++k) by_tool[tree.files[k].tool].push_back({id, k, tree.files[k].text});
    for (const std::string& skipped : tree.skipped) result.notes.push_back(shown_line(id) + ": skipped " + skipped);
    result.files += tree.files.size();
  }
  if (handout)
    for (const std::string& skipped : handout->skipped) result.notes.push_back("handout: skipped " + skipped);
  return by_tool;
}

/// Per pair of students: tokens shared, and per file pair.
struct PairSum {
  double shared = 0;
  std::set<std::string> tools;
  std::vector<std::tuple<std::string, std::string, double>> files;
};
using PairSums = std::map<std::pair<std::string, std::string>, PairSum>;

/// The handout's text is no evidence: blanks the lines of each file in a run found in the handout's
/// files `old`. False, noted in `result`, when sim failed: then this tool's files are not compared.
bool blank_handout_text(const std::string& tool, std::vector<RunFile>& files, const std::vector<std::string>& old,
                        CommandRunner& runner, const SourceToolConfig& config, SourceSimilarity& result) {
  if (old.empty()) return true;
  ProcessResult found = run_sim(runner, config, tool, {"-S", "-n", "-w", "200"}, files, old);
  if (std::string problem = run_problem(found); !problem.empty()) {
    result.notes.push_back(fmt::format("{} against the handout: {}; this language's sources were not compared", tool, problem));
    return false;
  }
  auto ranges = parse_sim_runs(found.out);
  for (size_t k = 0; k < files.size(); ++k) {
    auto blank = ranges.find(fmt::format("f{}", k));
    if (blank != ranges.end()) files[k].text = blank_lines(files[k].text, blank->second);
  }
  return true;
}

/// Every file against every other, in percentages; nullopt, noted in `result`, when sim gave
/// nothing to keep.
std::optional<SimPercentages> compare_every_pair(const std::string& tool, const std::vector<RunFile>& files,
                                                 bool with_handout, std::chrono::steady_clock::time_point start,
                                                 CommandRunner& runner, const SourceToolConfig& config,
                                                 SourceSimilarity& result) {
  ProcessResult compared =
      run_sim(runner, config, tool, {"-p", "-s", "-u", "-t", std::to_string(config.threshold_percent)}, files, {});
  std::string problem = run_problem(compared);
  if (!problem.empty()) {
    if (!compared.started || !(compared.timed_out || compared.cpu_limit || compared.stdout_truncated)) {
      result.notes.push_back(fmt::format("{} over {} files: {}; this language's sources were not compared", tool,
                                         files.size(), problem));
      return std::nullopt;
    }
    result.notes.push_back(fmt::format("{} over {} files: {}; the pairs it reported before are kept (-u)", tool,
                                       files.size(), problem));
  }
  result.runs.push_back(fmt::format("{} over {} files{}: {:.1f} s", tool, files.size(), with_handout ? " (and the handout)" : "",
                                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
  return parse_sim_percentages(compared.out);
}

/// Adds one tool's shares to the pairs' sums and its tokens to each student's.
void add_shares(const std::string& tool, const std::vector<RunFile>& files, SimPercentages& parsed,
                const std::map<std::string, SourceTree>& students, PairSums& sums,
                std::map<std::string, double>& tokens_of) {
  auto file_of = [&](const std::string& name) -> const RunFile* {
    if (name.size() < 2 || name[0] != 'f') return nullptr;
    size_t k = 0;
    for (char c : name.substr(1)) {
      if (c < '0' || c > '9') return nullptr;
      k = k * 10 + static_cast<size_t>(c - '0');
      if (k >= files.size()) return nullptr;
    }
    return &files[k];
  };
  for (size_t k = 0; k < files.size(); ++k) tokens_of[files[k].owner] += parsed.tokens[fmt::format("f{}", k)];
  // Each file's share of each other student, capped at the file's own tokens.
  std::map<std::pair<const RunFile*, std::string>, double> file_share;
  for (const auto& [f, g, percent] : parsed.shares) {
    const RunFile* from = file_of(f);
    const RunFile* to = file_of(g);
    if (!from || !to || from->owner == to->owner) continue;
    double tokens = parsed.tokens[f] * percent / 100;
    double& share = file_share[{from, to->owner}];
    double added = std::min(tokens, parsed.tokens[f] - share);
    if (added <= 0) continue;
    share += added;
    auto key = from->owner < to->owner ? std::pair{from->owner, to->owner} : std::pair{to->owner, from->owner};
    PairSum& sum = sums[key];
    sum.shared += added;
    sum.tools.insert(tool);
    const std::string& path_from = students.at(from->owner).files[from->index].path;
    const std::string& path_to = students.at(to->owner).files[to->index].path;
    if (from->owner == key.first) sum.files.emplace_back(path_from, path_to, added);
    else sum.files.emplace_back(path_to, path_from, added);
  }
}

/// The pairs, scored, highest first.
std::vector<SourcePair> scored_pairs(PairSums& sums, std::map<std::string, double>& tokens_of) {
  std::vector<SourcePair> pairs;
  for (auto& [key, sum] : sums) {
    SourcePair pair;
    pair.a = key.first;
    pair.b = key.second;
    pair.tokens_a = tokens_of[pair.a];
    pair.tokens_b = tokens_of[pair.b];
    // The shared text is counted once from each file it was found in: never more than either side.
    pair.shared_tokens = std::min({sum.shared, pair.tokens_a, pair.tokens_b});
    pair.score = pair.shared_tokens / (std::min(pair.tokens_a, pair.tokens_b) + kSourcePriorTokens);
    for (const std::string& tool : sum.tools) pair.tools += (pair.tools.empty() ? "" : ", ") + tool;
    std::stable_sort(sum.files.begin(), sum.files.end(),
                     [](const auto& x, const auto& y) { return std::get<2>(x) > std::get<2>(y); });
    if (sum.files.size() > 3) sum.files.resize(3);
    pair.files = std::move(sum.files);
    pairs.push_back(std::move(pair));
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const SourcePair& x, const SourcePair& y) { return x.score > y.score; });
  return pairs;
}

}  // namespace

SourceSimilarity compare_sources(const std::map<std::string, SourceTree>& students, const SourceTree* handout,
                                 CommandRunner& runner, const SourceToolConfig& config) {
  SourceSimilarity result;
  result.handout = handout != nullptr;
  std::map<std::string, std::vector<RunFile>> by_tool = files_by_tool(students, handout, result);
  PairSums sums;
  std::map<std::string, double> tokens_of;  // per student, tokens over every tool
  for (auto& [tool, files] : by_tool) {
    const std::string program = config.bin_dir + "/" + tool;
    if (::access(program.c_str(), X_OK) != 0) {
      std::set<std::string> owners;
      for (const RunFile& file : files) owners.insert(file.owner);
      result.notes.push_back(fmt::format(
          "{} is not installed (apt-get install similarity-tester): the {} files of {} students it reads were not "
          "compared by their source",
          program, files.size(), owners.size()));
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> old;
    if (handout)
      for (const SourceFile& file : handout->files)
        if (file.tool == tool) old.push_back(file.text);
    if (!blank_handout_text(tool, files, old, runner, config, result)) continue;
    std::optional<SimPercentages> parsed = compare_every_pair(tool, files, !old.empty(), start, runner, config, result);
    if (!parsed) continue;
    add_shares(tool, files, *parsed, students, sums, tokens_of);
  }
  result.pairs = scored_pairs(sums, tokens_of);
  return result;
}

}  // namespace uirgrade
