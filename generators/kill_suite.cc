// Every kept test is written with explicit data and exact f32 comparison (rtol = atol = 0: spec §2
// defines every f32 operation exactly, and a 1-ulp bug such as fused-multiply-add only shows
// exactly), and every invalid test with `# error:`, so that what killed a mutant during selection
// kills it again when the written suite is graded.
#include "generators/kill_suite.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>

#include <fmt/format.h>

#include "generators/fuzz.h"
#include "generators/generate.h"
#include "generators/case_minimize.h"
#include "mutation/catalogue.h"
#include "mutation/catalogue_case.h"
#include "mutation/mutant_grading.h"
#include "testcase/suite.h"
#include "testcase/suite_write.h"

namespace uirgen {

using uirgrade::KillMatrix;
using uirgrade::Mode;
using uirgrade::MutantRow;
using uirgrade::TestCase;
using uirgrade::kill_matrix;

namespace {

void exact(TestCase& test) { test.tolerance = uirgrade::Tolerance{0, 0}; }

/// The smallest program that still kills every one of `assigned` (graded in-process, exactly as the
/// selection graded it), or `test` itself. An invalid program minimises to programs that break the
/// same rule.
TestCase minimize_keeping_kills(const TestCase& test, const std::vector<std::string>& assigned, int week,
                                uint64_t seed, double seconds) {
  auto kills_all = [&](const TestCase& candidate) {
    TestCase graded = candidate;
    exact(graded);
    for (const MutantRow& row : kill_matrix({graded}, assigned, week, seed, 1).mutants)
      if (row.killed_by.empty()) return false;
    return true;
  };
  // A generated test's data came from the seed on its first line; the same data keeps its kills.
  int header_week = 0, header_size = 0;
  uint64_t data_seed = seed;
  parse_generator_header(test.source.substr(0, test.source.find('\n')), &header_week, &data_seed, &header_size);
  MinimizeLimits limits;
  limits.max_seconds = seconds;
  std::optional<TestCase> minimized = minimize_generated_test(test, kills_all, data_seed, limits);
  return minimized && kills_all(*minimized) ? *minimized : test;
}

/// `test` minimised for `assigned`; when it stays over kMaxStatements, two copies minimised for half the
/// mutants each (a program killing fewer bugs needs fewer statements), down to one mutant a copy.
constexpr int kMaxStatements = 25;
void minimize_into(const TestCase& test, const std::vector<std::string>& assigned, int week, uint64_t seed,
                   double seconds, std::vector<TestCase>& out) {
  TestCase minimized = minimize_keeping_kills(test, assigned, week, seed, seconds);
  if (count_statements(minimized.source) <= kMaxStatements || assigned.size() < 2 || test.expect_exit == 2) {
    out.push_back(std::move(minimized));
    return;
  }
  size_t half = assigned.size() / 2;
  minimize_into(test, {assigned.begin(), assigned.begin() + half}, week, seed, seconds / 2, out);
  minimize_into(test, {assigned.begin() + half, assigned.end()}, week, seed, seconds / 2, out);
}

/// The candidates: generated programs (three valid to one invalid) and each catalogue mutant's own
/// program, all compared exactly. `generated`: how many of them came from the generator.
std::vector<TestCase> kill_candidates(const KillSuiteOptions& options, size_t* generated) {
  std::vector<TestCase> candidates = make_fuzz_tests(
      options.week, {{"valid", options.candidates - options.candidates / 4}, {"invalid", options.candidates / 4}},
      options.seed);
  *generated = candidates.size();
  for (const uirgrade::MutantInfo& m : uirgrade::mutant_catalogue())
    if (m.week <= options.week)
      if (std::optional<TestCase> test = uirgrade::catalogue_test_case(m, options.week)) candidates.push_back(std::move(*test));
  for (TestCase& test : candidates) exact(test);
  return candidates;
}

/// The mutants a kill suite can kill. A mutant that changes only the work (values-in-uses-loop) has no
/// outcome to kill: the suites' `# render: work` tests see it (grade mutants' work column), a kill
/// suite cannot.
std::vector<std::string> killable_mutants(int week) {
  std::vector<std::string> names;
  for (const uirgrade::MutantInfo& m : uirgrade::mutant_catalogue())
    if (m.week <= week && !uirgrade::catalogue_work_only(m)) names.emplace_back(m.name);
  return names;
}

/// The tests kept: greedily, the candidate that kills the most mutants not yet killed (the smaller
/// on a tie), each with the mutants it was kept for.
struct Picked {
  std::vector<size_t> kept;                       // candidate indices
  std::vector<std::vector<std::string>> assigned;  // per kept test: the mutants it was kept for
};
Picked pick_killers(const KillMatrix& matrix, const std::vector<TestCase>& candidates,
                    const std::vector<int>& statements_of) {
  std::map<std::string, size_t> index_of;  // matrix test name -> candidate
  for (size_t k = 0; k < candidates.size(); ++k)
    index_of[uirgrade::kill_matrix_name(candidates[k])] = k;
  std::set<std::string> uncovered;
  for (const MutantRow& row : matrix.mutants)
    if (!row.killed_by.empty()) uncovered.insert(row.name);
  Picked picked;
  while (!uncovered.empty()) {
    size_t best = 0, best_kills = 0;
    int best_size = 0;
    for (size_t t = 0; t < matrix.tests.size(); ++t) {
      size_t kills = 0;
      for (const std::string& m : matrix.tests[t].second) kills += uncovered.count(m);
      int size = statements_of[index_of[matrix.tests[t].first]];
      if (kills > best_kills || (kills == best_kills && kills > 0 && size < best_size))
        best = t, best_kills = kills, best_size = size;
    }
    if (best_kills == 0) break;
    picked.assigned.emplace_back();
    for (const std::string& m : matrix.tests[best].second)
      if (uncovered.erase(m)) picked.assigned.back().push_back(m);
    picked.kept.push_back(index_of[matrix.tests[best].first]);
  }
  return picked;
}

/// Each kept test minimised while it kills the mutants it was kept for, sharing the time budget.
std::vector<TestCase> minimize_kept(const KillSuiteOptions& options, const std::vector<TestCase>& candidates,
                                    const std::vector<int>& statements_of, const Picked& picked) {
  auto minimize_start = std::chrono::steady_clock::now();
  std::vector<TestCase> kept_tests;
  int statements_left = 0;
  for (size_t k : picked.kept) statements_left += statements_of[k];
  for (size_t k = 0; k < picked.kept.size(); ++k) {
    // The bigger the program, the bigger its share of what is left of the budget.
    double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - minimize_start).count();
    int statements = statements_of[picked.kept[k]];
    double share = (options.minimize_seconds - spent) * statements / std::max(statements_left, 1);
    statements_left -= statements;
    if (share > 0)
      minimize_into(candidates[picked.kept[k]], picked.assigned[k], options.week, options.seed, share, kept_tests);
    else kept_tests.push_back(candidates[picked.kept[k]]);
  }
  return kept_tests;
}

/// Writes the tests as the suite OUT/kill (kill_01.uir, ... and its manifest) and OUT/weeks.yaml
/// naming it alone; what could not be written, or nullopt.
std::optional<std::string> write_suite(const KillSuiteOptions& options, const std::string& suite_dir,
                                       const std::vector<TestCase>& tests) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(suite_dir, ec);
  uirgrade::SuiteManifest manifest;
  manifest.heading = fmt::format("Written by: uirgen --kill-mutants --week {} --seed {} --candidates {}", options.week,
                                 options.seed, options.candidates);
  manifest.week = options.week;
  manifest.defaults.visibility = uirgrade::Visibility::Hidden;
  manifest.defaults.tolerance = uirgrade::Tolerance{0, 0};
  for (size_t k = 0; k < tests.size(); ++k) {
    std::string stem = fmt::format("kill_{:02}", k + 1);
    std::ofstream(fs::path(suite_dir) / (stem + ".uir"), std::ios::binary) << tests[k].source;
    manifest.tests.emplace_back(stem, manifest.defaults);
  }
  uirgrade::WeekPlan plan;
  plan.week = options.week;
  plan.suites = {"kill"};
  std::optional<std::string> unwritten = uirgrade::write_suite_manifest(suite_dir, manifest);
  if (!unwritten)
    unwritten = uirgrade::write_weeks(options.out_dir, "Written by uirgen --kill-mutants: the kill suite alone.", {plan});
  return unwritten;
}

}  // namespace

