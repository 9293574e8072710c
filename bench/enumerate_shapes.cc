// bench_enumerate_shapes: what the structural enumeration of week 3 costs and keeps, seed by seed
// (generators/enumerate_shapes.h), and what a week's generated tests cost to make with and without
// it. Run by hand; prints figures, asserts nothing.
//   bench_enumerate_shapes [seeds]   (default 10)
#include "generators/enumerate_shapes.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "generators/fuzz.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

int main(int argc, char** argv) {
  int seeds = argc > 1 ? std::atoi(argv[1]) : 10;
  std::printf("%-6s %8s %10s %8s %8s %9s\n", "seed", "kept", "walked", "invalid", "short", "seconds");
  for (int seed = 1; seed <= seeds; ++seed) {
    Clock::time_point start = Clock::now();
    uirgen::ShapeEnumeration e = uirgen::enumerate_shape_programs(seed, 1000);
    double s = seconds_since(start);
    int invalid = 0, short_cells = 0;
    for (const uirgen::ShapeProgram& p : e.kept) invalid += p.rule ? 1 : 0;
    for (const auto& [cell, hits] : e.hits) short_cells += hits < 2 ? 1 : 0;
    std::printf("%-6d %8zu %7d/%d %8d %8d %9.3f\n", seed, e.kept.size(), e.walked, e.skeletons, invalid, short_cells, s);
  }
  // Making a week's generated tests (the oracle's expectations included), before and after.
  for (const auto& [what, counts] :
       {std::pair<const char*, std::map<std::string, int>>{"before: valid 20, invalid 10, probe 40",
                                                           {{"valid", 20}, {"invalid", 10}, {"probe", 40}}},
        {"after: valid 12, invalid 6, probe 28, shape 80", {{"valid", 12}, {"invalid", 6}, {"probe", 28}, {"shape", 80}}}}) {
    Clock::time_point start = Clock::now();
    size_t tests = uirgen::make_fuzz_tests(3, counts, 1).size();
    std::printf("make_fuzz_tests, week 3, seed 1, %s: %zu tests in %.2f s\n", what, tests, seconds_since(start));
  }
  return 0;
}
