// oracle-fault-analysis: how many faults injected into the oracle's own rule, interval, analysis
// and placement code a week's tests detect (docs/mutants.md, "Faults injected into the oracle's own
// code").
// Built on the oracle's schemata (make_schemata.py): every fault is in this one binary, switched on
// by schemata::g_active, so nothing is compiled per fault.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include <sys/resource.h>

#include <fmt/format.h>

#include "testcase/suite.h"
#include "base/comma_list.h"
#include "oracle_faults/grading.h"
#include "oracle_faults/manifest.h"
#include "oracle_faults/many_seeds.h"
#include "oracle_faults/probe.h"
#include "uirgrade_paths.h"

namespace {

const char* kUsage = R"(NAME
    oracle-fault-analysis - detection rate of a week's tests on faults injected into the oracle

SYNOPSIS
    oracle-fault-analysis [--week N] [--seed S] [--seeds N] [--sample N] [--jobs J] [OPTIONS]

DESCRIPTION
    Every fault make_schemata.py made of the oracle's rule, interval, analysis and placement code
    (relational and arithmetic operators swapped, conditions negated or dropped, integer constants
    off by one, statements removed) is graded like a student against the week's hand-written tests
    and the plan's generated tests (weeks.yaml `fuzz`, seeded with --seed): a fault is detected
    when a test fails. Prints the number of faults, the detection rate, every undetected fault
    (file:line, operator, original -> faulty) and the run time. Faults recorded as equivalent
    (--equivalents) are left out of the rate and listed apart, with why.

    With --seeds N the generated tests are made at N seeds (S, S+1, ...) and each fault is graded
    at each; the report adds, per fault not detected at every seed, at how many seeds it was
    detected, and how many non-equivalent faults are detected at >= 95% of the seeds. A fault
    detected at the first seed by a hand-written test whose expectation (stdin text, the oracle's exit, buffers and
    failing assert) is the same at every seed is detected at every seed, as its verdict on that test
    is a function of the test and its expectation: it is not graded again. Every other fault is
    graded at every seed (oracle_faults/many_seeds.h). Recorded equivalents, out of every rate,
    are graded at the first seed only.

OPTIONS
    --week N            the week (default 3)
    --seed S            the first seed (default 1)
    --seeds N           grade at N seeds (default 1)
    --fuzz N            generated programs per seed instead of the plan's (N/4 invalid)
    --sample N          grade N faults drawn at random (seeded by --sample-seed, default 1); 0: all
    --ids A,B,...       grade only these fault ids
    --file TEXT[,TEXT]  grade only faults of files whose path contains one of the TEXTs
    --jobs J            processes at a time (default 2)
    --timeout SECONDS   per fault and seed; a fault still grading after it is Hung (default 5;
                        a fault that goes undetected takes about 0.2 s a seed)
    --suites DIR        the suites folder (default: this checkout's suites/)
    --manifest FILE     the schemata's manifest (default: this build's schemata/manifest.tsv)
    --equivalents FILE  the equivalents record (default: oracle_faults/equivalent_faults.tsv)
    --tsv FILE          also write one line per fault and seed: id, file, line, function, operator,
                        original, faulty, seed, verdict, detecting test, equivalent-because
    --probe N           triage the undetected faults: compare each with the oracle on the week's
                        programs and N generated ones (half invalid, at --seed), looking also at what the
                        grader does not grade, and say per undetected fault what differs first:
                        graded (a test could detect it: the program is named), error-line-only,
                        error-message-only (spec 6.3 grades neither), placement-only (the linear
                        list differs, no result does), none-seen, crashes-or-hangs
    --grade-every-seed  with --seeds: grade every fault at every seed, without the shortcut above
                        (to check it; much slower: each fault that hangs costs --timeout a seed)
    --list              print the faults and exit

EXIT STATUS
    0 when every fault not recorded as equivalent is detected at every seed, 1 when some go
    undetected, 2 on bad usage or an unreadable input.
)";

struct Options {
  int week = 3;
  uint64_t seed = 1;
  int seeds = 1;
  int fuzz = -1;
  size_t sample = 0;
  uint64_t sample_seed = 1;
  std::vector<int> ids;
  std::vector<std::string> files;
  oracle_faults::ForkLimits limits;
  std::string suites = std::string(UIRGRADE_SOURCE_DIR) + "/suites";
  std::string manifest = std::string(UIRGRADE_BINARY_DIR) + "/schemata/manifest.tsv";
  std::string equivalents = std::string(UIRGRADE_SOURCE_DIR) + "/oracle_faults/equivalent_faults.tsv";
  std::string tsv;
  int probe = 0;
  bool list = false;
  bool grade_every_seed = false;
};