int write_kill_suite(const KillSuiteOptions& options, std::ostream& out) {
  size_t generated = 0;
  std::vector<TestCase> candidates = kill_candidates(options, &generated);
  std::vector<std::string> names = killable_mutants(options.week);
  KillMatrix matrix = kill_matrix(candidates, names, options.week, options.seed, options.jobs);
  std::vector<int> statements_of(candidates.size());  // counted once, not once per pick
  for (size_t k = 0; k < candidates.size(); ++k) statements_of[k] = count_statements(candidates[k].source);
  Picked picked = pick_killers(matrix, candidates, statements_of);

  auto minimize_start = std::chrono::steady_clock::now();
  std::vector<TestCase> kept_tests = minimize_kept(options, candidates, statements_of, picked);
  double minimize_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - minimize_start).count();

  const std::string suite_dir = (std::filesystem::path(options.out_dir) / "kill").string();
  if (std::optional<std::string> unwritten = write_suite(options, suite_dir, kept_tests)) {
    out << "uirgen: " << *unwritten << "\n";
    return 2;
  }
  int max_statements = 0, min_statements = 1 << 30, total_statements = 0;
  for (const TestCase& test : kept_tests) {
    int statements = count_statements(test.source);
    max_statements = std::max(max_statements, statements);
    min_statements = std::min(min_statements, statements);
    total_statements += statements;
  }

  // Grade the written suite again, loaded from disk as `grade mutants --suites DIR` loads it.
  auto loaded = uirgrade::load_suite(suite_dir, "kill", options.week);
  if (auto* error = std::get_if<uirgrade::SuiteError>(&loaded)) {
    out << uirgrade::format_suite_error(*error) << "\n";
    return 2;
  }
  const std::vector<TestCase>& written_tests = std::get<std::vector<TestCase>>(loaded);
  KillMatrix check = kill_matrix(written_tests, names, options.week, options.seed, options.jobs);
  std::vector<std::string> survivors;
  for (const MutantRow& row : check.mutants)
    if (row.killed_by.empty()) survivors.push_back(row.name);
  out << fmt::format("uirgen: kill suite in {}/kill: {} tests ({} to {} statements, {:.1f} on average), from {} "
                     "candidates ({} generated, {} from the catalogue); graded again from disk it kills {} of {} "
                     "mutants; {:.1f} s in all ({:.1f} s minimising)\n",
                     options.out_dir, kept_tests.size(), kept_tests.empty() ? 0 : min_statements, max_statements,
                     kept_tests.empty() ? 0.0 : static_cast<double>(total_statements) / kept_tests.size(), candidates.size(),
                     generated, candidates.size() - generated, names.size() - survivors.size(), names.size(),
                     matrix.seconds + minimize_seconds + check.seconds, minimize_seconds);
  if (!survivors.empty()) out << fmt::format("uirgen: no candidate kills: {}\n", fmt::join(survivors, ", "));
  return survivors.empty() ? 0 : 1;
}

}  // namespace uirgen
