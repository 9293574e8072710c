// bench_generate: how fast the generators are, and how fast the fuzzer finds and minimises each bug
// planted into the linearizer. Run by hand; prints figures, asserts nothing.
//   bench_generate [programs]   (default 20000)
#include "generators/generate.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "generators/differential.h"
#include "generators/fuzz.h"
#include "oracle/oracle.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The size whose programs average about 30 statements in week 3.
constexpr int kSize = 60;

void bench_generation(int week, int programs) {
  size_t bytes = 0;  // used below, so that the loop is not optimised away
  Clock::time_point start = Clock::now();
  for (int k = 0; k < programs; ++k)
    bytes += uirgen::program_text(uirgen::sample_program(week, k + 1, kSize)).size();
  double generate_only = seconds_since(start);

  int invalid = 0;
  long statements = 0;
  start = Clock::now();
  for (int k = 0; k < programs; ++k) {
    std::string text = uirgen::program_text(uirgen::sample_program(week, k + 1, kSize));
    uir::Compiled compiled = uir::compile("bench.uir", text);
    invalid += compiled.error ? 1 : 0;
    statements += static_cast<long>(compiled.program.stmts.size());
  }
  double with_compile = seconds_since(start);
  std::printf(
      "week %d, size %d: %.1f statements and %zu bytes per program; generated+printed %8.0f programs/s; "
      "generated+printed+compiled %8.0f programs/s (one core); %d invalid\n",
      week, kSize, static_cast<double>(statements) / programs, bytes / programs, programs / generate_only,
      programs / with_compile, invalid);
}

void bench_planted_bug(const char* name, const uirgrade::Mutants& bugs, int searches) {
  for (int search = 0; search < searches; ++search) {
    Clock::time_point start = Clock::now();
    for (uint64_t k = 1; k <= 5000; ++k) {
      uint64_t seed = static_cast<uint64_t>(search) * 100000 + k;
      std::string text = uirgen::program_text(uirgen::sample_program(3, seed, kSize));
      auto still_fails = [&](const std::string& candidate) {
        uirgen::Outcome oracle = uirgen::run_program(candidate, seed);
        return !oracle.error && uirgen::outcomes_differ(oracle, uirgen::run_program(candidate, seed, bugs));
      };
      if (!still_fails(text)) continue;
      double find_seconds = seconds_since(start);
      uirgen::MinimizeStats stats;
      std::string small = uirgen::minimize_program(text, still_fails, uirgen::MinimizeLimits{}, &stats);
      std::printf(
          "%-36s search %d: found after %4llu programs in %.3f s; minimised %d -> %d statements in %.3f s "
          "(%d attempts, %d tree steps, %d reducer steps)\n",
          name, search, static_cast<unsigned long long>(k), find_seconds, uirgen::count_statements(text),
          uirgen::count_statements(small), stats.seconds, stats.attempts, stats.tree_steps,
          stats.reducer_steps);
      break;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int programs = argc > 1 ? std::atoi(argv[1]) : 20000;
  for (int week = 1; week <= 3; ++week) bench_generation(week, programs);
  uirgrade::Mutants loads = uirgrade::Mutants::of(uirgrade::Mutant::LoadsNeverMove);
  uirgrade::Mutants siblings = uirgrade::Mutants::of(uirgrade::Mutant::SubsetScope);
  bench_planted_bug("loads never move into loops", loads, 3);
  bench_planted_bug("sibling loops in declaration order", siblings, 3);
  return 0;
}
