// Linearizer benchmark: programs of 1k, 10k, 100k and 1M statements with hundreds of loops, then 100k
// statements with 30 to 3000 loops. Prints parse+validate and linearize CPU times (best of 3) and the
// growth ratio from the previous row: about 10x per 10x statements means no quadratic step.
//
// Each block is the book's sub_rowsum (three loops: a row loop with a reduce loop and an output loop
// as siblings, the output range declared first), padded with value chains inside both inner loops.
// All blocks are siblings at the top level, so the top place holds hundreds of loops and the book's
// step 2 (a scan of every pending statement at each loop it opens) would cost loops x statements.
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "bench/thread_cpu_time.h"
#include "oracle/linearize.h"
#include "oracle/parse.h"
#include "oracle/validate.h"

namespace {

/// One block `g` with `pad` extra statements in each inner loop: 30 + 2 * pad statements.
void append_block(std::string* out, int g, int pad) {
  auto line = [&](std::string_view fmt_text, auto... args) {
    *out += fmt::format(fmt::runtime(fmt_text), args...);
    *out += '\n';
  };
  line("%X{0} = alloc 64 dtype=f32", g);
  line("%O{0} = alloc 64 dtype=f32", g);
  line("%acc{0} = alloc 8 dtype=f32", g);
  line("%i{0} = range 8", g);
  line("%j{0} = range 8", g);
  line("%k{0} = range 8", g);
  line("%iM{0} = mul %i{0} 8", g);
  line("%a{0} = shrink %acc{0} %i{0} shape=[]", g);
  line("%reset{0} = store %a{0} 0.0", g);
  line("%acc1_{0} = after %acc{0} %reset{0}", g);
  line("%a1_{0} = shrink %acc1_{0} %i{0} shape=[]", g);
  line("%cur{0} = load %a1_{0}", g);
  line("%xo{0} = add %iM{0} %k{0}", g);
  line("%xv{0} = shrink %X{0} %xo{0} shape=[]", g);
  line("%p{0}_0 = load %xv{0}", g);
  for (int k = 1; k <= pad; ++k) line("%p{0}_{1} = mul %p{0}_{2} 1.5", g, k, k - 1);
  line("%sum{0} = add %cur{0} %p{0}_{1}", g, pad);
  line("%upd{0} = store %a1_{0} %sum{0}", g);
  line("%ek{0} = end %upd{0} %k{0}", g);
  line("%acc2_{0} = after %acc1_{0} %ek{0}", g);
  line("%a2_{0} = shrink %acc2_{0} %i{0} shape=[]", g);
  line("%tot{0} = load %a2_{0}", g);
  line("%yo{0} = add %iM{0} %j{0}", g);
  line("%yv{0} = shrink %X{0} %yo{0} shape=[]", g);
  line("%q{0}_0 = load %yv{0}", g);
  for (int k = 1; k <= pad; ++k) line("%q{0}_{1} = add %q{0}_{2} 0.5", g, k, k - 1);
  line("%d{0} = add %q{0}_{1} %tot{0}", g, pad);
  line("%ov{0} = shrink %O{0} %yo{0} shape=[]", g);
  line("%st{0} = store %ov{0} %d{0}", g);
  line("%ej{0} = end %st{0} %j{0}", g);
  line("%ei{0} = end %ej{0} %i{0}", g);
  line("%O1_{0} = after %O{0} %ei{0}", g);
}

struct Row {
  size_t statements;
  int loops;
  double validate_s;
  double linearize_s;
};

Row measure(int blocks, int pad) {
  std::string text;
  for (int g = 0; g < blocks; ++g) append_block(&text, g, pad);
  Row row{0, 3 * blocks, 1e9, 1e9};
  for (int rep = 0; rep < 3; ++rep) {
    double start = thread_cpu_seconds();
    uir::ParseResult parsed = uir::parse("bench.uir", text);
    std::optional<uir::Error> error = uir::validate(parsed.program, parsed.error);
    row.validate_s = std::min(row.validate_s, thread_cpu_seconds() - start);
    if (error) {
      std::fprintf(stderr, "%s\n", uir::format_error(parsed.program, *error).c_str());
      std::exit(1);
    }
    uir::Linear linear;
    start = thread_cpu_seconds();
    error = uir::linearize(parsed.program, &linear);
    row.linearize_s = std::min(row.linearize_s, thread_cpu_seconds() - start);
    if (error) {
      std::fprintf(stderr, "%s\n", uir::format_error(parsed.program, *error).c_str());
      std::exit(1);
    }
    row.statements = parsed.program.stmts.size();
  }
  return row;
}

void print_table(const char* title, const std::vector<std::pair<int, int>>& shapes) {
  std::printf("%s\n%10s %7s %14s %14s %10s\n", title, "statements", "loops", "parse+valid ms", "linearize ms",
              "lin growth");
  double previous = 0;
  for (auto [blocks, pad] : shapes) {
    Row row = measure(blocks, pad);
    std::printf("%10zu %7d %14.2f %14.2f %10s\n", row.statements, row.loops, row.validate_s * 1e3,
                row.linearize_s * 1e3, previous > 0 ? fmt::format("{:.1f}x", row.linearize_s / previous).c_str() : "");
    previous = row.linearize_s;
  }
  std::printf("\n");
}

}  // namespace

int main() {
  // Statements x10 per row, loops in the hundreds. Between 10k and 100k the program outgrows the
  // caches (a Stmt with its strings is a few hundred bytes), so that step costs more than 10x; the
  // 1M row shows the growth is linear again past that.
  print_table("statements grow (hundreds of sibling loops at the top):",
              {{33, 0}, {100, 35}, {300, 152}, {300, 1652}});
  // 100k statements, loops x10 per row: linearize time should stay about flat.
  print_table("loops grow (100k statements):", {{10, 4985}, {100, 485}, {1000, 35}});
  return 0;
}
