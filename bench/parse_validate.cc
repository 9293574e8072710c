// Parse and validate times for generated programs of about 1k, 10k, 100k, 200k and 1M statements,
// with the growth ratio between sizes (linear code shows ~10x per step, 2x from 100k to 200k) and
// the per-statement cost at 1M over that at 10k (linear: 1.0). Two shapes:
//   mixed: repeated blocks with a function, a call, a 2-deep loop nest over an alloc, an after, a
//          load and an assert, and an accumulator loop (the lessons' patterns);
//   chain: one loop whose body is a single long chain of store/after versions of one buffer, the
//          worst case for E-AFTER-NO-STORE's walk over the loop body.
// Each figure is the best of several runs: `repetitions` (default 3) at 100k statements and above,
// proportionally more below (30 at 10k), so that a small size, which a busy machine disturbs as
// easily, gets as many chances as its cost allows; this can only make the ratios look worse.
// Run by hand: build/bench_parse_validate [repetitions [only-size]]; an only-size (e.g. 1000000) runs
// that size alone, for `perf stat` / `perf record` of one size. Targets: 100k statements in under 0.5 s; per-statement cost at 1M within 1.5x of 10k.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "bench/thread_cpu_time.h"
#include "oracle/parse.h"
#include "oracle/validate.h"

namespace {

/// About 27 statements per block (a function every block, so ~1 function per 27 statements).
std::string mixed_program(int statements) {
  std::string text;
  int count = 0;
  for (int k = 0; count < statements; ++k) {
    text += fmt::format(
        "func @f_{0}(%x: i32) -> i32 {{\n"
        "  %y = mul %x 3\n"
        "  %z = add %y 1\n"
        "  ret %z\n"
        "}}\n"
        "%a_{0} = alloc 64 dtype=i32\n"
        "%n_{0} = call @f_{0} 21\n"  // constant 64
        "%i_{0} = range 8\n"
        "%j_{0} = range %n_{0}\n"
        "%m_{0} = mod %j_{0} 8\n"
        "%ik_{0} = mul %i_{0} 8\n"
        "%o_{0} = add %ik_{0} %m_{0}\n"
        "%v_{0} = shrink %a_{0} %o_{0} shape=[]\n"
        "%s_{0} = store %v_{0} %o_{0}\n"
        "%ej_{0} = end %s_{0} %j_{0}\n"
        "%ei_{0} = end %ej_{0} %i_{0}\n"
        "%a1_{0} = after %a_{0} %ei_{0}\n"
        "%w_{0} = shrink %a1_{0} 3 shape=[]\n"
        "%x_{0} = load %w_{0}\n"
        "%c_{0} = cmplt %x_{0} 100\n"
        "assert %c_{0}\n"
        "%acc_{0} = alloc 1 dtype=f32\n"
        "%k_{0} = range 16\n"
        "%va_{0} = shrink %acc_{0} 0 shape=[]\n"
        "%cur_{0} = load %va_{0}\n"
        "%kf_{0} = cast %k_{0} dtype=f32\n"
        "%sum_{0} = add %cur_{0} %kf_{0}\n"
        "%st_{0} = store %va_{0} %sum_{0}\n"
        "%ek_{0} = end %st_{0} %k_{0}\n"
        "%acc1_{0} = after %acc_{0} %ek_{0}\n",
        k);
    count += 27;
  }
  return text;
}

/// One loop over a buffer of `statements / 3` elements; each iteration writes every element in
/// turn, each store into the version the previous store's after made (3 statements per element).
std::string chain_program(int statements) {
  int elements = std::max(1, statements / 3);
  std::string text = fmt::format("%b = buffer {} dtype=i32 slot=0\n%i = range 2\n", elements);
  std::string version = "%b";
  for (int e = 0; e < elements; ++e) {
    text += fmt::format("%v{0} = shrink {1} {0} shape=[]\n%s{0} = store %v{0} %i\n", e, version);
    if (e + 1 < elements) {
      text += fmt::format("%m{0} = after {1} %s{0}\n", e, version);
      version = fmt::format("%m{}", e);
    }
  }
  text += fmt::format("%e = end %s{} %i\n%b1 = after %b %e\n", elements - 1);
  return text;
}

struct Timing {
  size_t statements = 0;
  double parse = 0;
  double validate = 0;
};

/// The best of `repetitions` runs (the least disturbed by other work on the machine).
Timing measure(const std::string& text, int repetitions) {
  Timing best{0, 1e9, 1e9};
  for (int r = 0; r < repetitions; ++r) {
    double start = thread_cpu_seconds();
    uir::ParseResult parsed = uir::parse("bench.uir", text);
    double parse = thread_cpu_seconds() - start;
    start = thread_cpu_seconds();
    std::optional<uir::Error> error = uir::validate(parsed.program, parsed.error);
    double validate = thread_cpu_seconds() - start;
    if (error) {
      std::fprintf(stderr, "generated program is invalid: %s\n",
                   uir::format_error(parsed.program, *error).c_str());
      std::exit(1);
    }
    best.statements = parsed.program.stmts.size();
    for (const uir::Function& f : parsed.program.funcs) best.statements += f.body.size();
    best.parse = std::min(best.parse, parse);
    best.validate = std::min(best.validate, validate);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  int only_size = argc > 2 ? std::atoi(argv[2]) : 0;
  std::printf("%-6s %10s %12s %14s %8s %8s\n", "shape", "statements", "parse cpu ms", "validate cpu ms", "parse x", "valid. x");
  for (auto [name, make] : {std::pair{"mixed", &mixed_program}, std::pair{"chain", &chain_program}}) {
    Timing previous;
    Timing at_10k;
    for (int size : {1000, 10000, 100000, 200000, 1000000}) {
      if (only_size && size != only_size) continue;
      Timing t = measure(make(size), repetitions * std::max(1, 100000 / size));
      std::string parse_ratio = previous.statements ? fmt::format("{:.1f}", t.parse / previous.parse) : "-";
      std::string validate_ratio = previous.statements ? fmt::format("{:.1f}", t.validate / previous.validate) : "-";
      std::printf("%-6s %10zu %12.2f %14.2f %8s %8s\n", name, t.statements, t.parse * 1e3, t.validate * 1e3,
                  parse_ratio.c_str(), validate_ratio.c_str());
      previous = t;
      if (size == 10000) at_10k = t;
    }
    if (only_size) continue;
    // The target (issue 11): per-statement cost at 1M within 1.5x of that at 10k.
    auto per_statement = [](const Timing& t) { return (t.parse + t.validate) / static_cast<double>(t.statements); };
    std::printf("%-6s per-statement cost, 1M / 10k: %.2f (parse %.2f, validate %.2f; linear is 1.0, target <= 1.5)\n",
                name, per_statement(previous) / per_statement(at_10k),
                (previous.parse / previous.statements) / (at_10k.parse / at_10k.statements),
                (previous.validate / previous.statements) / (at_10k.validate / at_10k.statements));
  }
  return 0;
}
