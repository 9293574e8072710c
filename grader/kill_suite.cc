// Every kept test is written with explicit data and exact f32 comparison (rtol = atol = 0: spec §2
// defines every f32 operation exactly, and a 1-ulp bug such as fused-multiply-add only shows
// exactly), and every invalid test with `# error:`, so that what killed a mutant during selection
// kills it again when the written suite is graded.
#include "grader/kill_suite.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "generators/fuzz.h"
#include "grader/mutants_command.h"
#include "grader/suite.h"
#include "oracle/mutants.h"
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

/// The program of a catalogue file without its leading comment block.
std::string program_part(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  bool started = false;
  while (std::getline(in, line)) {
    started = started || (!line.empty() && line[0] != '#');
    if (started) out += line + "\n";
  }
  return out;
}

std::string header_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# " + key + ": ", 0) == 0) return line.substr(key.size() + 4);
  return "";
}

/// A catalogue program as a test file: its stdin as `# data` lines, the oracle's exit (and rule).
std::optional<TestCase> catalogue_test(const uir::MutantInfo& m, int week) {
  std::string path = std::string(UIRGRADE_SOURCE_DIR) + "/oracle/testdata/mutants/" + std::string(m.name) + ".uir";
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str(), program = program_part(text);
  std::string data = header_value(text, "stdin"), data_headers, stdin_text;
  for (size_t at = 0; at != std::string::npos;) {
    size_t bar = data.find(" | ", at);
    std::string slot = data.substr(at, bar == std::string::npos ? std::string::npos : bar - at);
    data_headers += "# data " + slot + "\n";
    stdin_text += slot + "\n";
    at = bar == std::string::npos ? bar : bar + 3;
  }
  std::string headers = data_headers;
  if (header_value(text, "command") == "render") headers += "# render\n";
  uir::Compiled compiled = uir::compile("prog.uir", program);
  if (compiled.error) {
    headers = fmt::format("# expect: exit 2\n# error: {}\n", uir::rule_info(compiled.error->rule).id);
  } else {
    auto parsed = uir::parse_slot_data(stdin_text, uir::slot_specs(compiled.program));
    if (!std::holds_alternative<std::vector<uir::SlotData>>(parsed)) return std::nullopt;
    uir::RunResult r = uir::run(compiled, std::get<std::vector<uir::SlotData>>(parsed));
    headers = fmt::format("# expect: exit {}\n", r.exit_code) + headers;
  }
  headers += fmt::format("# From the mutant catalogue: {} (docs/mutants.md).\n", m.name);
  auto test = parse_test_file(path, headers + program, "kill/" + std::string(m.name), "kill", week);
  if (!std::holds_alternative<TestCase>(test)) return std::nullopt;
  return std::get<TestCase>(test);
}

void exact(TestCase& test) { test.tolerance = Tolerance{0, 0}; }

}  // namespace

