// make_fuzz_tests: program seeds are derived from the run's seed and the test's index, so test n is
// the same whatever the counts of the others; sizes cycle so that a run mixes small and large
// programs. An invalid test whose label the oracle does not confirm is discarded and the next
// candidate seed is tried (bounded), so every invalid test's `# error:` is the oracle's.
#include "generators/fuzz.h"

#include <functional>

#include "generators/enumerate_shapes.h"
#include "generators/generate.h"
#include "generators/flaws.h"
#include "generators/probes.h"
#include "generators/case_file.h"
#include "generators/text_variation.h"
#include "oracle/oracle.h"
#include "oracle/seeded_random.h"

namespace uirgen {
namespace {

int size_for(int index) { return 20 + (index * 37) % 81; }  // 20..100

/// Half the programs are respelt (generators/text_variation.h) as spec §1 allows; a respelling the
/// oracle would judge differently (it should never happen) is dropped for the original.
std::string respelt(const std::string& text, uint64_t seed, const std::function<bool(const std::string&)>& same) {
  if (seed % 2 == 0) return text;
  std::string varied = vary_spelling(text, seed);
  return same(varied) ? varied : text;
}

/// The name of the next test appended to `tests`.
std::string next_name(const std::vector<uirgrade::TestCase>& tests) { return "fuzz/" + std::to_string(tests.size() + 1); }

void add_valid_tests(int week, int count, uint64_t seed, std::vector<uirgrade::TestCase>& tests) {
  for (int k = 0; k < count; ++k) {
    uint64_t program_seed = uir::derive_seed(seed, 1, k);
    // Every other program is a swarm program (a random subset of the constructs, limits.h).
    GenLimits limits;
    limits.swarm = k % 2 == 1;
    std::string text = program_text(sample_program(week, program_seed, size_for(k), limits));
    text = respelt(text, program_seed, [](const std::string& t) { return !uir::compile("gen.uir", t).error; });
    tests.push_back(make_valid_test(text, next_name(tests), "fuzz", week, program_seed, k % 4 == 3).test);
  }
}

void add_invalid_tests(int week, int count, uint64_t seed, FuzzStats* stats, std::vector<uirgrade::TestCase>& tests) {
  const auto& catalog = flaw_catalog();
  // Cycling through the catalog from a seed-dependent start: every rule comes up in a large run,
  // and small runs of different seeds break different rules.
  const uint64_t first_flaw = uir::derive_seed(seed, 3, 0) % catalog.size();
  for (int k = 0; k < count; ++k) {
    for (int attempt = 0; attempt < 50; ++attempt) {
      uint64_t program_seed = uir::derive_seed(seed, 2, static_cast<uint64_t>(k) * 64 + attempt);
      int flaw = static_cast<int>((first_flaw + k + attempt) % catalog.size());
      std::string valid = program_text(sample_program(week, program_seed, size_for(k)));
      Chooser chooser{rc::Random(program_seed)};
      std::optional<InvalidProgram> invalid = apply_flaw(valid, flaw, chooser);
      if (!invalid) continue;  // nothing in this program it applies to
      ++stats->flaws_applied[catalog[flaw].name];
      if (!oracle_agrees(*invalid)) {
        ++stats->flaws_discarded[catalog[flaw].name];
        continue;
      }
      invalid->text = respelt(invalid->text, program_seed, [&](const std::string& t) {
        return oracle_agrees(InvalidProgram{t, invalid->flaw, invalid->rule, invalid->line});
      });
      tests.push_back(make_invalid_test(*invalid, next_name(tests), "fuzz", week).test);
      break;
    }
  }
}

// Probes (generators/probes.h): near misses and invalid programs on the edge of one rule, and
// programs that break two. Appended to a small generated program; a probe the oracle does not
// confirm is discarded and the next candidate tried.
void add_probe_tests(int week, int count, uint64_t seed, FuzzStats* stats, std::vector<uirgrade::TestCase>& tests) {
  const uint64_t first_family = uir::derive_seed(seed, 5, 0);
  for (int k = 0; k < count; ++k) {
    for (int attempt = 0; attempt < 50; ++attempt) {
      uint64_t program_seed = uir::derive_seed(seed, 4, static_cast<uint64_t>(k) * 64 + attempt);
      Chooser chooser{rc::Random(program_seed)};
      int probe = draw_probe(chooser, week, k, first_family);
      if (probe < 0) break;
      std::string valid = program_text(sample_program(week, program_seed, size_for(k) / 3));
      std::optional<ProbeProgram> program = apply_probe(valid, probe, week, chooser);
      if (!program) continue;
      const std::string& clause = probe_catalog()[probe].clause;
      ++stats->probes_applied[clause];
      if (!probe_confirmed(*program)) {
        ++stats->probes_discarded[clause];
        continue;
      }
      program->text = respelt(program->text, program_seed, [&](const std::string& t) {
        return probe_confirmed(ProbeProgram{t, program->probe, program->rule, program->line});
      });
      if (program->rule) {
        InvalidProgram invalid{program->text, -1, *program->rule, program->line};
        tests.push_back(make_invalid_test(invalid, next_name(tests), "fuzz", week).test);
      } else {
        tests.push_back(make_valid_test(program->text, next_name(tests), "fuzz", week, program_seed, k % 4 == 3).test);
      }
      break;
    }
  }
}

// Enumerated skeletons (generators/enumerate_shapes.h): programs chosen so that every structural
// cell of week 3 (testcase/shapes.h) is hit twice, as the oracle judges them.
void add_shape_tests(int week, int count, uint64_t seed, std::vector<uirgrade::TestCase>& tests) {
  if (count <= 0) return;
  ShapeEnumeration shapes = enumerate_shape_programs(seed, count);
  for (size_t k = 0; k < shapes.kept.size(); ++k) {
    const ShapeProgram& p = shapes.kept[k];
    if (p.rule) {
      tests.push_back(make_invalid_test(InvalidProgram{p.text, -1, *p.rule, p.line}, next_name(tests), "fuzz", week).test);
    } else {
      uint64_t data_seed = uir::derive_seed(seed, 6, k);
      tests.push_back(make_valid_test(p.text, next_name(tests), "fuzz", week, data_seed, k % 4 == 3).test);
    }
  }
}

}  // namespace

std::vector<uirgrade::TestCase> make_fuzz_tests(int week, const std::map<std::string, int>& counts_by_kind,
                                                uint64_t seed, FuzzStats* stats) {
  std::vector<uirgrade::TestCase> tests;
  FuzzStats local_stats;
  if (!stats) stats = &local_stats;
  auto count_of = [&](const char* kind) {
    auto it = counts_by_kind.find(kind);
    return it == counts_by_kind.end() ? 0 : it->second;
  };
  add_valid_tests(week, count_of("valid"), seed, tests);
  add_invalid_tests(week, count_of("invalid"), seed, stats, tests);
  add_probe_tests(week, count_of("probe"), seed, stats, tests);
  add_shape_tests(week, count_of("shape"), seed, tests);
  return tests;
}

}  // namespace uirgen
