// The runner against the rendered C on GEMM (64^3 and 128^3): how many times slower interpreting
// the linear list is than the same kernel compiled with `cc -O2 -ffp-contract=off`. Run by hand:
//   build/bench_interpreter_vs_c
// Both sides run the kernel several times and keep the fastest run, in thread CPU time. The runner's time includes
// translating the linear list to its instruction array (it does that on every call); the C side
// times kernel() alone, called from a small timing main.
#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "bench/thread_cpu_time.h"
#include "oracle/c_toolchain_testing.h"
#include "oracle/gemm_program.h"
#include "oracle/oracle.h"

namespace {

constexpr int kRepetitions = 10;

// Fills every buffer with small values, calls kernel kRepetitions times and prints the fastest
// call in nanoseconds.
std::string timing_main(const std::vector<uir::SlotSpec>& specs) {
  std::string declare, fill, args;
  for (size_t s = 0; s < specs.size(); ++s) {
    declare += fmt::format("static float buffer{}[{}];\n", s, specs[s].length);
    fill += fmt::format("  for (long k = 0; k < {0}; ++k) buffer{1}[k] = (float)(k % 7) * 0.25f;\n", specs[s].length, s);
    args += fmt::format("{}buffer{}", s ? ", " : "", s);
  }
  return fmt::format(R"(#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <time.h>
{declare}int32_t kernel(float *, float *, float *);
static double now_ns(void) {{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}}
int main(void) {{
{fill}  double best = 1e30;
  for (int r = 0; r < {reps}; ++r) {{
    double start = now_ns();
    kernel({args});
    double took = now_ns() - start;
    if (took < best) best = took;
  }}
  printf("%.0f\n", best);
  return 0;
}}
)",
                     fmt::arg("declare", declare), fmt::arg("fill", fill), fmt::arg("args", args),
                     fmt::arg("reps", kRepetitions));
}

double interpreter_ns(const uir::Compiled& compiled) {
  std::vector<uir::SlotData> in = uir::testing::random_slot_data(uir::slot_specs(compiled.program), 1);
  double best = 1e30;
  for (int r = 0; r < kRepetitions; ++r) {
    double start = thread_cpu_seconds();
    uir::RunResult result = uir::run(compiled, in);
    best = std::min(best, (thread_cpu_seconds() - start) * 1e9);
  }
  return best;
}

double compiled_c_ns(const uir::Compiled& compiled) {
  uir::testing::ScratchDir dir("bench");
  uir::testing::CBinary binary = uir::testing::build_c(dir.path(), uir::render_c(compiled),
                                                       timing_main(uir::slot_specs(compiled.program)),
                                                       "-std=c11 -O2 -ffp-contract=off");
  if (!binary.built) {
    std::fprintf(stderr, "the rendered C does not build:\n%s\n", binary.compiler_output.c_str());
    return 0;
  }
  return std::stod(uir::testing::run_c(binary, "").out);
}

}  // namespace

int main() {
  std::printf("%-10s %14s %14s %8s\n", "gemm", "runner ms", "C -O2 ms", "ratio");
  for (int n : {64, 128}) {
    uir::Compiled compiled = uir::compile("gemm.uir", uir::gemm_program(n, n, n));
    if (compiled.error) {
      std::fprintf(stderr, "%s\n", uir::format_error(compiled.program, *compiled.error).c_str());
      return 1;
    }
    double runner = interpreter_ns(compiled), c = compiled_c_ns(compiled);
    std::printf("%-10s %14.3f %14.3f %7.1fx\n", fmt::format("{0}^3", n).c_str(), runner / 1e6, c / 1e6,
                c > 0 ? runner / c : 0.0);
  }
  return 0;
}
