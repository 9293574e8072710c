// bench_render_checks: the grader's own time and peak memory on a render's C, per byte of the C, for
// renders of 1 KiB to 16 MiB (issue 39: every step the grader takes on student output is bounded).
// What is measured is what grade does with a render's stdout in-process: the checks on the text
// (find_forbidden_construct: the bytes of spec §6.2, the pure-kernel rules, recursion) and the
// checks on what gcc made of it (find_forbidden_in_compiled: the preprocessed unit and the call
// graph; both made here as gcc writes them, so that no compiler runs). Beyond 1 MiB the grader keeps
// only 1 MiB of stdout (the capture's cap) and refuses it; the bench hands the checks the whole text
// anyway, to show that they stop at the size.
//
// Shapes of C (each valid-looking and rule-abiding, unless said):
//   honest     a kernel of N statements, one per line, as a renderer writes them
//   parens     one line of `(*` (issue 39's long line of a harmless token pattern: each `(*` used to
//              look for its `)`, to the end of the file)
//   nested     one line of `x[(` ... `)]` brackets nested N deep
//   helpers    a chain of small static helpers, each calling the next (valid C with full marks; one
//              search per function used to cost n^2)
//
// Each figure comes from a child process (fork) that runs the checks once: its time, and its peak
// resident memory above a child that runs nothing. A run longer than --limit seconds is stopped.
//   bench_render_checks [--limit S] [--max-mib M] [--shapes honest,parens,...]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "grader/render/call_graph.h"
#include "grader/render/render_check.h"
#include "base/comma_list.h"

namespace {

using namespace uirgrade;
using Clock = std::chrono::steady_clock;

struct Render {
  std::string c, preprocessed, call_graph;
};

std::string vcg_node(const std::string& name, int line) {
  return fmt::format("node: {{ title: \"kernel.c:{0}\" label: \"{0}\\nkernel.c:{1}:16\" }}\n", name, line);
}
std::string vcg_edge(const std::string& from, const std::string& to, int line) {
  return fmt::format("edge: {{ sourcename: \"kernel.c:{}\" targetname: \"kernel.c:{}\" label: \"kernel.c:{}:40\" }}\n",
                     from, to, line);
}

/// A render of a little under `target` bytes (so that 1 MiB is still read whole).
Render make_render(const std::string& shape, size_t target) {
  const size_t bytes = target - std::min<size_t>(target / 8, 256);
  Render r;
  std::string& c = r.c;
  c = "#include <stdint.h>\n";
  r.call_graph = "graph: { title: \"kernel.c\"\n";
  if (shape == "honest") {
    c += "int32_t kernel(int32_t *data0) {\n";
    for (int k = 0; c.size() < bytes; ++k)
      c += fmt::format("  data0[{}] = data0[{}] * 3 + {};\n", k % 64, (k * 7) % 64, k % 1000);
    c += "  return 0;\n}\n";
  } else if (shape == "parens") {
    c += "int32_t kernel(int32_t *data0) {\n  int32_t x = 0;\n  ";
    while (c.size() < bytes) c += "(*";
    c += "\n  return x;\n}\n";
  } else if (shape == "nested") {
    c += "int32_t kernel(int32_t *data0) {\n  int32_t x = ";
    size_t depth = (bytes - 80) / 12;
    for (size_t k = 0; k < depth; ++k) c += "data0[(";
    c += "0";
    for (size_t k = 0; k < depth; ++k) c += ")&63]";
    c += ";\n  return x;\n}\n";
  } else if (shape == "helpers") {
    c += "static int32_t h0(int32_t x) { return x; }\n";
    r.call_graph += vcg_node("h0", 2);
    int k = 1;
    for (; c.size() < bytes; ++k) {
      const int line = k + 2;
      c += fmt::format("static int32_t h{}(int32_t x) {{ return h{}(x) + 1; }}\n", k, k - 1);
      r.call_graph += vcg_node("h" + std::to_string(k), line) +
                      vcg_edge("h" + std::to_string(k), "h" + std::to_string(k - 1), line);
    }
    c += fmt::format("int32_t kernel(int32_t *data0) {{ data0[0] = h{}(data0[0]); return 0; }}\n", k - 1);
    r.call_graph += fmt::format("node: {{ title: \"kernel\" label: \"kernel\\nkernel.c:{}:9\" }}\n", k + 2) +
                    fmt::format("edge: {{ sourcename: \"kernel\" targetname: \"kernel.c:h{}\" label: \"kernel.c:{}:40\" }}\n",
                                k - 1, k + 2);
  }
  r.call_graph += "}\n";
  // As gcc -E writes the unit: the header's lines (marked as a system header's), then the file's.
  r.preprocessed = "# 0 \"kernel.c\"\n# 1 \"/usr/include/stdint.h\" 1 3 4\ntypedef int int32_t;\n# 2 \"kernel.c\" 2\n" +
                   c.substr(c.find('\n') + 1);
  return r;
}

struct Figure {
  bool finished = false;
  double seconds = 0;      // wall time of the checks
  double cpu_seconds = 0;  // the child's CPU time, set-up included (on a loaded machine, the steadier figure)
  long peak_kib = 0;       // the child's peak resident set
};

/// Runs `work` in a child; stops it after `limit` seconds.
template <class Work>
Figure in_child(Work work, double limit) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) std::abort();
  pid_t pid = fork();
  if (pid == 0) {
    close(pipe_fds[0]);
    const auto start = Clock::now();
    work();
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (write(pipe_fds[1], &seconds, sizeof seconds) != sizeof seconds) _exit(1);
    _exit(0);
  }
  close(pipe_fds[1]);
  Figure figure;
  const auto deadline = Clock::now() + std::chrono::duration<double>(limit);
  int status = 0;
  struct rusage usage {};
  while (wait4(pid, &status, WNOHANG, &usage) == 0) {
    if (Clock::now() > deadline) {
      kill(pid, SIGKILL);
      wait4(pid, &status, 0, &usage);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  figure.finished = WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
                    read(pipe_fds[0], &figure.seconds, sizeof figure.seconds) == sizeof figure.seconds;
  close(pipe_fds[0]);
  figure.peak_kib = usage.ru_maxrss;
  figure.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                       static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  return figure;
}

}  // namespace