std::optional<Options> parse_options(int argc, char** argv) {
  Options o;
  for (int k = 1; k < argc; ++k) {
    std::string arg = argv[k];
    auto value = [&]() -> std::string {
      if (k + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
      return argv[++k];
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (arg == "--week") o.week = std::stoi(value());
    else if (arg == "--seed") o.seed = std::stoull(value());
    else if (arg == "--seeds") o.seeds = std::stoi(value());
    else if (arg == "--fuzz") o.fuzz = std::stoi(value());
    else if (arg == "--sample") o.sample = std::stoul(value());
    else if (arg == "--sample-seed") o.sample_seed = std::stoull(value());
    else if (arg == "--file") o.files = uirgrade::split_commas(value());
    else if (arg == "--jobs") o.limits.jobs = std::max(1, std::stoi(value()));
    else if (arg == "--timeout") o.limits.seconds_per_unit = std::max(1, std::stoi(value()));
    else if (arg == "--suites") o.suites = value();
    else if (arg == "--manifest") o.manifest = value();
    else if (arg == "--equivalents") o.equivalents = value();
    else if (arg == "--tsv") o.tsv = value();
    else if (arg == "--list") o.list = true;
    else if (arg == "--grade-every-seed") o.grade_every_seed = true;
    else if (arg == "--probe") o.probe = std::stoi(value());
    else if (arg == "--ids") {
      for (const std::string& id : uirgrade::split_commas(value())) o.ids.push_back(std::stoi(id));
    } else throw std::invalid_argument("unknown option " + arg + " (see --help)");
  }
  if (o.seeds < 1) throw std::invalid_argument("--seeds must be at least 1");
  return o;
}

/// The faults the options select, in id order.
std::vector<oracle_faults::OracleFault> select(std::vector<oracle_faults::OracleFault> all, const Options& o) {
  std::vector<oracle_faults::OracleFault> chosen;
  for (auto& m : all) {
    if (!o.ids.empty() && std::find(o.ids.begin(), o.ids.end(), m.id) == o.ids.end()) continue;
    if (!o.files.empty() && std::none_of(o.files.begin(), o.files.end(), [&](const std::string& text) {
          return m.file.find(text) != std::string::npos;
        }))
      continue;
    chosen.push_back(std::move(m));
  }
  if (o.sample > 0 && o.sample < chosen.size()) {
    std::mt19937_64 random(o.sample_seed);
    std::shuffle(chosen.begin(), chosen.end(), random);
    chosen.resize(o.sample);
    std::sort(chosen.begin(), chosen.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  }
  return chosen;
}

std::string describe(const oracle_faults::OracleFault& m) {
  if (m.op == "stmt-delete")
    return fmt::format("{}:{}  {}  {}  `{}` removed  [#{}]", m.file, m.line, m.function, m.op, m.original, m.id);
  return fmt::format("{}:{}  {}  {}  `{}` -> `{}`  [#{}]", m.file, m.line, m.function, m.op, m.original, m.faulty, m.id);
}

/// The faults to grade, and the equivalents record's entries that match none of them.
struct Faults {
  std::vector<oracle_faults::OracleFault> chosen;
  std::vector<oracle_faults::Equivalent> stale;
};

/// The manifest's faults with the equivalents record applied, narrowed to those the options
/// select; nullopt (said on stderr) when either file cannot be read.
std::optional<Faults> load_faults(const Options& o) {
  auto manifest = oracle_faults::read_manifest(o.manifest);
  if (auto* error = std::get_if<oracle_faults::LoadError>(&manifest)) {
    std::cerr << "oracle-fault-analysis: " << *error << "\n";
    return std::nullopt;
  }
  auto all = std::get<std::vector<oracle_faults::OracleFault>>(std::move(manifest));
  auto record = oracle_faults::read_equivalents(o.equivalents);
  if (auto* error = std::get_if<oracle_faults::LoadError>(&record)) {
    std::cerr << "oracle-fault-analysis: " << *error << "\n";
    return std::nullopt;
  }
  std::vector<oracle_faults::Equivalent> stale =
      oracle_faults::apply_equivalents(all, std::get<std::vector<oracle_faults::Equivalent>>(record));
  return Faults{select(std::move(all), o), std::move(stale)};
}

/// The week's tests with the oracle's expectations, at each seed.
std::vector<oracle_faults::SeedTests> make_seeds(const uirgrade::LoadedWeek& week, const Options& o) {
  std::map<std::string, int> counts = week.plan.fuzz_counts;
  if (o.fuzz >= 0) counts = {{"valid", o.fuzz - o.fuzz / 4}, {"invalid", o.fuzz / 4}};
  std::vector<oracle_faults::SeedTests> seeds;
  for (int s = 0; s < o.seeds; ++s)
    seeds.push_back(oracle_faults::make_seed_tests(week.tests, o.week, counts, o.seed + s, o.limits.jobs));
  return seeds;
}

// The control: with no fault on, the schemata are the oracle, so they pass every test. If not,
// a rewrite changed what the oracle does and no verdict below would mean anything.
bool schemata_are_the_oracle(const std::vector<oracle_faults::SeedTests>& seeds, const Options& o) {
  std::vector<oracle_faults::FaultVerdicts> control = oracle_faults::grade_faults({0}, seeds, o.limits);
  for (size_t s = 0; s < seeds.size(); ++s)
    if (detected(control[0].per_seed[s].verdict)) {
      std::cerr << fmt::format("oracle-fault-analysis: with no fault on, the schemata fail {} at seed {} ({}): "
                               "they are not the oracle (make_schemata.py)\n",
                               control[0].per_seed[s].detected_by, seeds[s].seed, verdict_name(control[0].per_seed[s].verdict));
      return false;
    }
  return true;
}

/// Each fault's verdicts, in the order of `faults`.
std::vector<oracle_faults::FaultVerdicts> grade(const std::vector<oracle_faults::OracleFault>& faults,
                                                const std::vector<oracle_faults::SeedTests>& seeds, const Options& o,
                                                oracle_faults::ManySeedsCount* seed_count) {
  // Recorded equivalents are left out of every rate: at more seeds than one they are graded at the
  // first seed only (enough to say a record is wrong; oracle_faults_tests checks each one too).
  std::vector<int> ids, equivalent_ids;
  for (const auto& m : faults) (m.equivalent_because.empty() || o.seeds == 1 ? ids : equivalent_ids).push_back(m.id);
  std::vector<oracle_faults::FaultVerdicts> graded =
      oracle_faults::grade_at_every_seed(ids, seeds, o.limits, !o.grade_every_seed, seed_count);
  std::vector<oracle_faults::FaultVerdicts> equivalent_graded = oracle_faults::grade_faults(equivalent_ids, {seeds[0]}, o.limits);
  std::map<int, oracle_faults::FaultVerdicts> by_id;
  for (auto& v : graded) by_id[v.id] = std::move(v);
  for (auto& v : equivalent_graded) by_id[v.id] = std::move(v);
  std::vector<oracle_faults::FaultVerdicts> verdicts;
  for (const auto& m : faults) verdicts.push_back(std::move(by_id[m.id]));
  return verdicts;
}

/// The counts the report prints: at the first seed (the default grading), then across seeds.
struct Tally {
  int equivalent = 0, by_hand = 0, generated_only = 0, crashed = 0, hung = 0, undetected = 0;
  int at_95 = 0, graded_non_equivalent = 0;
  std::vector<std::string> equivalents, flaky;
  std::vector<size_t> undetected_index;
};

Tally count_verdicts(const std::vector<oracle_faults::OracleFault>& faults,
                     const std::vector<oracle_faults::FaultVerdicts>& verdicts, const Options& o) {
  Tally t;
  for (size_t k = 0; k < faults.size(); ++k) {
    const auto& m = faults[k];
    const auto& first = verdicts[k].per_seed[0];
    if (!m.equivalent_because.empty()) {
      ++t.equivalent;
      t.equivalents.push_back(describe(m) + (detected(first.verdict) ? "  (DETECTED: the record is wrong)" : "") +
                              "\n      why: " + m.equivalent_because);
      continue;
    }
    ++t.graded_non_equivalent;
    switch (first.verdict) {
      case oracle_faults::Verdict::Undetected: ++t.undetected; t.undetected_index.push_back(k); break;
      case oracle_faults::Verdict::DetectedByHandWritten: ++t.by_hand; break;
      case oracle_faults::Verdict::DetectedByGeneratedOnly: ++t.generated_only; break;
      case oracle_faults::Verdict::Crashed: ++t.crashed; break;
      case oracle_faults::Verdict::Hung: ++t.hung; break;
    }
    int detections = 0;
    for (const auto& v : verdicts[k].per_seed) detections += detected(v.verdict);
    if (detections * 100 >= 95 * o.seeds) ++t.at_95;
    if (o.seeds > 1 && detections > 0 && detections < o.seeds) t.flaky.push_back(fmt::format("{}/{} seeds  {}", detections, o.seeds, describe(m)));
  }
  return t;
}

/// One line per undetected fault, with what --probe found first differs from the oracle when it was
/// asked for.
std::vector<std::string> describe_undetected(const std::vector<oracle_faults::OracleFault>& faults, const Tally& t,
                                             const uirgrade::LoadedWeek& week, const Options& o) {
  std::map<int, oracle_faults::ProbeResult> probed;
  if (o.probe > 0 && !t.undetected_index.empty()) {
    oracle_faults::SeedTests corpus = oracle_faults::make_seed_tests(
        week.tests, o.week, {{"valid", o.probe - o.probe / 2}, {"invalid", o.probe / 2}}, o.seed, o.limits.jobs);
    std::vector<int> undetected_ids;
    for (size_t k : t.undetected_index) undetected_ids.push_back(faults[k].id);
    for (const auto& r : oracle_faults::probe_faults(undetected_ids, corpus, o.limits)) probed[r.id] = r;
  }
  std::vector<std::string> undetected;
  for (size_t k : t.undetected_index) {
    std::string line = describe(faults[k]);
    if (auto it = probed.find(faults[k].id); it != probed.end())
      line += fmt::format("  probe: {}{}", difference_name(it->second.difference),
                          it->second.program.empty() ? "" : " (" + it->second.program + ")");
    undetected.push_back(line + "\n      " + faults[k].source_line);
  }
  return undetected;
}

/// How long each phase took, in seconds since the start.
struct Timings {
  double setup = 0, grading = 0, total = 0;
};

void print_report(const Faults& faults, const std::vector<oracle_faults::SeedTests>& seeds, const Tally& t,
                  const oracle_faults::ManySeedsCount& seed_count, const std::vector<std::string>& undetected,
                  const Timings& time, const Options& o) {
  int non_equivalent = static_cast<int>(faults.chosen.size()) - t.equivalent;
  int detected_count = non_equivalent - t.undetected;
  std::cout << fmt::format("Oracle fault analysis: week {}, seed {}{}, {} hand-written + {} generated tests\n",
                           o.week, o.seed, o.seeds > 1 ? fmt::format(" (and {} more seeds)", o.seeds - 1) : "",
                           seeds[0].hand_written, seeds[0].tests.size() - seeds[0].hand_written);
  std::cout << fmt::format("{} faults graded{}; {} recorded equivalent\n", faults.chosen.size(),
                           o.sample ? fmt::format(" (a sample, --sample {} --sample-seed {})", o.sample, o.sample_seed) : "",
                           t.equivalent);
  std::cout << fmt::format("detected {} of {} non-equivalent: {:.1f}%  (by a hand-written test {}, only by generated "
                           "tests {}, crashed {}, hung {})\n",
                           detected_count, non_equivalent, non_equivalent ? 100.0 * detected_count / non_equivalent : 100.0,
                           t.by_hand, t.generated_only, t.crashed, t.hung);
  if (o.seeds > 1) {
    std::cout << fmt::format("detected at >= 95% of {} seeds: {} of {} non-equivalent ({:.1f}%)\n", o.seeds, t.at_95,
                             t.graded_non_equivalent,
                             t.graded_non_equivalent ? 100.0 * t.at_95 / t.graded_non_equivalent : 100.0);
    std::cout << fmt::format("  ({} faults detected at the first seed by a hand-written test whose expectation is the same "
                             "at every seed, so at every seed; {} graded at every seed)\n",
                             seed_count.detected_on_an_invariant_test, seed_count.graded_at_every_seed);
    std::cout << fmt::format("\nDETECTED AT SOME SEEDS ONLY ({}):\n", t.flaky.size());
    for (const auto& line : t.flaky) std::cout << "  " << line << "\n";
  }
  std::cout << fmt::format("\nUNDETECTED ({}):\n", undetected.size());
  for (const auto& line : undetected) std::cout << "  " << line << "\n";
  std::cout << fmt::format("\nEQUIVALENT, recorded in {} ({}):\n", o.equivalents, t.equivalents.size());
  for (const auto& line : t.equivalents) std::cout << "  " << line << "\n";
  if (!faults.stale.empty()) {
    std::cout << fmt::format("\nSTALE entries of the equivalents record (they match no fault) ({}):\n",
                             faults.stale.size());
    for (const auto& e : faults.stale)
      std::cout << fmt::format("  {}:{}: {} {} `{}`\n", o.equivalents, e.record_line, e.file, e.op, e.original);
  }
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  auto cpu = [](const rusage& r) { return r.ru_utime.tv_sec + r.ru_stime.tv_sec + 1e-6 * (r.ru_utime.tv_usec + r.ru_stime.tv_usec); };
  std::cout << fmt::format("\n{:.1f} s wall ({:.1f} s making the tests and the oracle's expectations, {:.1f} s grading{}), "
                           "{:.1f} s CPU, {} processes at a time\n",
                           time.total, time.setup, time.grading - time.setup, o.probe > 0 ? ", the rest probing" : "",
                           cpu(self) + cpu(children), o.limits.jobs);
}

/// --tsv: one line per fault and seed; false (said on stderr) when the file cannot be written.
bool write_tsv(const std::vector<oracle_faults::OracleFault>& faults,
               const std::vector<oracle_faults::FaultVerdicts>& verdicts,
               const std::vector<oracle_faults::SeedTests>& seeds, const Options& o) {
  std::ofstream out(o.tsv);
  out << "# id\tfile\tline\tfunction\toperator\toriginal\tfaulty\tseed\tverdict\tdetected by\tequivalent because\n";
  for (size_t k = 0; k < faults.size(); ++k)
    for (size_t s = 0; s < verdicts[k].per_seed.size(); ++s) {
      const auto& m = faults[k];
      const auto& v = verdicts[k].per_seed[s];
      out << fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", m.id, m.file, m.line, m.function, m.op,
                         m.original, m.faulty,
                         seeds[s].seed, verdict_name(v.verdict), v.detected_by, m.equivalent_because);
    }
  if (!out) {
    std::cerr << "oracle-fault-analysis: cannot write " << o.tsv << "\n";
    return false;
  }
  return true;
}

int run(const Options& o) {
  auto start = std::chrono::steady_clock::now();
  auto since_start = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::optional<Faults> faults = load_faults(o);
  if (!faults) return 2;
  if (o.list) {
    for (const auto& m : faults->chosen) std::cout << describe(m) << "\n";
    return 0;
  }
  auto loaded = uirgrade::load_week(o.suites, o.week);
  if (auto* error = std::get_if<uirgrade::SuiteError>(&loaded)) {
    std::cerr << uirgrade::format_suite_error(*error) << "\n";
    return 2;
  }
  const auto& week = std::get<uirgrade::LoadedWeek>(loaded);
  std::vector<oracle_faults::SeedTests> seeds = make_seeds(week, o);
  Timings time;
  time.setup = since_start();
  if (!schemata_are_the_oracle(seeds, o)) return 2;
  oracle_faults::ManySeedsCount seed_count;
  std::vector<oracle_faults::FaultVerdicts> verdicts = grade(faults->chosen, seeds, o, &seed_count);
  time.grading = since_start();
  Tally tally = count_verdicts(faults->chosen, verdicts, o);
  std::vector<std::string> undetected = describe_undetected(faults->chosen, tally, week, o);
  time.total = since_start();
  print_report(*faults, seeds, tally, seed_count, undetected, time, o);
  if (!o.tsv.empty() && !write_tsv(faults->chosen, verdicts, seeds, o)) return 2;
  bool all_detected = tally.undetected == 0 && (o.seeds == 1 || tally.flaky.empty());
  return all_detected ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::optional<Options> options = parse_options(argc, argv);
    return run(*options);
  } catch (const std::exception& e) {
    std::cerr << "oracle-fault-analysis: " << e.what() << "\n";
    return 2;
  }
}
