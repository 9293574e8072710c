// bench_minimize: how small the grader's minimising gets the failures of each planted bug (issue 12's
// target: <= 12 statements, median over 20 seeds). For each mutant of mutation/catalogue.def and each
// seed, the week's generated tests (weeks.yaml's counts, as `grade --seed S` makes them) are graded
// against the mutant in-process (grader/mutant_runner.h), and the first generated test it fails is
// minimised by grade's own driver and minimiser (grader/feedback/minimize_failures.h, kGradeMinimizeLimits: the
// same budget and "still fails with the same verdict" test; time-outs are not minimised, as in grade).
// Prints per mutant: the seeds whose tests caught it, the failures minimised, the median statements
// before and after minimising, the largest after, the median attempts and time.
// Attempts are in-process here; against a real student each costs a process (and a C compile for
// a render test), which is why the grader's budget is in attempts and seconds.
//   bench_minimize [--seeds N] [--week W] [--mutants NAME,...] [--all-failures] [--show] [--attempts N] [--exact]
//   --all-failures: minimise every failing generated test of a seed (the figure is then the median
//                   over all of them), not only the first.
//   --show:         print each minimised program (to see what the minimiser leaves).
//   --attempts N:   another attempt budget than grade's, to see what a bigger one would give.
//   --exact:        the generated tests compare f32 exactly (rtol = atol = 0, as a kill suite's do),
//                   to see which mutants only the default tolerance hides.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "base/comma_list.h"
#include "generators/fuzz.h"
#include "generators/case_minimize.h"
#include "grader/grade.h"
#include "grader/mutant_runner.h"
#include "grader/feedback/minimize_failures.h"
#include "mutation/catalogue.h"
#include "testcase/suite.h"
#include "uirgrade_paths.h"