int main(int argc, char** argv) {
  double limit = 60;
  size_t max_mib = 16;
  std::vector<std::string> shapes = {"honest", "parens", "nested", "helpers"};
  for (int k = 1; k < argc; ++k) {
    std::string arg = argv[k];
    if (arg == "--limit" && k + 1 < argc) limit = std::atof(argv[++k]);
    else if (arg == "--max-mib" && k + 1 < argc) max_mib = std::strtoul(argv[++k], nullptr, 10);
    else if (arg == "--shapes" && k + 1 < argc) shapes = uirgrade::split_commas(argv[++k]);
    else {
      std::fprintf(stderr, "usage: bench_render_checks [--limit S] [--max-mib M] [--shapes honest,parens,nested,helpers]\n");
      return 2;
    }
  }
  std::printf("%-8s %10s  %10s %10s %10s  %10s %12s\n", "shape", "bytes", "seconds", "cpu s", "cpu ns/B",
              "peak MiB", "extra B/byte");
  for (const std::string& shape : shapes) {
    for (size_t bytes = 1 << 10; bytes <= (max_mib << 20); bytes *= 4) {
      Render render = make_render(shape, bytes);
      const Figure idle = in_child([] {}, limit);
      const Figure checked = in_child(
          [&] {
            std::optional<ForbiddenConstruct> found = find_forbidden_construct(render.c);
            if (!found) found = find_forbidden_in_compiled(render.preprocessed, render.call_graph, render.c);
            if (found) std::fprintf(stderr, "  %s %zu: line %d: %.100s\n", shape.c_str(), bytes, found->line,
                                    found->what.c_str());
          },
          limit);
      const double extra = static_cast<double>(checked.peak_kib - idle.peak_kib) * 1024.0;
      const double cpu = checked.cpu_seconds - idle.cpu_seconds;
      if (checked.finished)
        std::printf("%-8s %10zu  %10.4f %10.4f %10.1f  %10.1f %12.1f\n", shape.c_str(), render.c.size(),
                    checked.seconds, cpu, cpu * 1e9 / static_cast<double>(render.c.size()), checked.peak_kib / 1024.0,
                    extra / static_cast<double>(render.c.size()));
      else
        std::printf("%-8s %10zu  %10s %10.4f %10s  %10.1f %12s  (stopped after %g s)\n", shape.c_str(),
                    render.c.size(), ">limit", cpu, "-", checked.peak_kib / 1024.0, "-", limit);
      std::fflush(stdout);
      if (!checked.finished) break;  // larger sizes only take longer
    }
  }
  return 0;
}