int write_kill_suite(const KillSuiteOptions& options, std::ostream& out) {
  std::vector<TestCase> candidates = uirgen::make_fuzz_tests(
      options.week, {{"valid", options.candidates - options.candidates / 4}, {"invalid", options.candidates / 4}},
      options.seed);
  size_t generated = candidates.size();
  for (const uir::MutantInfo& m : uir::mutant_catalogue())
    if (m.week <= options.week)
      if (std::optional<TestCase> test = catalogue_test(m, options.week)) candidates.push_back(std::move(*test));
  for (TestCase& test : candidates) exact(test);
  std::vector<std::string> names;
  for (const uir::MutantInfo& m : uir::mutant_catalogue())
    if (m.week <= options.week) names.emplace_back(m.name);

  KillMatrix matrix = kill_matrix(candidates, names, options.week, options.seed, options.jobs);
  std::map<std::string, size_t> index_of;  // matrix test name -> candidate
  for (size_t k = 0; k < candidates.size(); ++k)
    index_of[candidates[k].name + (candidates[k].mode == Mode::Render ? ":render" : "")] = k;
  std::set<std::string> uncovered;
  for (const MutantRow& row : matrix.mutants)
    if (!row.killed_by.empty()) uncovered.insert(row.name);
  std::vector<size_t> kept;
  while (!uncovered.empty()) {
    size_t best = 0, best_kills = 0;
    int best_size = 0;
    for (size_t t = 0; t < matrix.tests.size(); ++t) {
      size_t kills = 0;
      for (const std::string& m : matrix.tests[t].second) kills += uncovered.count(m);
      int size = uirgen::count_statements(candidates[index_of[matrix.tests[t].first]].source);
      if (kills > best_kills || (kills == best_kills && kills > 0 && size < best_size))
        best = t, best_kills = kills, best_size = size;
    }
    if (best_kills == 0) break;
    for (const std::string& m : matrix.tests[best].second) uncovered.erase(m);
    kept.push_back(index_of[matrix.tests[best].first]);
  }

  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(options.out_dir) / "kill", ec);
  std::string manifest = fmt::format("# Written by: uirgen --kill-mutants --week {} --seed {} --candidates {}\n"
                                     "week: {}\ndefaults:\n  visibility: hidden\n  rtol: 0\n  atol: 0\ntests:\n",
                                     options.week, options.seed, options.candidates, options.week);
  int max_statements = 0, min_statements = 1 << 30, total_statements = 0;
  for (size_t k = 0; k < kept.size(); ++k) {
    const TestCase& test = candidates[kept[k]];
    std::string stem = fmt::format("kill_{:02}", k + 1);
    std::ofstream(fs::path(options.out_dir) / "kill" / (stem + ".uir"), std::ios::binary) << test.source;
    manifest += fmt::format("  {}: {{}}\n", stem);
    int statements = uirgen::count_statements(test.source);
    max_statements = std::max(max_statements, statements);
    min_statements = std::min(min_statements, statements);
    total_statements += statements;
  }
  std::ofstream(fs::path(options.out_dir) / "kill" / "suite.yaml") << manifest;
  bool written = false;
  {
    std::ofstream weeks(fs::path(options.out_dir) / "weeks.yaml");
    weeks << fmt::format("# Written by uirgen --kill-mutants: the kill suite alone.\nweeks:\n  {}:\n    suites: [kill]\n",
                         options.week);
    written = static_cast<bool>(weeks);
  }
  if (!written) {
    out << "uirgen: cannot write " << options.out_dir << "\n";
    return 2;
  }

  // Grade the written suite again, from disk, as `grade --mutants --suites DIR` would.
  auto loaded = load_week(options.out_dir, options.week);
  if (auto* error = std::get_if<SuiteError>(&loaded)) {
    out << format_suite_error(*error) << "\n";
    return 2;
  }
  KillMatrix check = kill_matrix(std::get<LoadedWeek>(loaded).tests, names, options.week, options.seed, options.jobs);
  std::vector<std::string> survivors;
  for (const MutantRow& row : check.mutants)
    if (row.killed_by.empty()) survivors.push_back(row.name);
  out << fmt::format("uirgen: kill suite in {}/kill: {} tests ({} to {} statements, {:.1f} on average), from {} "
                     "candidates ({} generated, {} from the catalogue); graded again from disk it kills {} of {} "
                     "mutants in {:.1f} s\n",
                     options.out_dir, kept.size(), kept.empty() ? 0 : min_statements, max_statements,
                     kept.empty() ? 0.0 : static_cast<double>(total_statements) / kept.size(), candidates.size(),
                     generated, candidates.size() - generated, names.size() - survivors.size(), names.size(),
                     matrix.seconds + check.seconds);
  if (!survivors.empty()) out << fmt::format("uirgen: no candidate kills: {}\n", fmt::join(survivors, ", "));
  return survivors.empty() ? 0 : 1;
}

}  // namespace uirgrade