namespace {

using namespace uirgrade;

struct Options {
  int seeds = 20;
  int week = 3;
  std::vector<std::string> mutants;  // empty: all
  bool all_failures = false;
  bool show = false;
  int attempts = uirgen::kGradeMinimizeLimits.max_attempts;  // --attempts: another budget, to compare
  bool exact = false;  // --exact: f32 compared exactly (as a kill suite's tests), not with the default tolerance
};

struct Minimized {
  int before = 0;
  int after = 0;
  int attempts = 0;
  double seconds = 0;
};

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// The minimised failures of one mutant on the generated tests of one seed, minimised by grade's own
/// driver (grader/feedback/minimize_failures.h) with grade's minimiser, recorded on the way.
std::vector<Minimized> minimize_for_seed(const uirgrade::MutantInfo& mutant, int week, uint64_t seed,
                                         const std::map<std::string, int>& fuzz_counts, const Options& options,
                                         bool* caught) {
  std::vector<TestCase> tests = uirgen::make_fuzz_tests(week, fuzz_counts, seed);
  if (options.exact)
    for (TestCase& test : tests) test.tolerance = Tolerance{0, 0};
  MutantRunner runner(uirgrade::Mutants::of(mutant.id));
  CCompiler compiler(runner, 4096);
  GradeConfig config;
  config.student = "uir-mutant " + std::string(mutant.name);
  config.student_path = "mutant:" + std::string(mutant.name);
  config.week = week;
  config.seed = seed;
  std::vector<std::optional<TestResult>> results;
  bool first_failure_seen = false;
  for (const TestCase& test : tests) {
    TestResult result = grade_test(test, config, runner, compiler);
    bool counted = result.verdict != Verdict::Pass && (options.all_failures || !first_failure_seen);
    first_failure_seen |= result.verdict != Verdict::Pass;
    results.push_back(counted ? std::optional(result) : std::nullopt);
  }
  std::vector<Minimized> out;
  config.minimize = [&](const TestCase& failing, const std::function<bool(const TestCase&)>& still_fails,
                        double max_seconds) {
    uirgen::MinimizeLimits limits = uirgen::kGradeMinimizeLimits;  // as grade_command.cc's hook
    limits.max_seconds = std::min(limits.max_seconds, max_seconds);
    limits.max_attempts = options.attempts;
    uirgen::MinimizeStats stats;
    std::optional<TestCase> smallest = uirgen::minimize_generated_test(failing, still_fails, seed, limits, &stats);
    int before = uirgen::count_statements(uirgen::generated_program_text(failing));
    out.push_back({before, smallest ? uirgen::count_statements(uirgen::generated_program_text(*smallest)) : before,
                   stats.attempts, stats.seconds});
    if (options.show && smallest)
      std::printf("--- %s, seed %llu, %s: %d -> %d statements\n%s", std::string(mutant.name).c_str(),
                  static_cast<unsigned long long>(seed), failing.name.c_str(), out.back().before, out.back().after,
                  uirgen::generated_program_text(*smallest).c_str());
    return smallest;
  };
  minimize_generated_failures(tests, results, config, runner, compiler);
  *caught = first_failure_seen;
  return out;
}

void bench_mutant(const uirgrade::MutantInfo& mutant, const Options& options, const std::map<std::string, int>& counts) {
  std::vector<double> before, after, attempts, seconds;
  int caught = 0, largest = 0;
  for (int s = 1; s <= options.seeds; ++s) {
    bool seed_caught = false;
    std::vector<Minimized> minimized =
        minimize_for_seed(mutant, options.week, static_cast<uint64_t>(s), counts, options, &seed_caught);
    caught += seed_caught;
    for (const Minimized& one : minimized) {
      before.push_back(one.before);
      after.push_back(one.after);
      attempts.push_back(one.attempts);
      seconds.push_back(one.seconds);
      largest = std::max(largest, one.after);
    }
  }
  if (caught == 0) {
    std::printf("%-28s caught by no seed's generated tests\n", std::string(mutant.name).c_str());
    return;
  }
  if (after.empty()) {
    std::printf("%-28s %2d/%-2d    0  (its first failures are time-outs or limits, which grade does not minimise)\n",
                std::string(mutant.name).c_str(), caught, options.seeds);
    return;
  }
  double median_after = median(after);
  std::printf("%-28s %2d/%-2d %4zu %8.1f %8.1f %6d %9.0f %8.3f %s\n", std::string(mutant.name).c_str(), caught,
              options.seeds, after.size(), median(before), median_after, largest, median(attempts),
              median(seconds), median_after <= 12 ? "" : "  > 12");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--seeds" && i + 1 < argc) options.seeds = std::atoi(argv[++i]);
    else if (arg == "--week" && i + 1 < argc) options.week = std::atoi(argv[++i]);
    else if (arg == "--mutants" && i + 1 < argc) options.mutants = uirgrade::split_commas(argv[++i]);
    else if (arg == "--all-failures") options.all_failures = true;
    else if (arg == "--show") options.show = true;
    else if (arg == "--attempts" && i + 1 < argc) options.attempts = std::atoi(argv[++i]);
    else if (arg == "--exact") options.exact = true;
    else {
      std::fprintf(stderr, "usage: bench_minimize [--seeds N] [--week W] [--mutants NAME,...] [--all-failures] [--show] [--attempts N] [--exact]\n");
      return 2;
    }
  }
  auto loaded = load_week(UIRGRADE_SOURCE_DIR "/suites", options.week);
  if (auto* error = std::get_if<SuiteError>(&loaded)) {
    std::fprintf(stderr, "bench_minimize: %s\n", format_suite_error(*error).c_str());
    return 2;
  }
  const std::map<std::string, int> counts = std::get<LoadedWeek>(loaded).plan.fuzz_counts;
  std::printf("Minimising the first failing generated test of each seed (week %d, seeds 1-%d, %d valid + %d "
              "invalid generated tests per seed)%s%s\n",
              options.week, options.seeds, counts.count("valid") ? counts.at("valid") : 0,
              counts.count("invalid") ? counts.at("invalid") : 0, options.all_failures ? ", every failure" : "", options.exact ? ", f32 compared exactly" : "");
  std::printf("%-28s %5s %4s %8s %8s %6s %9s %8s\n", "mutant", "seeds", "n", "before", "after", "worst",
              "attempts", "seconds");
  auto start = std::chrono::steady_clock::now();
  for (const uirgrade::MutantInfo& mutant : uirgrade::mutant_catalogue()) {
    if (!options.mutants.empty() &&
        std::find(options.mutants.begin(), options.mutants.end(), mutant.name) == options.mutants.end())
      continue;
    bench_mutant(mutant, options, counts);
  }
  std::printf("(before, after, attempts, seconds: medians; worst: the largest minimised program) total %.1f s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
