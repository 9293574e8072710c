// The judgement follows the grader's for a student process step by step (grader/student_run.cc) on
// what the mutant prints, and asks the grader's own judge (testcase/judge.h) of the outcome.
// What a process can do and an in-process mutant cannot (run out of time or memory, flood stdout,
// print a `while`) needs no check here; a mutant's crash or endless loop (exit 86 or 124, see
// mutation/mutant_run.h) is an exit the contract does not allow, so it fails like a crash. A student and
// a mutant are judged by one function, so there is no second judge to keep in agreement.
#include "mutation/mutant_grading.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <sstream>

#include "mutation/catalogue_variant.h"
#include "mutation/mutant_run.h"
#include "oracle/cli.h"
#include "testcase/clauses.h"
#include "testcase/judge.h"
#include "base/parallel.h"
#include "testcase/student_program.h"

namespace uirgrade {
namespace {

/// Whether the one judge (testcase/judge.h), the grader's too, passes what the mutant printed.
bool outcome_matches(const TestCase& test, const Expected& expected, const Printed& got) {
  return judge_outcome(test, expected, got).passes();
}

bool run_test_passes(const TestCase& test, const Expected& expected, const Mutants& mutants) {
  uir::ProgramFile file{kProgramFile, student_program(test.source)};
  std::istringstream in(expected.input_text);
  std::ostringstream out, err;
  int code = uir::cli_run(file, in, out, err, mutant_variant(mutants));
  std::string printed_out = out.str(), printed_err = err.str();
  return outcome_matches(test, expected, {code, printed_out, printed_err});
}

bool render_test_passes(const TestCase& test, const Expected& expected, const Mutants& mutants) {
  uir::ProgramFile file{kProgramFile, student_program(test.source)};
  std::ostringstream err;
  std::optional<uir::Compiled> compiled = uir::compile_or_report(file, err, mutant_variant(mutants));
  // Refused: exit 2 with the error on stderr; compiled when the oracle refuses: exit 0 with the C.
  if (!compiled || expected.exit_code == 2) return outcome_matches(test, expected, {compiled ? 0 : 2, "", err.str()});
  if (test.render_loops && rendered_loops(*compiled) != *test.render_loops) return false;

  // The kernel: the driver reads the oracle's input, the rendered program runs with the mutant's
  // render-time bugs, and the driver prints every buffer (and the failing assert) like `run`.
  auto data = uir::parse_slot_data(expected.input_text, uir::slot_specs(compiled->program));
  if (!std::holds_alternative<std::vector<uir::SlotData>>(data)) return false;
  uir::RunResult r = run_with_mutants(*compiled, std::get<std::vector<uir::SlotData>>(data),
                                      mutants.showing_in(MUTANT_RENDER));
  if (!r.crash.empty()) return false;
  std::string assert_line =
      r.exit_code == 1 ? std::string(kProgramFile) + ":" + std::to_string(r.failed_assert_line) + ": assert failed\n" : "";
  std::string out = uir::format_slot_data(r.buffers);
  return outcome_matches(test, expected, {r.exit_code, out, assert_line});
}

MutantRow grade_mutant(const std::vector<TestCase>& tests, const std::vector<ExpectedOrError>& expected,
                       const MutantInfo& info) {
  Mutants mutants = Mutants::of(info.id);
  MutantRow row{std::string(info.name), std::string(info.description), {}, 0, 0, {}, {}};
  for (size_t k = 0; k < tests.size(); ++k) {
    row.max_points += tests[k].points;
    if (!mutant_passes(tests[k], expected[k], mutants)) {
      row.killed_by.push_back(kill_matrix_name(tests[k]));
      continue;
    }
    row.points += tests[k].points;
    const Expected* oracle = std::get_if<Expected>(&expected[k]);
    if (tests[k].mode != Mode::Render || !tests[k].render_work || !oracle || oracle->exit_code == 2) continue;
    uir::Compiled compiled = uir::compile(kProgramFile, student_program(tests[k].source), mutant_variant(mutants));
    if (!compiled.error && places_deeper(oracle->compiled, compiled)) row.more_work_on.push_back(kill_matrix_name(tests[k]));
  }
  return row;
}

}  // namespace

bool mutant_passes(const TestCase& test, const ExpectedOrError& computed, const Mutants& mutants) {
  const Expected* expected = std::get_if<Expected>(&computed);
  if (!expected) return false;
  return test.mode == Mode::Run ? run_test_passes(test, *expected, mutants)
                                : render_test_passes(test, *expected, mutants);
}

bool places_deeper(const uir::Compiled& oracle, const uir::Compiled& mutant) {
  auto depths = [](const uir::Compiled& compiled) {
    std::map<int32_t, int> depth;  // a statement's loops: item.depth counts those open after it
    for (const uir::Placed& item : compiled.linear.items)
      if (item.step == uir::Step::Emit) depth[item.stmt] = item.depth;
    return depth;
  };
  std::map<int32_t, int> theirs = depths(mutant);
  for (const auto& [stmt, depth] : depths(oracle))
    if (auto it = theirs.find(stmt); it != theirs.end() && it->second > depth) return true;
  return false;
}

int rendered_loops(const uir::Compiled& compiled) {
  return static_cast<int>(std::count_if(compiled.linear.items.begin(), compiled.linear.items.end(),
                                        [](const uir::Placed& item) { return item.step == uir::Step::Open; }));
}

std::string kill_matrix_name(const TestCase& test) { return test.name + (test.mode == Mode::Render ? ":render" : ""); }

KillMatrix kill_matrix(const std::vector<TestCase>& tests, const std::vector<std::string>& mutant_names, int week,
                       uint64_t seed, int jobs) {
  auto start = std::chrono::steady_clock::now();
  KillMatrix matrix;
  matrix.week = week;
  matrix.seed = seed;
  // The oracle's side of each test depends only on the test and the seed: computed once for all mutants.
  std::vector<ExpectedOrError> expected(tests.size());
  run_on_pool(tests.size(), jobs, nullptr, [&](size_t k) { expected[k] = compute_expected(tests[k], seed); });
  matrix.mutants.resize(mutant_names.size());
  run_on_pool(mutant_names.size(), jobs, nullptr, [&](size_t k) {
    matrix.mutants[k] = grade_mutant(tests, expected, mutant_info(*find_mutant(mutant_names[k])));
  });

  // Clauses, in the table's order: per test, then per mutant through the tests that kill it.
  std::set<std::string> covered;
  for (size_t k = 0; k < tests.size(); ++k) {
    const Expected* e = std::get_if<Expected>(&expected[k]);
    std::set<std::string> of = e ? clauses_of(e->compiled) : std::set<std::string>{};
    std::vector<std::string>& listed = matrix.test_clauses[kill_matrix_name(tests[k])];
    for (const std::string& c : all_clauses())
      if (of.count(c)) listed.push_back(c), covered.insert(c);
  }
  for (const std::string& c : all_clauses())
    if (clause_week(c) <= week && !covered.count(c)) matrix.uncovered_clauses.push_back(c);
  for (MutantRow& row : matrix.mutants) {
    std::set<std::string> through;
    for (const std::string& test : row.killed_by)
      for (const std::string& c : matrix.test_clauses[test]) through.insert(c);
    for (const std::string& c : all_clauses())
      if (through.count(c)) row.killed_through.push_back(c);
  }

  std::map<std::string, std::vector<std::string>> kills;
  for (const TestCase& test : tests) kills[kill_matrix_name(test)];
  for (const MutantRow& row : matrix.mutants)
    for (const std::string& test : row.killed_by) kills[test].push_back(row.name);
  for (const TestCase& test : tests)
    if (auto it = kills.find(kill_matrix_name(test)); it != kills.end()) {
      matrix.tests.emplace_back(it->first, std::move(it->second));
      kills.erase(it);
    }
  matrix.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return matrix;
}

}  // namespace uirgrade
