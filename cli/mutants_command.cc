#include "cli/mutants_command.h"

#include <fstream>
#include <map>
#include <ostream>

#include <fmt/format.h>

#include "reports/json_writer.h"
#include "testcase/suite.h"
#include "base/comma_list.h"
#include "mutation/catalogue.h"

namespace uirgrade {

void write_kill_matrix_text(const KillMatrix& matrix, std::ostream& out) {
  out << fmt::format("Kill matrix, week {}, seed {}: {} mutants x {} tests in {:.1f} s\n\n", matrix.week, matrix.seed,
                     matrix.mutants.size(), matrix.tests.size(), matrix.seconds);
  std::vector<std::string> survivors;
  for (const MutantRow& row : matrix.mutants) {
    std::string first;
    for (size_t k = 0; k < row.killed_by.size() && k < 3; ++k) first += (k ? ", " : "") + row.killed_by[k];
    if (row.killed_by.size() > 3) first += ", ...";
    // The work column: `# render: work` tests where it passes with more work than the oracle.
    std::string work = row.more_work_on.empty() ? "" : fmt::format("  more work on {}", row.more_work_on.size());
    out << fmt::format("  {:<28} score {:>6.1f}/{:<6.1f} killed by {:>3} test{} {}{}\n", row.name, row.points,
                       row.max_points, row.killed_by.size(), row.killed_by.size() == 1 ? " " : "s", first, work);
    if (!row.killed_through.empty())
      out << fmt::format("  {:<28} through {}\n", "", fmt::join(row.killed_through, ", "));
    if (row.killed_by.empty() && row.more_work_on.empty()) survivors.push_back(row.name);
  }
  out << "\nTests that alone kill a mutant:\n";
  std::map<std::string, int> killers;
  for (const MutantRow& row : matrix.mutants) killers[row.name] = static_cast<int>(row.killed_by.size());
  for (const auto& [test, kills] : matrix.tests) {
    std::string only;
    for (const std::string& m : kills)
      if (killers[m] == 1) only += (only.empty() ? "" : ", ") + m;
    if (!only.empty()) out << fmt::format("  {:<48} {}\n", test, only);
  }
  for (const MutantRow& row : matrix.mutants)
    if (row.killed_by.empty() && !row.more_work_on.empty())
      out << fmt::format("\n{} passes every test; its work is above the oracle's on {} (advisory unless the week "
                         "scores work)\n",
                         row.name, fmt::join(row.more_work_on, ", "));
  out << (survivors.empty() ? "\nEvery mutant is killed or seen by a work test.\n"
                            : fmt::format("\nSURVIVORS ({}): {}\n", survivors.size(), fmt::join(survivors, ", ")));
  // A clause no test exercises is a gap whatever the mutants say: a bug in it would go unseen.
  if (matrix.uncovered_clauses.empty())
    out << "Every rule clause, near miss and linearizer decision of the week is exercised by a test.\n";
  else
    out << fmt::format("CLAUSES NO TEST EXERCISES ({}, testcase/clauses.h): {}\n", matrix.uncovered_clauses.size(),
                       fmt::join(matrix.uncovered_clauses, ", "));
}

void write_kill_matrix_json(const KillMatrix& matrix, std::ostream& out) {
  JsonWriter json(out);
  json.begin_object();
  json.key("week").integer(matrix.week);
  json.key("seed").integer(static_cast<int64_t>(matrix.seed));
  json.key("seconds").number(matrix.seconds);
  json.key("mutants").begin_array();
  for (const MutantRow& row : matrix.mutants) {
    json.begin_object();
    json.key("name").string(row.name);
    json.key("description").string(row.description);
    json.key("killed_by").begin_array();
    for (const std::string& test : row.killed_by) json.string(test);
    json.end_array();
    json.key("killed_through").begin_array();
    for (const std::string& clause : row.killed_through) json.string(clause);
    json.end_array();
    json.key("points").number(row.points);
    json.key("max_points").number(row.max_points);
    json.key("more_work_on").begin_array();
    for (const std::string& test : row.more_work_on) json.string(test);
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.key("tests").begin_array();
  for (const auto& [test, kills] : matrix.tests) {
    json.begin_object();
    json.key("name").string(test);
    json.key("kills").begin_array();
    for (const std::string& m : kills) json.string(m);
    json.end_array();
    json.key("clauses").begin_array();
    if (auto it = matrix.test_clauses.find(test); it != matrix.test_clauses.end())
      for (const std::string& clause : it->second) json.string(clause);
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.key("uncovered_clauses").begin_array();
  for (const std::string& clause : matrix.uncovered_clauses) json.string(clause);
  json.end_array();
  json.end_object();
  json.finish();
}

int run_mutants(const Options& options, const FuzzSource& fuzz, std::ostream& out, std::ostream& err) {
  std::vector<std::string> names;
  if (options.mutants.empty() || options.mutants == "all") {
    for (const MutantInfo& m : mutant_catalogue()) names.emplace_back(m.name);
  } else {
    for (const std::string& name : uirgrade::split_commas(options.mutants)) {
      if (!find_mutant(name)) {
        err << fmt::format("grade mutants: unknown mutant '{}' (uir-mutant --list)\n", name);
        return 2;
      }
      names.push_back(name);
    }
  }
  auto loaded = load_week(options.suites_dir, options.week);
  if (auto* error = std::get_if<SuiteError>(&loaded)) {
    err << format_suite_error(*error) << '\n';
    return 2;
  }
  LoadedWeek week = std::move(std::get<LoadedWeek>(loaded));
  std::vector<TestCase> tests = std::move(week.tests);
  if (fuzz && options.fuzz >= 0) {
    std::map<std::string, int> counts = week.plan.fuzz_counts;
    if (options.fuzz > 0) counts = {{"valid", options.fuzz - options.fuzz / 4}, {"invalid", options.fuzz / 4}};
    auto generated = fuzz(counts, options.seed, options.week);
    if (auto* made = std::get_if<std::vector<TestCase>>(&generated))
      for (TestCase& test : *made) tests.push_back(std::move(test));
  }
  KillMatrix matrix = kill_matrix(tests, names, options.week, options.seed, options.jobs);
  write_kill_matrix_text(matrix, out);
  if (!options.mutants_json.empty()) {
    std::ofstream file(options.mutants_json);
    write_kill_matrix_json(matrix, file);
    if (!file) {
      err << "grade: cannot write " << options.mutants_json << '\n';
      return 2;
    }
  }
  for (const MutantRow& row : matrix.mutants)
    if (row.killed_by.empty() && row.more_work_on.empty()) return 1;
  return matrix.uncovered_clauses.empty() ? 0 : 1;
}

}  // namespace uirgrade
